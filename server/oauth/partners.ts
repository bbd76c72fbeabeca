import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database';
import { newToken, sha256 } from '../auth/secrets';
import { isRegistrableRedirectUri } from './registeredRedirectUri';

/** A partner as stored (migration 015), without its secret. */
export interface Partner {
  client_id: string;
  name: string;
  logo: string;
  color_code: string;
  redirect_uri: string;
  partner_permissions: string[];
  skip_onboarding_for_oauth: boolean;
}

/** What registering a partner needs; the secret is given once and only its hash is stored. */
export type NewPartner = Partner & { client_secret: string };

/** How long a code and a partner's access token live (seconds); the spec gives neither (README). */
export const OAUTH_POLICY = { codeTtlSeconds: 120, accessTokenTtlSeconds: 3600 } as const;

const COLUMNS = 'client_id, name, logo, color_code, redirect_uri, partner_permissions, skip_onboarding_for_oauth';

/** Registers a partner (demo seed, tests); refuses a redirect URI not written as the URL API writes it. */
export async function registerPartner(db: Queryable, partner: NewPartner): Promise<void> {
  if (!isRegistrableRedirectUri(partner.redirect_uri)) throw new Error(`redirect_uri "${partner.redirect_uri}" must be an absolute https URL (http on loopback) as the URL API writes it`);
  await db.query(
    `insert into oauth_partners (${COLUMNS}, client_secret_hash) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [partner.client_id, partner.name, partner.logo, partner.color_code, partner.redirect_uri, partner.partner_permissions, partner.skip_onboarding_for_oauth, sha256(partner.client_secret)],
  );
}

/** The partner of a client_id, or null. */
export async function partnerByClientId(db: Queryable, clientId: string): Promise<Partner | null> {
  const [row] = await db.query<Partner>(`select ${COLUMNS} from oauth_partners where client_id = $1`, [clientId]);
  return row ?? null;
}

/** Whether a client secret is the partner's (compared as hashes, in constant time). */
export async function clientSecretMatches(db: Queryable, clientId: string, secret: string): Promise<boolean> {
  const [row] = await db.query<{ client_secret_hash: string }>('select client_secret_hash from oauth_partners where client_id = $1', [clientId]);
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.client_secret_hash, 'hex'), Buffer.from(sha256(secret), 'hex'));
}

/** Stores a new authorization code for a user, merchant, partner and redirect URI; returns the code (only its hash is kept). */
export async function issueCode(db: Queryable, grant: { clientId: string; userId: string; merchantUuid: string; redirectUri: string }): Promise<string> {
  const code = newToken();
  // Codes and tokens long expired are dropped as new ones are made, so the tables hold only recent rows.
  await db.query(`delete from oauth_codes where expires_at < now() - interval '1 day'`);
  await db.query(`delete from oauth_access_tokens where expires_at < now() - interval '1 day'`);
  await db.query(
    `insert into oauth_codes (code_hash, client_id, user_id, merchant_uuid, redirect_uri, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [sha256(code), grant.clientId, grant.userId, grant.merchantUuid, grant.redirectUri, OAUTH_POLICY.codeTtlSeconds],
  );
  return code;
}

/** A partner's access token as oauth/token answers it. */
export interface PartnerToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  user_uuid: string;
  merchant_uuid: string;
}

/**
 * Exchanges a code for an access token, once: the one UPDATE that marks the code used also checks that it is unused,
 * unexpired and of this client and redirect URI, so of concurrent exchanges exactly one gets the row. Null otherwise.
 */
export async function redeemCode(db: Queryable, exchange: { code: string; clientId: string; redirectUri: string }): Promise<PartnerToken | null> {
  const [grant] = await db.query<{ user_id: string; merchant_uuid: string; partner_permissions: string[] }>(
    `update oauth_codes c set used_at = now() from oauth_partners p
      where c.code_hash = $1 and c.client_id = $2 and c.redirect_uri = $3 and c.used_at is null and c.expires_at > now()
        and p.client_id = c.client_id
      returning c.user_id, c.merchant_uuid, p.partner_permissions`,
    [sha256(exchange.code), exchange.clientId, exchange.redirectUri],
  );
  if (!grant) return null;
  const token = newToken();
  await db.query(
    `insert into oauth_access_tokens (token_hash, client_id, user_id, merchant_uuid, scopes, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [sha256(token), exchange.clientId, grant.user_id, grant.merchant_uuid, grant.partner_permissions, OAUTH_POLICY.accessTokenTtlSeconds],
  );
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: OAUTH_POLICY.accessTokenTtlSeconds,
    scope: grant.partner_permissions.join(' '),
    user_uuid: grant.user_id,
    merchant_uuid: grant.merchant_uuid,
  };
}

/** What a partner's unexpired access token grants: its partner, user, merchant and scopes, and its seconds left. */
export interface PartnerGrant {
  clientId: string;
  partnerName: string;
  userId: string;
  merchantUuid: string;
  mid: number;
  scopes: string[];
  expiresIn: number;
}

/** The grant of a partner's access token, or null for an unknown or expired one (the token is looked up by its hash). */
export async function partnerGrantOf(db: Queryable, token: string): Promise<PartnerGrant | null> {
  const [row] = await db.query<{ client_id: string; name: string; user_id: string; merchant_uuid: string; mid: string; scopes: string[]; expires_in: number }>(
    `select t.client_id, p.name, t.user_id, t.merchant_uuid, m.mid, t.scopes,
            greatest(0, floor(extract(epoch from t.expires_at - now())))::int as expires_in
       from oauth_access_tokens t join oauth_partners p on p.client_id = t.client_id join merchants m on m.uuid = t.merchant_uuid
      where t.token_hash = $1 and t.expires_at > now()`,
    [sha256(token)],
  );
  if (!row) return null;
  return { clientId: row.client_id, partnerName: row.name, userId: row.user_id, merchantUuid: row.merchant_uuid, mid: Number(row.mid), scopes: row.scopes, expiresIn: row.expires_in };
}
