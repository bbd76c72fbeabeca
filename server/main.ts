import { mkdirSync } from 'node:fs';
import { configFromEnv } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { DEMO_PASSWORD, demoUsers, seedDemoData } from './demo/seed';
import { build } from './app';

const config = configFromEnv();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const seeded = config.sandbox ? await seedDemoData(db) : false;
const app = await build({ db, config, logger: process.env.LOG_LEVEL !== 'silent' && config.production });
await app.listen({ port: config.port, host: config.host });

const address = `http://localhost:${config.port}/app/onboarding`;
const lines = [
  '',
  `Merchant onboarding is running: open ${address}`,
  `Database: ${config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `PGlite in ${config.dataDir}`}${seeded ? ' — demo data seeded' : ''}`,
];
if (config.sandbox) {
  lines.push(
    '',
    'Sign in with any e-mail address or 10-digit mobile number and the OTP shown in the sandbox inbox:',
    `  http://localhost:${config.port}/sandbox/inbox`,
    `or as a demo merchant with the password ${DEMO_PASSWORD}:`,
    ...demoUsers.map((user) => `  ${user.email.padEnd(34)} ${user.entity.padEnd(20)} ${user.stage}`),
  );
}
console.log(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
