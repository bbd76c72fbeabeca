/**
 * `npm run bench` (or `npx tsx bench/ifsc.ts`): the IFSC directory at full size. No full RBI list ships offline,
 * so it GENERATES a realistic one (about 170,000 branches: 1,300 banks of very unequal size, 36 states, several
 * branches per city), writes it as Razorpay's IFSC.csv, times the import (read + one-transaction replace, as
 * `npm run ifsc:import` does), then measures the search cascade and the lookup through `app.inject`: p50/p99
 * over a few hundred calls each. On PGlite in memory, and on PostgreSQL when DATABASE_URL is set.
 * Goals: import under 30 s, every p99 under 20 ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { replaceIfscDirectory } from '../server/reference/ifscDirectory';
import { readIfscCsv, type IfscBranch } from '../server/reference/readIfscCsv';

const TARGET_BRANCHES = 170_000;
const BANKS = 1_300;
const CALLS = 300;
const STATES = [
  'ANDHRA PRADESH', 'ARUNACHAL PRADESH', 'ASSAM', 'BIHAR', 'CHHATTISGARH', 'GOA', 'GUJARAT', 'HARYANA', 'HIMACHAL PRADESH',
  'JHARKHAND', 'KARNATAKA', 'KERALA', 'MADHYA PRADESH', 'MAHARASHTRA', 'MANIPUR', 'MEGHALAYA', 'MIZORAM', 'NAGALAND', 'ODISHA',
  'PUNJAB', 'RAJASTHAN', 'SIKKIM', 'TAMIL NADU', 'TELANGANA', 'TRIPURA', 'UTTAR PRADESH', 'UTTARAKHAND', 'WEST BENGAL',
  'ANDAMAN AND NICOBAR ISLANDS', 'CHANDIGARH', 'DADRA AND NAGAR HAVELI AND DAMAN AND DIU', 'DELHI', 'JAMMU AND KASHMIR', 'LADAKH',
  'LAKSHADWEEP', 'PUDUCHERRY',
];
const CITIES_PER_STATE = 60;

/** A deterministic pseudo-random sequence (mulberry32), so every run measures the same directory. */
function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bank sizes fall off like RBI's (a few banks with thousands of branches, a long tail of one-branch banks). */
function generateDirectory(): IfscBranch[] {
  const random = randomSequence(10);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const weights = Array.from({ length: BANKS }, (_, index) => 1 / (index + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const branches: IfscBranch[] = [];
  for (let bank = 0; bank < BANKS; bank++) {
    const size = Math.max(1, Math.round((TARGET_BRANCHES * weights[bank]!) / total));
    const code = String.fromCharCode(65 + (bank % 26), 65 + (Math.floor(bank / 26) % 26), 65 + (Math.floor(bank / 676) % 26), 66);
    const name = `${code} ${pick(['NATIONAL', 'URBAN', 'SAHAKARI', 'GRAMIN', 'MERCANTILE', 'CITIZENS'])} BANK ${bank + 1}`;
    // A big bank is everywhere; a small one in a state or two.
    const states = size > 2_000 ? STATES : Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(STATES));
    for (let n = 0; n < size; n++) {
      const state = pick(states);
      const city = `${state.slice(0, 4)} CITY ${1 + Math.floor(random() * CITIES_PER_STATE)}`;
      branches.push({
        ifsc: `${code}0${String(n + 1).padStart(6, '0')}`,
        bank_name: name,
        branch: `${pick(['MAIN', 'MARKET', 'STATION ROAD', 'CIVIL LINES', 'INDUSTRIAL AREA', 'BAZAR'])} ${n + 1}`,
        address: `${n + 1}, ${pick(['MG ROAD', 'NEHRU NAGAR', 'GANDHI CHOWK'])}, ${city}, ${state} - ${100000 + Math.floor(random() * 800000)}`,
        city,
        district: city,
        state,
      });
    }
  }
  return branches;
}

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

function writeRazorpayCsv(branches: IfscBranch[], path: string): void {
  const header = 'BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT';
  const rows = branches.map((b) =>
    [b.bank_name, b.ifsc, b.branch, b.city, b.district, b.state, b.address, '', 'true', 'true', b.city, 'IN-XX', 'true', '', 'true', ''].map(csvField).join(','),
  );
  writeFileSync(path, `${header}\n${rows.join('\n')}\n`);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function signIn(app: Awaited<ReturnType<typeof build>>, db: Database): Promise<string> {
  const identity = 'bench.ifsc@example.com';
  await app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity } });
  const [sent] = await db.query<{ body: string }>('select body from sandbox_messages where recipient = $1 order by id desc limit 1', [identity]);
  const otp = /\b(\d{4})\b/.exec(sent?.body ?? '')?.[1];
  const verified = await app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity, otp } });
  return verified.json<{ access_token: string }>().access_token;
}

