import type { Database, Queryable } from '../db/database';
import { audit, REQUIREMENTS_CHANNEL, REQUIREMENTS_LOCK, type VersionStatus, type VersionSummary } from './requirementVersions';

/** What a publish is recorded as in the audit: a draft published, or a version published before restored. */
export type PublishAction = 'requirements.published' | 'requirements.rolled_back';

/** A publish done, or refused because the version's status is not one it may be published from. */
export type PublishOutcome = { published: true; merchantsAffected: number } | { published: false; status: VersionStatus };

/**
 * Every version as the console lists it, newest first, with who wrote and published it and the merchants pinned to it:
 * summed from the counts the merchants' triggers keep (migration 029), not counted from merchants.
 */
export function versionSummaries(db: Queryable): Promise<VersionSummary[]> {
  return db.query<VersionSummary>(
    `select v.version, v.status, v.note, a.email as author, v.created_at, v.published_at, p.email as published_by,
            coalesce(pins.merchants, 0)::int as pinned_merchants
       from requirement_versions v
       left join (select version, sum(merchants) as merchants from requirement_version_counts where version > 0 group by version) pins
         on pins.version = v.version
       left join users a on a.id = v.author
       left join users p on p.id = v.published_by
      order by v.version desc`,
  );
}

/**
 * How many merchants follow the published version (not pinned to one): those a publish affects. Summed from the counts
 * the merchants' triggers keep, where version 0 stands for following the published one (migration 029).
 */
export async function merchantsFollowingPublished(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>('select coalesce(sum(merchants), 0)::int as count from requirement_version_counts where version = 0');
  return row?.count ?? 0;
}

/** Stores `body` as a new draft version written by `userId`, audited; answers its number. */
export function createDraftVersion(db: Database, userId: string, body: Record<string, unknown>, note: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ version: number }>(
      "insert into requirement_versions (version, status, body, note, author) values (nextval('requirement_version_seq'), 'draft', $1, $2, $3) returning version",
      [JSON.stringify(body), note, userId],
    );
    await audit(tx, userId, 'requirements.created', { version: row!.version, note });
    return row!.version;
  });
}

/**
 * Makes `version` the published one if its status is one of `allowed` (the one published before retires), audited and
 * announced to every process on {@link REQUIREMENTS_CHANNEL}; serialised with other publishes by the requirements' lock.
 * Answers null when there is no such version.
 */
export function publishVersion(db: Database, userId: string, version: number, allowed: readonly VersionStatus[], action: PublishAction): Promise<PublishOutcome | null> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [REQUIREMENTS_LOCK]);
    const [row] = await tx.query<{ status: VersionStatus }>('select status from requirement_versions where version = $1', [version]);
    if (!row) return null;
    if (!allowed.includes(row.status)) return { published: false, status: row.status };
    const [previous] = await tx.query<{ version: number }>("update requirement_versions set status = 'retired' where status = 'published' returning version");
    await tx.query("update requirement_versions set status = 'published', published_at = now(), published_by = $2 where version = $1", [version, userId]);
    const affected = await merchantsFollowingPublished(tx);
    await audit(tx, userId, action, { version, previous: previous?.version ?? null, merchants_affected: affected });
    await tx.query('select pg_notify($1, $2)', [REQUIREMENTS_CHANNEL, String(version)]);
    return { published: true, merchantsAffected: affected };
  });
}

/** Unpins the merchants pinned to `from` (any version when null) so they follow the published one, audited; answers how many. */
export function unpinMerchants(db: Database, userId: string, from: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ uuid: string }>(
      'update merchants set requirements_version = null where requirements_version is not null and ($1::int is null or requirements_version = $1) returning uuid',
      [from],
    );
    await audit(tx, userId, 'requirements.migrated', { from, merchants: rows.length });
    return rows.length;
  });
}
