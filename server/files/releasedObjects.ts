import type { Queryable } from '../db/database';
import type { ContentStore } from './contentStore';

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
