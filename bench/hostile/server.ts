/**
 * The server of `bench/hostileUploads.ts`, in a process of its own (so its event loop, memory and any crash are its
 * own): the API on a fresh PGlite data folder, or on a fresh schema of the PostgreSQL server of DATABASE_URL, with the
 * sandbox on. Prints `listening <port>` once it answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';

const url = process.env.DATABASE_URL || undefined;
const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'onboarding-bench-hostile-'));
const schema = `bench_hostile_${process.pid}`;
const db = await openDatabase(url ? { url, schema } : { dataDir });
await migrate(db);
const app = await build({ db, appDir: '/nonexistent/', config: { sandbox: true, logLevel: 'silent', authRateLimit: 100000, jobPollMs: 0 }, fileParser: { warm: true } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);

process.once('SIGTERM', async () => {
  await app.close();
  if (url) await db.exec(`drop schema if exists ${schema} cascade`);
  await db.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
