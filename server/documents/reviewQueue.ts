import rulesConfig from '../../rules/config';
import type { Queryable } from '../db/database';
import { isUuid } from '../merchants/parseIds';

/** What the review queue holds: KYC documents, bank proofs, websites and addenda. */
export const QUEUE_KINDS = ['document', 'bank_proof', 'website', 'addendum'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** The category the queue gives its items that are not documents (the console's category filter names them so). */
export const QUEUE_CATEGORIES = { bank_proof: 'BANK_PROOF', website: 'WEBSITE', addendum: 'ADDENDUM' } as const satisfies Record<Exclude<QueueKind, 'document'>, string>;

/**
 * The website statuses a review can change (sent and waiting, or being verified): `websiteInReviewStatuses` of
 * rules/defs.json, the list the step rules read, so the queue and the rules cannot disagree.
 */
export const WEBSITE_IN_REVIEW: readonly string[] = statusList(rulesConfig.defs.defs.websiteInReviewStatuses, 'websiteInReviewStatuses');

/** The queue's page: 50 items. */
export const QUEUE_PAGE_SIZE = 50;

/**
 * An item's place in the queue, and the `after` cursor that continues past it: merchants in the order their oldest
 * waiting item came (the grouping key: that time and the MID), then the merchant's items oldest first.
 */
export interface QueueSortKey {
  group_since: string;
  mid: string;
  waiting_since: string;
  kind: QueueKind;
  uuid: string;
}

/** Which items a page holds: the console's filters, its search, one merchant's items, and where the page starts. */
export interface QueueQuery {
  /** Documents of these statuses; `only` when the reviewer asked for a status (other kinds have none). */
  statuses: { values: readonly string[]; only: boolean };
  /** The documents' statuses that are a signed copy of the agreement (the only Agreement documents reviewed here). */
  agreementCopyStatus: string;
  entity: string | null;
  /** A document category, or the queue's own BANK_PROOF, WEBSITE or ADDENDUM. */
  category: string | null;
  search: QueueSearch | null;
  merchant: string | null;
  after: QueueSortKey | null;
  limit: number;
}

/** What a search names: a MID, a PAN, an e-mail, or the beginning of a name (the merchant's, on the PAN, or the business's). */
export type QueueSearch = { mid: string } | { pan: string } | { email: string } | { name: string };

/** One waiting item of a page: what it is, its merchant, and its sort key. */
export interface WaitingItem {
  kind: QueueKind;
  uuid: string;
  merchant_uuid: string;
  waiting_since: Date;
  sort_key: QueueSortKey;
}

const PAN = /^[A-Za-z]{5}[0-9]{4}[A-Za-z]$/;
const MID = /^[0-9]{1,18}$/;
/** A timestamp as the cursor spells it: UTC, to the microsecond (PostgreSQL's precision; a JavaScript Date loses it). */
const CURSOR_TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;
const TIME_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** A definition of rules/defs.json that is a list of statuses, as SQL takes it; a start error when it is not one. */
function statusList(definition: unknown, name: string): string[] {
  const statuses: unknown[] = Array.isArray(definition) ? definition : [];
  if (!statuses.length || !statuses.every((status): status is string => typeof status === 'string')) {
    throw new Error(`rules/defs.json: defs.${name} must be a list of statuses`);
  }
  return statuses;
}

/** What a reviewer typed into the search, read as a MID, a PAN, an e-mail or a name; null when blank. */
export function parseQueueSearch(text: string | undefined): QueueSearch | null {
  const typed = (text ?? '').trim();
  if (!typed) return null;
  if (MID.test(typed)) return { mid: typed };
  if (PAN.test(typed)) return { pan: typed.toUpperCase() };
  if (typed.includes('@')) return { email: typed.toLowerCase() };
  return { name: typed.toLowerCase() };
}

/** The `after` cursor of a sort key: opaque to the console, the key itself to the server. */
export function encodeQueueCursor(key: QueueSortKey): string {
  return Buffer.from(JSON.stringify([key.group_since, key.mid, key.waiting_since, key.kind, key.uuid])).toString('base64url');
}

/** The sort key an `after` cursor holds, or null when it is not one this server wrote. */
export function decodeQueueCursor(cursor: string): QueueSortKey | null {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 5) return null;
  const [groupSince, mid, waitingSince, kind, uuid] = parts as unknown[];
  const time = (value: unknown): value is string => typeof value === 'string' && CURSOR_TIME.test(value);
  if (!time(groupSince) || !time(waitingSince) || typeof mid !== 'string' || !MID.test(mid) || !QUEUE_KINDS.includes(kind as QueueKind) || !isUuid(uuid)) return null;
  return { group_since: groupSince, mid, waiting_since: waitingSince, kind: kind as QueueKind, uuid };
}

/**
 * One page of the items waiting for a review, grouped by merchant, with the sort key of each (the last one's is the
 * next page's `after`) and whether more follow. Every filter is SQL on indexed columns: the page is the database's
 * `limit`, never a list read whole and cut here.
 */
export async function waitingItems(db: Queryable, query: QueueQuery): Promise<{ items: WaitingItem[]; more: boolean }> {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const { category } = query;
  const own = (kind: string) => !query.statuses.only && (category === null || category === kind);
  const branches: string[] = [];
  if (category === null || !Object.values<string>(QUEUE_CATEGORIES).includes(category)) {
    const statuses = param(query.statuses.values, 'text[]');
    branches.push(`select 'document'::text, d.uuid, d.merchant_uuid, d.updated_at
        from kyc_documents d
       where d.active and d.record_type = 'Merchant' and d.status = any(${statuses})
         and (d.kyc_document_type = 'KYC' or (d.kyc_document_type = 'Agreement' and d.status = ${param(query.agreementCopyStatus, 'text')}))
         ${category === null ? '' : `and d.document_category = ${param(category, 'text')}`}`);
  }
  if (own(QUEUE_CATEGORIES.bank_proof)) {
    branches.push(`select 'bank_proof'::text, b.uuid, b.uuid, b.updated_at from merchants b
       where b.record -> 'bank_detail' ->> 'bank_verification_status' = 'pending'
         and b.record -> 'bank_detail' ->> 'bank_verification_proof_file_id' is not null`);
  }
  if (own(QUEUE_CATEGORIES.website)) {
    branches.push(`select 'website'::text, w.uuid, w.uuid, w.updated_at from merchants w
       where w.record ->> 'integration_type' = 'THIRD_PARTY'
         and w.record -> 'website_detail' ->> 'website_approval_status' = any(${param(WEBSITE_IN_REVIEW, 'text[]')})`);
  }
  if (own(QUEUE_CATEGORIES.addendum)) {
    branches.push(`select 'addendum'::text, a.id, a.merchant_uuid, coalesce(a.accepted_at, a.created_at) from addenda a where a.status = 'accepted'`);
  }
  if (!branches.length) return { items: [], more: false };

  const merchantFilters: string[] = [];
  if (query.entity !== null) merchantFilters.push(`m.record -> 'business_entity' ->> 'name' = ${param(query.entity, 'text')}`);
  if (query.merchant !== null) merchantFilters.push(`m.uuid = ${param(query.merchant, 'uuid')}`);
  const search = query.search;
  if (search && 'mid' in search) merchantFilters.push(`m.mid = ${param(search.mid, 'bigint')}`);
  if (search && 'pan' in search) merchantFilters.push(`m.record ->> 'pancard_number' = ${param(search.pan, 'text')}`);
  if (search && 'email' in search) merchantFilters.push(`lower(m.record ->> 'email') = ${param(search.email, 'text')}`);
  if (search && 'name' in search) {
    const prefix = param(`${search.name.replace(/[\\%_]/g, (character) => `\\${character}`)}%`, 'text');
    merchantFilters.push(`(lower(m.record ->> 'name') like ${prefix} or lower(m.record ->> 'pancard_name') like ${prefix} or lower(m.record ->> 'business_name') like ${prefix})`);
  }
  const after = query.after;
  const past = after
    ? `where (group_since, mid, waiting_since, kind, uuid) > (${param(after.group_since, 'timestamptz')}, ${param(after.mid, 'bigint')}, ${param(after.waiting_since, 'timestamptz')}, ${param(after.kind, 'text')}, ${param(after.uuid, 'uuid')})`
    : '';
  const rows = await db.query<{ kind: QueueKind; uuid: string; merchant_uuid: string; mid: string; waiting_since: Date; waiting_text: string; group_text: string }>(
    `with waiting (kind, uuid, merchant_uuid, waiting_since) as (${branches.join('\n union all\n')}),
     grouped as (
       select w.kind, w.uuid, w.merchant_uuid, m.mid, w.waiting_since, min(w.waiting_since) over (partition by w.merchant_uuid) as group_since
         from waiting w join merchants m on m.uuid = w.merchant_uuid
        ${merchantFilters.length ? `where ${merchantFilters.join(' and ')}` : ''}
     )
     select kind, uuid, merchant_uuid, mid::text as mid, waiting_since,
            to_char(waiting_since at time zone 'UTC', ${TIME_TEXT}) as waiting_text, to_char(group_since at time zone 'UTC', ${TIME_TEXT}) as group_text
       from grouped ${past}
      order by group_since, mid, waiting_since, kind, uuid
      limit ${param(query.limit + 1, 'int')}`,
    params,
  );
  return {
    items: rows.slice(0, query.limit).map((row) => ({
      kind: row.kind,
      uuid: row.uuid,
      merchant_uuid: row.merchant_uuid,
      waiting_since: row.waiting_since,
      sort_key: { group_since: row.group_text, mid: row.mid, waiting_since: row.waiting_text, kind: row.kind, uuid: row.uuid },
    })),
    more: rows.length > query.limit,
  };
}
