// Publish-to-visible latency of the document requirements (operations console, issue #12): two API instances on one
// database, each with its own connections; an admin publishes on the first, and the second is asked until it answers
// with the new version (as the next merchant request would). The time is from the publish call's start to the first
// answer with the new version; the second instance hears of it through PostgreSQL LISTEN/NOTIFY (with DATABASE_URL)
// or PGlite's in-process notification.
// Usage: npx tsx bench/requirements.ts   (DATABASE_URL=postgres://... for a PostgreSQL server; BENCH_ROUNDS, default 20)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const url = process.env.DATABASE_URL || undefined;
const schema = `bench_${randomBytes(4).toString('hex')}`;

async function open(): Promise<Database> {
  return url ? openDatabase({ url, schema }) : openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'bench-requirements-')) });
}

const first = await open();
if (url) await first.exec(`create schema if not exists ${schema}`);
await migrate(first);
const second = url ? await open() : first;
const appOptions = { appDir: '/nonexistent/', config: { logLevel: 'silent' as const, jobPollMs: 0, authRateLimit: 100000 } };
const publisher: FastifyInstance = await build({ db: first, ...appOptions });
const reader: FastifyInstance = await build({ db: second, ...appOptions });
await publisher.ready();
await reader.ready();

// An admin, signed in by OTP through the sandbox inbox.
const email = `bench.admin.${Date.now()}@example.com`;
const userId = randomUUID();
await first.query('insert into users (id, email, name) values ($1, $2, $3)', [userId, email, 'Bench Admin']);
await first.query("insert into staff_members (user_id, role) values ($1, 'ops_admin')", [userId]);
await publisher.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity: email } });
const [otp] = await first.query<{ body: string }>('select body from sandbox_messages where recipient = $1 order by id desc limit 1', [email]);
const code = /\b(\d{4})\b/.exec(otp!.body)![1];
const token = (await publisher.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity: email, otp: code } })).json<{ access_token: string }>().access_token;
const headers = { authorization: `Bearer ${token}` };
const BASE = '/api/v1/ops/document-requirements';

const state = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: BASE, headers })).json<{ published: { version: number; body: unknown } }>().published;
const { body } = await state(publisher);
const draft = await publisher.inject({ method: 'POST', url: `${BASE}/versions`, headers, payload: { body, note: 'bench' } });
const drafted = draft.json<{ version: number }>().version;
await publisher.inject({ method: 'POST', url: `${BASE}/versions/${drafted}/publish`, headers });

const latencies: number[] = [];
let polls = 0;
for (let round = 0; round < ROUNDS; round++) {
  const current = (await state(reader)).version;
  const target = current === 1 ? drafted : 1;
  const start = performance.now();
  const answer = await publisher.inject({ method: 'POST', url: `${BASE}/versions/${target}/rollback`, headers });
  if (answer.statusCode !== 200) throw new Error(`rollback ${target}: ${answer.statusCode} ${answer.body}`);
  for (;;) {
    polls++;
    if ((await state(reader)).version === target) break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  latencies.push(performance.now() - start);
}
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
console.log(
  `requirements publish -> visible on a second API instance (${url ? 'PostgreSQL server, LISTEN/NOTIFY' : 'embedded PGlite, in-process notification'}), ${ROUNDS} publishes: ` +
    `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${(polls / ROUNDS).toFixed(1)} reads per publish)`,
);
await reader.close();
await publisher.close();
if (url) await first.exec(`drop schema ${schema} cascade`);
if (second !== first) await second.close();
await first.close();
