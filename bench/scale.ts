/**
 * `npm run bench:scale`: grows a PostgreSQL database of its own (`onboarding_scale`, or SCALE_DATABASE, on the server of
 * DATABASE_URL) to SCALE_MERCHANTS generated merchants (default 1,000,000) made from the demo merchants, then starts the
 * API on it and measures every merchant and staff read call with a bounded load (10 connections, BENCH_SECONDS each,
 * default 20), one line per call: `<call> p50 X ms p95 Y ms p99 Z ms R req/s`; then the merchant GET alone and while two
 * reviewers reload the review queue, interleaved three times, with the medians; last the API as one and as two separate
 * processes (server/main.ts) on one port. A second run only adds the merchants still missing. Not run by CI (README,
 * "Scale bench").
 */
import { build } from '../server/app';
import { createSession } from '../server/auth/sessions';
import type { Database } from '../server/db/database';
import { demoStaff } from '../server/demo/seed';
import { measureBesideReviewers, type BesideReviewersRound } from './scaleBesideReviewers';
import { merchantCalls, merchantGet, mixedMerchantReads, REVIEW_QUEUE_PATH, staffCalls, type SignedInOwner } from './scaleCalls';
import { startApiProcesses } from './scaleCluster';
import { SCALE_DATABASE, openScaleDatabase } from './scaleDatabase';
import { explainCalls, recordingDatabase } from './scaleExplain';
import { format, growScaleDatabase } from './scaleGenerator';
import { measureCall, measurementLine, median, type LoadMeasurement } from './scaleLoad';

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
const BESIDE_ROUNDS = 3;
const PROCESS_ROUNDS = 3;
const QUEUE_ENTITY = 'Private Limited';
/** SCALE_PART=staff measures the staff calls and prints their plans only (a quick run after a change to a staff query). */
const STAFF_ONLY = process.env.SCALE_PART === 'staff';

const { db, url, created } = await openScaleDatabase(serverUrl);
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
const get = merchantGet(owners);
try {
  await measureInProcess();
  if (!STAFF_ONLY) await compareProcesses();
} finally {
  await db.query("delete from sessions where source = 'bench:scale'");
  await db.close();
}

/** Every read call, then the merchant GET beside the reviewers, on the API built in this process. */
async function measureInProcess(): Promise<void> {
  const recording = recordingDatabase(db);
  const app = await build({ db: recording.db, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0, authRateLimit: 100000 } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('bench:scale: the API listens on no port');
    const origin = `http://127.0.0.1:${address.port}`;
    const firstPage = await fetch(origin + REVIEW_QUEUE_PATH, { headers: { authorization: `Bearer ${reviewer}` } });
    if (!firstPage.ok) throw new Error(`review queue: ${firstPage.status} ${await firstPage.text()}`);
    const page: unknown = await firstPage.json();
    const next = typeof page === 'object' && page !== null && 'next' in page && typeof page.next === 'string' ? page.next : null;

    await measureCall(origin, get, Math.min(SECONDS, 2)); // warm-up: connections opened, code compiled
    if (!STAFF_ONLY) {
      console.log(`\n${format(owners.length)} merchants' owners, 10 connections, ${SECONDS} s per call:`);
      for (const call of merchantCalls(owners)) console.log(measurementLine(call.name, await measureCall(origin, call, SECONDS)));
    }
    console.log('\na reviewer:');
    const calls = staffCalls(reviewer, owners, next, QUEUE_ENTITY);
    for (const call of calls) console.log(measurementLine(call.name, await measureCall(origin, call, SECONDS)));
    console.log('\nthe plans of the staff calls: one request each, EXPLAIN ANALYZE of every read it ran');
    await explainCalls(app, recording, calls, (line) => console.log(line));
    if (STAFF_ONLY) return;

    console.log(`\nthe merchant GET alone, then while two reviewers reload the review queue (each every ${REVIEWER_RELOAD_MS / 1000} s), interleaved ${BESIDE_ROUNDS} times:`);
    const rounds = await measureBesideReviewers(origin, get, SECONDS, reviewer, { rounds: BESIDE_ROUNDS, reviewers: 2, reloadMs: REVIEWER_RELOAD_MS }, (round, index) => {
      console.log(measurementLine(`run ${index + 1}, GET merchant alone`, round.alone));
      console.log(measurementLine(`run ${index + 1}, GET merchant while two reviewers reload the queue (${round.reloads.count} reloads, p50 ${round.reloads.p50.toFixed(0)} ms)`, round.beside));
    });
    printBesideMedians(rounds);
  } finally {
    await app.close();
  }
}

