import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db/database';
import { expiredRowSweeper } from './expiredRowSweeper';

/** A key's requests in its current window, and the milliseconds until the window ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

const sweepExpired = expiredRowSweeper('rate_limit_counts');

/** Counts one request of a key in one statement: a new window starts when the last has ended. */
export async function countRequest(db: Queryable, key: string, windowMs: number): Promise<RateLimitCount> {
  await sweepExpired(db);
  const [row] = await db.query<RateLimitCount>(
    `insert into rate_limit_counts as c (key, hits, window_ends_at)
     values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     on conflict (key) do update set
       hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
       window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
     returning hits as current, greatest(0, ceil(extract(epoch from window_ends_at - now()) * 1000))::int as ttl`,
    [key, windowMs],
  );
  if (!row) throw new Error('rate-limit count not returned');
  return row;
}

/**
 * A `store` for @fastify/rate-limit that keeps the counts in the database, so every API process
 * on it shares one limit. All routes that use it share one count per key (the client address).
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: RateLimitCount) => void, timeWindow: number): void {
      countRequest(db, key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
