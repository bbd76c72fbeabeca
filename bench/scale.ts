/**
 * `npm run bench:scale`: grows a PostgreSQL database of its own (`onboarding_scale` on the server of DATABASE_URL) to
 * SCALE_MERCHANTS generated merchants (default 1,000,000) made from the demo merchants, then starts the API on it and
 * measures every merchant and staff read call with a bounded load (10 connections, BENCH_SECONDS each, default 20),
 * one line per call: `<call> p50 X ms p95 Y ms p99 Z ms R req/s`; last, the merchant GET while two reviewers reload
 * the review queue. A second run only adds the merchants still missing. Not run by CI (README, "Scale bench").
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from '../server/app';
import { createSession } from '../server/auth/sessions';
import type { Database } from '../server/db/database';
import { demoStaff } from '../server/demo/seed';
import { merchantCalls, merchantGet, REVIEW_QUEUE_PATH, staffCalls, type SignedInOwner } from './scaleCalls';
import { SCALE_DATABASE, openScaleDatabase } from './scaleDatabase';
import { format, growScaleDatabase } from './scaleGenerator';
import { measureCall, measurementLine } from './scaleLoad';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:scale needs a PostgreSQL server: DATABASE_URL=postgres://... npm run bench:scale');
  process.exit(1);
}
const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
const TARGET = positive('SCALE_MERCHANTS', 1_000_000);
const SECONDS = positive('BENCH_SECONDS', 20);
const SAMPLE = 1_000;
const SESSION_SECONDS = 3 * 3600;
const REVIEWER_RELOAD_MS = 5_000;
const QUEUE_ENTITY = 'Private Limited';

const { db, created } = await openScaleDatabase(serverUrl);
console.log(`database ${SCALE_DATABASE}${created ? ' (created)' : ''}: growing to ${format(TARGET)} generated merchants`);
const growth = await growScaleDatabase(db, TARGET, (line) => console.log(`  ${line}`));
if (growth.added) {
  console.log(`generated ${format(growth.added)} merchants in ${growth.seconds.toFixed(0)} s (${((growth.seconds / growth.added) * 10_000).toFixed(1)} s per 10,000 merchants)`);
} else {
  console.log(`nothing to add: ${format(growth.merchants)} generated merchants already (${growth.seconds.toFixed(1)} s)`);
}
await printSizes(db);

const owners = await signInOwners(db, growth.merchants);
const reviewer = await signInReviewer(db);
const app = await build({ db, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0, authRateLimit: 100000 } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('bench:scale: the API listens on no port');
const origin = `http://127.0.0.1:${address.port}`;

try {
  const firstPage = await fetch(origin + REVIEW_QUEUE_PATH, { headers: { authorization: `Bearer ${reviewer}` } });
  if (!firstPage.ok) throw new Error(`review queue: ${firstPage.status} ${await firstPage.text()}`);
  const page: unknown = await firstPage.json();
  const next = typeof page === 'object' && page !== null && 'next' in page && typeof page.next === 'string' ? page.next : null;

  await measureCall(origin, merchantGet(owners), Math.min(SECONDS, 2)); // warm-up: connections opened, code compiled
  console.log(`\n${format(owners.length)} merchants' owners, 10 connections, ${SECONDS} s per call:`);
  for (const call of merchantCalls(owners)) console.log(measurementLine(call.name, await measureCall(origin, call, SECONDS)));
  console.log('\na reviewer:');
  for (const call of staffCalls(reviewer, owners, next, QUEUE_ENTITY)) console.log(measurementLine(call.name, await measureCall(origin, call, SECONDS)));

  console.log(`\nthe merchant GET alone, then while two reviewers reload the review queue (each every ${REVIEWER_RELOAD_MS / 1000} s):`);
  const get = merchantGet(owners);
  console.log(measurementLine('GET merchant', await measureCall(origin, get, SECONDS)));
  const reviewers = reloadQueue(origin, reviewer, 2);
  const beside = await measureCall(origin, get, SECONDS);
  const reloads = await reviewers.stop();
  console.log(measurementLine(`GET merchant while two reviewers reload the queue (${reloads.count} reloads, p50 ${reloads.p50.toFixed(0)} ms)`, beside));
} finally {
  await app.close();
  await db.query("delete from sessions where source = 'bench:scale'");
  await db.close();
}

/** Approximate row counts of the big tables (the statistics ANALYZE left) and the database's size. */
async function printSizes(database: Database): Promise<void> {
  const rows = await database.query<{ name: string; count: number }>(
    `select relname as name, greatest(reltuples, 0)::bigint::float8 as count from pg_class
      where relkind = 'r' and relname = any($1) order by relname`,
    [['merchants', 'users', 'memberships', 'sessions', 'kyc_documents', 'stored_files', 'addenda', 'merchant_events', 'ops_audit']],
  );
  const [size] = await database.query<{ size: string }>('select pg_size_pretty(pg_database_size(current_database())) as size');
  console.log(`rows (estimated): ${rows.map((row) => `${row.name} ${format(row.count)}`).join(', ')}; database ${size?.size}`);
}

