import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CHANNEL } from '../../server/cable/cableAccess';
import type { Queryable } from '../../server/db/database';
import { versionSummaries } from '../../server/documents/requirementVersionStore';
import { enqueueRecurringJob } from '../../server/jobs/enqueueRecurringJob';
import { EXPIRED_ROW_SWEEP_JOB, EXPIRING_TABLES, expiredBatchDelete, sweepExpiredRows, type ExpiringTableName } from '../../server/jobs/expiredRowSweep';
import { FINISHED_JOB_RETENTION, FINISHED_JOB_SWEEP_JOB, finishedJobBatchDelete, sweepFinishedJobs } from '../../server/jobs/finishedJobSweep';
import { RELEASED_OBJECTS_SWEEP_JOB } from '../../server/files/releasedObjects';
import { registerPartner } from '../../server/oauth/partners';
import { call, latestOtp, signInWithOtp, testApp, testPartner, type TestApp } from './testApp';

let t: TestApp;
let userId: string;
let merchants: string[];
const CLIENT_ID = 'sweeps-partner';

beforeAll(async () => {
  t = await testApp();
  await signInWithOtp(t, 'sweeps.first@example.com');
  await signInWithOtp(t, 'sweeps.second@example.com');
  userId = (await t.db.query<{ id: string }>("select id from users where email = 'sweeps.first@example.com'"))[0]!.id;
  merchants = (await t.db.query<{ merchant_uuid: string }>('select merchant_uuid from memberships order by created_at')).map((row) => row.merchant_uuid);
  await registerPartner(t.db, testPartner(CLIENT_ID, 'Sweeps partner'));
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

/** How a test puts one row of a table in, its key `key` and its expiry `expiresAt`, and finds it again. */
interface RowFixture {
  column: string;
  insert(db: Queryable, key: string, expiresAt: Date): Promise<unknown>;
}

/** One fixture per table of EXPIRING_TABLES (the keys are uuids; aadhaar_send_limits is keyed by its merchant). */
const FIXTURES: Record<ExpiringTableName, RowFixture> = {
  sessions: { column: 'token_hash', insert: (db, key, expiresAt) => db.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [key, userId, expiresAt]) },
  otps: {
    column: 'id::text',
    insert: (db, key, expiresAt) => db.query("insert into otps (id, identity, purpose, code_hash, expires_at) values ($1, 'x@example.com', 'sign_in', 'h', $2)", [key, expiresAt]),
  },
  alternative_tokens: {
    column: 'token_hash',
    insert: (db, key, expiresAt) =>
      db.query("insert into alternative_tokens (token_hash, user_id, merchant_uuid, scope, expires_at) values ($1, $2, $3, 'update_bank_details', $4)", [key, userId, merchants[0], expiresAt]),
  },
  aadhaar_otp_requests: {
    column: 'id::text',
    insert: (db, key, expiresAt) =>
      db.query("insert into aadhaar_otp_requests (id, merchant_uuid, aadhaar_last4, reference, attempts_left, expires_at) values ($1, $2, '1234', 'ref', 3, $3)", [key, merchants[0], expiresAt]),
  },
  aadhaar_send_limits: {
    column: 'merchant_uuid::text',
    insert: (db, key, expiresAt) => db.query('insert into aadhaar_send_limits (merchant_uuid, sends_left, window_ends_at) values ($1, 2, $2)', [key, expiresAt]),
  },
  oauth_codes: {
    column: 'code_hash',
    insert: (db, key, expiresAt) =>
      db.query("insert into oauth_codes (code_hash, client_id, user_id, merchant_uuid, redirect_uri, expires_at) values ($1, $2, $3, $4, 'https://partner.example.com/oauth/callback', $5)", [
        key,
        CLIENT_ID,
        userId,
        merchants[0],
        expiresAt,
      ]),
  },
  oauth_access_tokens: {
    column: 'token_hash',
    insert: (db, key, expiresAt) =>
      db.query("insert into oauth_access_tokens (token_hash, client_id, user_id, merchant_uuid, scopes, expires_at) values ($1, $2, $3, $4, '{}', $5)", [key, CLIENT_ID, userId, merchants[0], expiresAt]),
  },
  sign_in_attempts: { column: 'identity', insert: (db, key, expiresAt) => db.query("insert into sign_in_attempts (identity, kind, attempts, window_ends_at) values ($1, 'password', 1, $2)", [key, expiresAt]) },
  rate_limit_counts: { column: 'key', insert: (db, key, expiresAt) => db.query('insert into rate_limit_counts (key, hits, window_ends_at) values ($1, 1, $2)', [key, expiresAt]) },
  unlock_codes: { column: 'identity', insert: (db, key, expiresAt) => db.query("insert into unlock_codes (identity, code_hash, window_ends_at) values ($1, 'h', $2)", [key, expiresAt]) },
};

const keysLeft = async (table: ExpiringTableName, keys: string[]) =>
  (await t.db.query<{ key: string }>(`select ${FIXTURES[table].column} as key from ${table} where ${FIXTURES[table].column} = any($1)`, [keys])).map((row) => row.key).sort();

describe('sweepExpiredRows()', () => {
  it.each(EXPIRING_TABLES.map((expiring) => [expiring.table, expiring] as const))('deletes the expired rows of %s and keeps the live ones', async (table, expiring) => {
    const grace = 'grace' in expiring ? 2 * 24 * HOUR : 0;
    // aadhaar_send_limits holds one row per merchant: its keys are the two merchants.
    const [dead, live, lately] = table === 'aadhaar_send_limits' ? [merchants[0]!, merchants[1]!, ''] : [randomUUID(), randomUUID(), randomUUID()];
    await FIXTURES[table].insert(t.db, dead, at(-HOUR - grace));
    await FIXTURES[table].insert(t.db, live, at(HOUR));
    // Within a table's grace, an expired row stays.
    if (grace) await FIXTURES[table].insert(t.db, lately, at(-HOUR));
    const { deleted, unfinished } = await sweepExpiredRows(t.db, new Date());
    expect(unfinished).toBe(false);
    expect(deleted[table]).toBe(1);
    expect(await keysLeft(table, [dead, live, lately])).toEqual((grace ? [live, lately] : [live]).sort());
  });

  it('leaves a signed-in session and a code sent but not yet entered working', async () => {
    const token = await signInWithOtp(t, 'sweeps.live@example.com');
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity: 'sweeps.other@example.com' } });
    expect(sent.statusCode).toBe(200);
    await sweepExpiredRows(t.db, new Date());
    expect((await call(t, token, 'GET', '/api/v1/merchants')).statusCode).toBe(200);
    const otp = await latestOtp(t.db, 'sweeps.other@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity: 'sweeps.other@example.com', otp } })).statusCode).toBe(200);
  });

  it('deletes each expired row once when two sweeps run at the same time, in batches, and no live one', async () => {
    const count = async (where: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from sessions where ${where}`))[0]!.n;
    const before = await count('expires_at > now()');
    await t.db.query("insert into sessions (token_hash, user_id, expires_at) select 'dead-' || i, $1, now() - interval '1 minute' from generate_series(1, 5000) i", [userId]);
    await t.db.query("insert into sessions (token_hash, user_id, expires_at) select 'live-' || i, $1, now() + interval '1 hour' from generate_series(1, 1000) i", [userId]);
    await t.db.query("insert into otps (id, identity, purpose, code_hash, expires_at) select gen_random_uuid(), 'x' || i, 'sign_in', 'h', now() - interval '1 minute' from generate_series(1, 700) i");
    const sweeps = await Promise.all([sweepExpiredRows(t.db, new Date(), { batchSize: 400 }), sweepExpiredRows(t.db, new Date(), { batchSize: 400 })]);
    expect(sweeps.reduce((sum, sweep) => sum + (sweep.deleted.sessions ?? 0), 0)).toBe(5000);
    expect(sweeps.reduce((sum, sweep) => sum + (sweep.deleted.otps ?? 0), 0)).toBe(700);
    expect(await count("expires_at <= now() or token_hash like 'dead-%'")).toBe(0);
    expect(await count('expires_at > now()')).toBe(before + 1000);
  });

  it('announces no ended session to the live channel for an expired one it deletes, as a logout still does', async () => {
    const heard: string[] = [];
    let resolveLive = () => {};
    const liveHeard = new Promise<void>((resolve) => (resolveLive = resolve));
    const [expired, live] = [`expired-${randomUUID()}`, `live-${randomUUID()}`];
    const unlisten = await t.db.listen(SESSION_ENDED_CHANNEL, (tokenHash) => {
      heard.push(tokenHash);
      if (tokenHash === live) resolveLive();
    });
    try {
      await FIXTURES.sessions.insert(t.db, expired, at(-HOUR));
      await FIXTURES.sessions.insert(t.db, live, at(HOUR));
      expect((await sweepExpiredRows(t.db, new Date())).deleted.sessions).toBe(1);
      await t.db.query('delete from sessions where token_hash = $1', [live]);
      // Notices arrive in commit order: once the logout's is here, the sweep's would have been.
      await liveHeard;
      expect(heard.filter((tokenHash) => tokenHash === expired || tokenHash === live)).toEqual([live]);
    } finally {
      await unlisten();
    }
  });

  it('stops on its budget and says rows are left', async () => {
    await t.db.query("insert into sessions (token_hash, user_id, expires_at) select 'budget-' || i, $1, now() - interval '1 minute' from generate_series(1, 50) i", [userId]);
    expect(await sweepExpiredRows(t.db, new Date(), { batchSize: 10, budgetMs: 0 })).toEqual({ deleted: {}, unfinished: true });
    expect((await sweepExpiredRows(t.db, new Date(), { batchSize: 10 })).deleted.sessions).toBe(50);
  });
});

describe('the expired-row sweep job', () => {
  it('is queued once however many processes start, sweeps when due and comes back an hour later', async () => {
    await t.db.query("insert into sessions (token_hash, user_id, expires_at) values ('job-dead', $1, now() - interval '1 minute')", [userId]);
    const starts = await Promise.all([enqueueRecurringJob(t.db, EXPIRED_ROW_SWEEP_JOB, new Date()), enqueueRecurringJob(t.db, EXPIRED_ROW_SWEEP_JOB, new Date())]);
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await enqueueRecurringJob(t.db, EXPIRED_ROW_SWEEP_JOB, new Date())).toBe(false);
    const jobs = await t.db.query<{ state: string; run_at: Date | string }>('select state, run_at from jobs where kind = $1', [EXPIRED_ROW_SWEEP_JOB]);
    expect(jobs.map((job) => job.state)).toEqual(['queued']);
    expect(new Date(jobs[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(await keysLeft('sessions', ['job-dead'])).toEqual([]);
    expect(await t.app.jobs.runDue()).toBe(0);
  });
});

const DAY = 24 * HOUR;

/** A job of `kind` in `state`, last updated `days` days ago by the database's clock (a queued one due only tomorrow). */
async function jobUpdatedDaysAgo(kind: string, state: 'queued' | 'running' | 'done' | 'failed', days: number, count = 1): Promise<void> {
  await t.db.query(
    `insert into jobs (kind, state, run_at, locked_until, updated_at)
     select $1, $2, now() + interval '1 day', case when $2 = 'running' then now() + interval '1 minute' end, now() - $3 * interval '1 day'
       from generate_series(1, $4)`,
    [kind, state, days, count],
  );
}

/** The states of the jobs of `kind` still in the table, one entry per job. */
const jobStatesLeft = async (kind: string) => (await t.db.query<{ state: string }>('select state from jobs where kind = $1 order by state', [kind])).map((row) => row.state);

describe('sweepFinishedJobs()', () => {
  it('deletes a done job after a week and a failed one after a month, and never a queued or running one', async () => {
    await jobUpdatedDaysAgo('retention.old-done', 'done', 8);
    await jobUpdatedDaysAgo('retention.recent-done', 'done', 6);
    await jobUpdatedDaysAgo('retention.old-failed', 'failed', 31);
    await jobUpdatedDaysAgo('retention.recent-failed', 'failed', 20);
    await jobUpdatedDaysAgo('retention.unfinished', 'queued', 90);
    await jobUpdatedDaysAgo('retention.unfinished', 'running', 90);
    expect(await enqueueRecurringJob(t.db, 'retention.recurring', at(DAY))).toBe(true);
    await t.db.query("update jobs set updated_at = now() - interval '90 days' where kind = 'retention.recurring'");

    expect(await sweepFinishedJobs(t.db)).toEqual({ deleted: { done: 1, failed: 1 }, unfinished: false });
    expect(await jobStatesLeft('retention.old-done')).toEqual([]);
    expect(await jobStatesLeft('retention.old-failed')).toEqual([]);
    expect(await jobStatesLeft('retention.recent-done')).toEqual(['done']);
    expect(await jobStatesLeft('retention.recent-failed')).toEqual(['failed']);
    expect(await jobStatesLeft('retention.unfinished')).toEqual(['queued', 'running']);
    expect(await jobStatesLeft('retention.recurring')).toEqual(['queued']);
  });

  it('deletes at most a batch per statement, and each old job once when two sweeps run at the same time', async () => {
    await jobUpdatedDaysAgo('retention.burst', 'done', 8, 1000);
    await jobUpdatedDaysAgo('retention.burst', 'failed', 40, 300);
    await jobUpdatedDaysAgo('retention.burst', 'queued', 90, 50);
    const [done] = FINISHED_JOB_RETENTION;
    expect(await t.db.query(finishedJobBatchDelete(done), [250])).toEqual([{ n: 250 }]);
    const sweeps = await Promise.all([sweepFinishedJobs(t.db, { batchSize: 200 }), sweepFinishedJobs(t.db, { batchSize: 200 })]);
    expect(sweeps.reduce((sum, sweep) => sum + (sweep.deleted.done ?? 0), 0)).toBe(750);
    expect(sweeps.reduce((sum, sweep) => sum + (sweep.deleted.failed ?? 0), 0)).toBe(300);
    expect(await jobStatesLeft('retention.burst')).toEqual(Array<string>(50).fill('queued'));
  });

  it('stops on its budget and says jobs are left', async () => {
    await jobUpdatedDaysAgo('retention.budget', 'done', 8, 30);
    expect(await sweepFinishedJobs(t.db, { batchSize: 10, budgetMs: 0 })).toEqual({ deleted: {}, unfinished: true });
    expect((await sweepFinishedJobs(t.db, { batchSize: 10 })).deleted.done).toBe(30);
  });
});

describe('the finished-job sweep job', () => {
  it('is queued once however many processes start, deletes old finished jobs when due and comes back an hour later', async () => {
    await jobUpdatedDaysAgo('retention.by-job', 'done', 8);
    const starts = await Promise.all([enqueueRecurringJob(t.db, FINISHED_JOB_SWEEP_JOB, new Date()), enqueueRecurringJob(t.db, FINISHED_JOB_SWEEP_JOB, new Date())]);
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(await t.app.jobs.runDue()).toBe(1);
    const jobs = await t.db.query<{ state: string; run_at: Date | string }>('select state, run_at from jobs where kind = $1', [FINISHED_JOB_SWEEP_JOB]);
    expect(jobs.map((job) => job.state)).toEqual(['queued']);
    expect(new Date(jobs[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    expect(await jobStatesLeft('retention.by-job')).toEqual([]);
  });
});

describe('the released-objects sweep job with the files in the database', () => {
  it('has nothing to delete and comes back a minute later', async () => {
    await t.db.query("insert into released_objects (storage_key) values ('files/none/1')");
    expect(await enqueueRecurringJob(t.db, RELEASED_OBJECTS_SWEEP_JOB, new Date())).toBe(true);
    expect(await t.app.jobs.runDue()).toBe(1);
    const jobs = await t.db.query<{ state: string; run_at: Date | string }>('select state, run_at from jobs where kind = $1', [RELEASED_OBJECTS_SWEEP_JOB]);
    expect(jobs.map((job) => job.state)).toEqual(['queued']);
    expect(new Date(jobs[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await t.db.query('select storage_key from released_objects')).toEqual([{ storage_key: 'files/none/1' }]);
  });
});

/** The plan PostgreSQL would take for `sql`, with sequential scans priced out so a usable index shows (tables here are small). */
const planOf = (sql: string, params: unknown[] = []) =>
  t.db.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    return (await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).map((row) => row['QUERY PLAN']).join('\n');
  });

describe('the indexes of migration 027', () => {
  it('finds the invites of a signing-in e-mail by lower(email)', async () => {
    expect(await planOf("select merchant_uuid from staff_invites where lower(email) = lower('Someone@Example.com') and user_id is null")).toContain('staff_invites_lower_email_idx');
  });

  it.each(EXPIRING_TABLES.map((expiring) => [expiring.table, expiring] as const))('finds the expired rows of %s by an index', async (table, expiring) => {
    const plan = await planOf(expiredBatchDelete(expiring), expiring.clock === 'database' ? [5000] : [5000, new Date()]);
    expect(plan).toMatch(new RegExp(`Index.* on ${table}\\b|Bitmap Index Scan on ${table}_`));
  });

  it('counts the merchants pinned to every version in one grouped scan of an index', async () => {
    const summaries = await versionSummaries(t.db);
    expect(summaries.every((summary) => Number.isInteger(summary.pinned_merchants))).toBe(true);
    const plan = await planOf("select requirements_version, count(*) from merchants where requirements_version is not null group by requirements_version");
    expect(plan).toContain('merchants_requirements_version_idx');
  });
});

describe('the index of migration 030', () => {
  it.each(FINISHED_JOB_RETENTION.map((retention) => [retention.state, retention] as const))('finds the %s jobs past their retention by an index', async (_state, retention) => {
    expect(await planOf(finishedJobBatchDelete(retention), [5000])).toContain('jobs_finished_idx');
  });
});
