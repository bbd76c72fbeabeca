import type { Queryable } from '../db/database';
import type { JobHandler } from '../jobs/jobQueue';
import { recurringSweepJob, type RecurringSchedule } from '../jobs/recurringSweepJob';
import type { ContentStore } from './contentStore';

/** The kind of the recurring job that deletes released objects (queued by server/main.ts with FILE_STORE=s3). */
export const RELEASED_OBJECTS_SWEEP_JOB = 'released-objects.sweep';

/** How many released objects one sweep deletes at most. */
const SWEEP_BATCH = 500;

/**
 * Deletes from the object store the objects whose stored_files row was deleted (listed in released_objects by the
 * row's delete trigger, so only once the delete committed), then forgets them. An object that cannot be deleted now
 * stays listed for the next sweep. Returns how many were deleted. Nothing to do with FILE_STORE=database.
 */
export async function sweepReleasedObjects(db: Queryable, store: ContentStore): Promise<number> {
  if (store.kind !== 'object') return 0;
  const released = await db.query<{ storage_key: string }>('select storage_key from released_objects order by released_at limit $1', [SWEEP_BATCH]);
  const deleted: string[] = [];
  await Promise.all(
    released.map(({ storage_key: key }) =>
      store.delete(key).then(
        () => void deleted.push(key),
        () => undefined,
      ),
    ),
  );
  if (deleted.length) await db.query('delete from released_objects where storage_key = any($1::text[])', [deleted]);
  return deleted.length;
}

/**
 * The handler of {@link RELEASED_OBJECTS_SWEEP_JOB}: objects of deleted files leave the bucket a minute later at most
 * (by default). A full batch deleted means more may wait, so it goes on soon; a batch the store refused in part waits
 * the interval, rather than asking a failing store again every second.
 */
export function releasedObjectsSweepJob(db: Queryable, store: ContentStore, { intervalMs = 60_000, backlogDelayMs }: Partial<RecurringSchedule> = {}): JobHandler {
  return recurringSweepJob(async () => ({ unfinished: (await sweepReleasedObjects(db, store)) === SWEEP_BATCH }), { intervalMs, backlogDelayMs });
}