/** Sessions (as sign-in makes them) for the owners of up to 1,000 random generated merchants. */
async function signInOwners(database: Database, generated: number): Promise<SignedInOwner[]> {
  const picks = Array.from({ length: Math.min(SAMPLE, generated) }, () => 1 + Math.floor(Math.random() * generated));
  const rows = await database.query<{ uuid: string; mid: string; pan: string | null; email: string; name: string; user_id: string }>(
    `select m.uuid, m.mid::text as mid, m.record ->> 'pancard_number' as pan, m.record ->> 'email' as email, m.record ->> 'name' as name, s.user_id
       from unnest($1::int[]) as i
       join merchants m on m.uuid = md5('scale-merchant-' || i)::uuid
       join memberships s on s.merchant_uuid = m.uuid and s.user_id = md5('scale-user-' || i)::uuid`,
    [picks],
  );
  const owners: SignedInOwner[] = [];
  for (const row of rows) {
    const { access_token } = await createSession(database, row.user_id, SESSION_SECONDS, 'bench:scale');
    owners.push({ merchantUuid: row.uuid, token: access_token, mid: row.mid, pan: row.pan, email: row.email, name: row.name });
  }
  if (!owners.length) throw new Error('bench:scale: no generated merchant to sign in as');
  return owners;
}

/** A session of the demo reviewer. */
async function signInReviewer(database: Database): Promise<string> {
  const email = demoStaff.find((staff) => staff.role === 'ops_reviewer')?.email;
  const [user] = await database.query<{ id: string }>('select id from users where email = $1', [email]);
  if (!user) throw new Error('bench:scale: the demo reviewer is missing');
  return (await createSession(database, user.id, SESSION_SECONDS, 'bench:scale')).access_token;
}

/** `reviewers` loops, each loading the review queue's first page, then waiting; `stop` ends them and tells their latency. */
function reloadQueue(base: string, token: string, reviewers: number): { stop: () => Promise<{ count: number; p50: number }> } {
  const stopping = new AbortController();
  const latencies: number[] = [];
  const loop = async () => {
    while (!stopping.signal.aborted) {
      const start = performance.now();
      const answer = await fetch(base + REVIEW_QUEUE_PATH, { headers: { authorization: `Bearer ${token}` } });
      await answer.arrayBuffer();
      latencies.push(performance.now() - start);
      await sleep(REVIEWER_RELOAD_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  };
  const loops = Array.from({ length: reviewers }, loop);
  return {
    stop: async () => {
      stopping.abort();
      await Promise.all(loops);
      latencies.sort((a, b) => a - b);
      return { count: latencies.length, p50: latencies[Math.floor(latencies.length / 2)] ?? Number.NaN };
    },
  };
}