/**
 * The mixed merchant reads and the merchant GET on the real server as one, and as two separate processes on one port
 * (Node's cluster: connections handed to the workers in turn, no proxy), both started once and measured interleaved
 * (1, 2, 2, 1 ...) so the machine's drift lands on both; then the medians. On a 2-core machine the API processes
 * share the cores with PostgreSQL and with this bench's load generator, so two processes cannot double the rate: the
 * lines show what a second process gains on the same machine, not what a second machine would.
 */
async function compareProcesses(): Promise<void> {
  console.log(`\nthe API as separate processes (server/main.ts) on one port through Node's cluster, 10 connections, ${SECONDS} s per call, interleaved ${PROCESS_ROUNDS} times:`);
  const groups: Array<{ label: string; origin: string }> = [];
  const stops: Array<() => Promise<void>> = [];
  try {
    for (const count of [1, 2]) {
      const processes = await startApiProcesses(url, count);
      stops.push(processes.stop);
      groups.push({ label: `${count} ${count === 1 ? 'process' : 'processes'}`, origin: processes.origin });
      await measureCall(processes.origin, get, Math.min(SECONDS, 2)); // warm-up, as above
    }
    const calls = [mixedMerchantReads(owners), get];
    const measured = new Map<string, LoadMeasurement[]>();
    for (let round = 1; round <= PROCESS_ROUNDS; round++) {
      for (const call of calls) {
        // Every other round the other group goes first, so a machine warming up or cooling down favours neither.
        for (const group of round % 2 ? groups : [...groups].reverse()) {
          const name = `${call.name}, ${group.label}`;
          const measurement = await measureCall(group.origin, call, SECONDS);
          console.log(measurementLine(`run ${round}, ${name}`, measurement));
          measured.set(name, [...(measured.get(name) ?? []), measurement]);
        }
      }
    }
    for (const call of calls) {
      const [one = Number.NaN, two = Number.NaN] = groups.map((group) => {
        const runs = measured.get(`${call.name}, ${group.label}`) ?? [];
        const perSecond = median(runs.map((run) => run.perSecond));
        console.log(`median of ${runs.length}, ${call.name}, ${group.label}: p50 ${median(runs.map((run) => run.p50)).toFixed(1)} ms ${Math.round(perSecond)} req/s`);
        return perSecond;
      });
      console.log(`${call.name}: 2 processes make ${(two / one).toFixed(2)}x the req/s of 1`);
    }
  } finally {
    await Promise.all(stops.map((stop) => stop()));
  }
}

/** The medians of the rounds alone and beside the reviewers (p50 latency and req/s), and how far apart they are. */
function printBesideMedians(rounds: readonly BesideReviewersRound[]): void {
  const medians = (side: (round: BesideReviewersRound) => LoadMeasurement) => ({
    p50: median(rounds.map((round) => side(round).p50)),
    perSecond: median(rounds.map((round) => side(round).perSecond)),
  });
  const alone = medians((round) => round.alone);
  const beside = medians((round) => round.beside);
  const change = (from: number, to: number) => `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %`;
  console.log(`median of ${rounds.length}, GET merchant alone: p50 ${alone.p50.toFixed(1)} ms ${Math.round(alone.perSecond)} req/s`);
  console.log(`median of ${rounds.length}, GET merchant while two reviewers reload: p50 ${beside.p50.toFixed(1)} ms ${Math.round(beside.perSecond)} req/s`);
  console.log(`difference with the reviewers: p50 ${change(alone.p50, beside.p50)}, req/s ${change(alone.perSecond, beside.perSecond)}`);
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