async function benchOn(label: string, db: Database, branches: IfscBranch[], csvPath: string): Promise<void> {
  await migrate(db);
  const started = performance.now();
  const csv = await readIfscCsv(csvPath);
  const read = performance.now();
  const counts = await replaceIfscDirectory(db, csv.branches);
  const done = performance.now();
  console.log(
    `ifsc import (${label}): ${counts.branches} branches of ${counts.banks} banks in ${((done - started) / 1000).toFixed(1)} s ` +
      `(read ${((read - started) / 1000).toFixed(1)} s, write ${((done - read) / 1000).toFixed(1)} s; goal < 30 s)`,
  );

  const app = await build({ db, appDir: '/nonexistent/', config: { logLevel: 'silent', authRateLimit: 100000, sandbox: true } });
  const token = await signIn(app, db);
  const random = randomSequence(7);
  const any = () => branches[Math.floor(random() * branches.length)]!;
  const paths: Record<string, () => string> = {
    bank_names: () => '/api/v1/ifsc_details/bank_names',
    states: () => `/api/v1/ifsc_details/states?${new URLSearchParams({ bank_name: any().bank_name })}`,
    cities: () => {
      const b = any();
      return `/api/v1/ifsc_details/cities?${new URLSearchParams({ bank_name: b.bank_name, state: b.state })}`;
    },
    branches: () => {
      const b = any();
      return `/api/v1/ifsc_details/branches?${new URLSearchParams({ bank_name: b.bank_name, state: b.state, city: b.city })}`;
    },
    lookup: () => `/api/v1/ifsc_details/${any().ifsc}`,
  };
  for (const [name, path] of Object.entries(paths)) {
    const times: number[] = [];
    for (let call = 0; call < CALLS + 20; call++) {
      const url = path();
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const elapsed = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (call >= 20) times.push(elapsed); // the first calls warm up plans and the JIT
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 0.99);
    console.log(
      `ifsc ${name.padEnd(10)} (${label}): p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms over ${CALLS} calls${p99 < 20 ? '' : ' — over the 20 ms goal'}`,
    );
  }
  await app.close();
}

const branches = generateDirectory();
const folder = mkdtempSync(join(tmpdir(), 'ifsc-bench-'));
const csvPath = join(folder, 'IFSC.csv');
writeRazorpayCsv(branches, csvPath);
console.log(`ifsc: GENERATED directory (no full RBI list offline): ${branches.length} branches, ${BANKS} banks, ${STATES.length} states`);
try {
  const pglite = await openDatabase({});
  await benchOn('PGlite', pglite, branches, csvPath);
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const schema = `bench_ifsc_${randomBytes(4).toString('hex')}`;
    const postgres = await openDatabase({ url: process.env.DATABASE_URL, schema });
    try {
      await benchOn('PostgreSQL', postgres, branches, csvPath);
    } finally {
      await postgres.exec(`drop schema ${schema} cascade`);
      await postgres.close();
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
