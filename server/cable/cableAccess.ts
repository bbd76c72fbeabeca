import type { Queryable } from '../db/database';

/** The PostgreSQL channel a deleted session is announced on (its token hash; migration 019's trigger). */
export const SESSION_ENDED_CHANNEL = 'session_ended';
/** The PostgreSQL channel a deleted membership is announced on (`{"user_id","merchant_uuid"}`; migration 019's trigger). */
export const MEMBERSHIP_ENDED_CHANNEL = 'membership_ended';

/** What a socket holds on the live channel: its session (the token's hash) and, for a subscription, the merchant. */
export interface CableGrant {
  tokenHash: string;
  /** null: the socket itself, which needs a live session only. */
  merchantUuid: string | null;
}

/** Whether a grant still holds: its session (live, not expired), and its membership (true for the socket itself). */
export interface GrantStanding {
  session: boolean;
  membership: boolean;
}

/**
 * How each grant stands now, in their order: the session exists and has not expired, and (for a merchant) its user is
 * still a member of that merchant, as subscribing asked. One query for any number of grants.
 */
export async function grantStandings(db: Queryable, grants: readonly CableGrant[]): Promise<GrantStanding[]> {
  if (!grants.length) return [];
  const rows = await db.query<{ i: number; session: boolean; membership: boolean }>(
    `select g.i::int as i, s.token_hash is not null as session, g.merchant_uuid is null or ms.user_id is not null as membership
       from unnest($1::text[], $2::uuid[]) with ordinality as g(token_hash, merchant_uuid, i)
       left join sessions s on s.token_hash = g.token_hash and s.expires_at > now()
       left join memberships ms on ms.user_id = s.user_id and ms.merchant_uuid = g.merchant_uuid`,
    [grants.map((grant) => grant.tokenHash), grants.map((grant) => grant.merchantUuid)],
  );
  const byIndex = new Map(rows.map((row) => [Number(row.i), row]));
  return grants.map((_, index) => {
    const row = byIndex.get(index + 1);
    return { session: row?.session === true, membership: row?.session === true && row.membership === true };
  });
}

/** A membership_ended payload read back; null for anything that is not one. */
export function parseMembershipEnded(payload: string): { userId: string; merchantUuid: string } | null {
  try {
    const parsed = JSON.parse(payload) as { user_id?: unknown; merchant_uuid?: unknown };
    return typeof parsed.user_id === 'string' && typeof parsed.merchant_uuid === 'string' ? { userId: parsed.user_id, merchantUuid: parsed.merchant_uuid } : null;
  } catch {
    return null;
  }
}
