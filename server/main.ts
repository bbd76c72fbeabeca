import { mkdirSync } from 'node:fs';
import { configFromEnv, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { DEMO_PASSWORD, demoStaff, demoUsers, seedDemoData } from './demo/seed';
import { demoGroupUsers } from './demo/seedGroups';
import { loadSampleIfscDirectory } from './reference/ifscDirectory';
import { build } from './app';
import { RELEASED_OBJECTS_SWEEP_JOB } from './files/releasedObjects';
import { EXPIRED_ROW_SWEEP_JOB } from './jobs/expiredRowSweep';
import { FINISHED_JOB_SWEEP_JOB } from './jobs/finishedJobSweep';
import { enqueueRecurringJob } from './jobs/enqueueRecurringJob';

/** Stops the start with a message and no stack trace: a configuration problem, not a crash. */
function refuseToStart(error: unknown): never {
  console.error(`\nThe server did not start.\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

function banner(config: ServerConfig, seeded: boolean, ifscSampleBranches: number): string {
  const address = `http://localhost:${config.port}/app/onboarding`;
  const lines = [
    '',
    `Merchant onboarding is running: open ${address}`,
    `Database: ${config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `PGlite in ${config.dataDir}`}${seeded ? ' — demo data seeded' : ''}`,
    `Health: /healthz (process), /readyz (database and migrations)`,
  ];
  if (ifscSampleBranches) {
    lines.push(`IFSC directory: the sample of ${ifscSampleBranches} branches loaded; npm run ifsc:import -- IFSC.csv loads the full list`);
  }
  if (config.sandbox) {
    const rule = '!'.repeat(78);
    lines.push(
      '',
      rule,
      `!! SANDBOX MODE${config.production ? ' IN PRODUCTION' : ''}: PAN, GST, shop and CIN checks are simulated, OTPs and`,
      '!! notices go to the sandbox inbox, not to phones or mailboxes. Never use it with real merchants.',
      rule,
      '',
      'Sign in with any e-mail address or 10-digit mobile number and the OTP shown in the sandbox inbox:',
      `  http://localhost:${config.port}/sandbox/inbox`,
      `or as a demo merchant with the password ${DEMO_PASSWORD}:`,
      ...demoUsers.map((user) => `  ${user.email.padEnd(34)} ${user.entity.padEnd(20)} ${user.stage}`),
      ...demoGroupUsers.map((user) => `  ${user.email.padEnd(34)} ${user.stage}`),
      `or as operations staff, same password: the operations console at http://localhost:${config.port}/app/ops`,
      ...demoStaff.map((staff) => `  ${staff.email.padEnd(34)} ${staff.role}`),
    );
  }
  return lines.join('\n') + '\n';
}

let config: ServerConfig;
let db: Database;
try {
  config = configFromEnv();
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
} catch (error) {
  refuseToStart(error);
}
// The parse workers start with the server, so the first upload does not wait for them.
const app = await build({ db, config, fileParser: { warm: true } }).catch(async (error: unknown) => {
  await db.close();
  return refuseToStart(error);
});
await migrate(db);
// The sweeps run on the job queue, once for all processes: expired sessions and codes and finished jobs hourly, the
// objects of deleted files (only a bucket holds any) every minute.
await enqueueRecurringJob(db, EXPIRED_ROW_SWEEP_JOB, new Date());
await enqueueRecurringJob(db, FINISHED_JOB_SWEEP_JOB, new Date());
if (config.fileStore.kind === 's3') await enqueueRecurringJob(db, RELEASED_OBJECTS_SWEEP_JOB, new Date());
const ifscSampleBranches = await loadSampleIfscDirectory(db);
const seeded = config.sandbox ? await seedDemoData(db) : false;
await app.listen({ port: config.port, host: config.host });
console.log(banner(config, seeded, ifscSampleBranches));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
