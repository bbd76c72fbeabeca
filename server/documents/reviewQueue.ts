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
  /** Documents of this status only (other kinds have none); a status that does not wait for a review finds nothing. */
  status: string | null;
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

/** The SQL of a page of {@link waitingItems} and its parameters (the scale bench EXPLAINs it). */
export function waitingItemsSql(query: QueueQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const filters: string[] = [];
  if (query.status !== null) filters.push(`status = ${param(query.status, 'text')}`);
  if (query.category !== null) filters.push(`category = ${param(query.category, 'text')}`);
  if (query.entity !== null) filters.push(`entity = ${param(query.entity, 'text')}`);
  if (query.merchant !== null) filters.push(`merchant_uuid = ${param(query.merchant, 'uuid')}`);
  const search = query.search;
  if (search && 'mid' in search) filters.push(`mid = ${param(search.mid, 'bigint')}`);
  if (search && 'pan' in search) filters.push(`pan = ${param(search.pan, 'text')}`);
  if (search && 'email' in search) filters.push(`email = ${param(search.email, 'text')}`);
  if (search && 'name' in search) {
    const prefix = param(`${search.name.replace(/[\\%_]/g, (character) => `\\${character}`)}%`, 'text');
    filters.push(`(name like ${prefix} or pancard_name like ${prefix} or business_name like ${prefix})`);
  }
  const after = query.after;
  if (after) {
    filters.push(
      `(group_since, mid, waiting_since, kind, uuid) > (${param(after.group_since, 'timestamptz')}, ${param(after.mid, 'bigint')}, ${param(after.waiting_since, 'timestamptz')}, ${param(after.kind, 'text')}, ${param(after.uuid, 'uuid')})`,
    );
  }
  // Sorted by the table's own columns (q.mid, a number): the MID as text, which the answer carries, would sort otherwise.
  const text = `select q.kind, q.uuid, q.merchant_uuid, q.mid::text as mid, q.waiting_since,
            to_char(q.waiting_since at time zone 'UTC', ${TIME_TEXT}) as waiting_text, to_char(q.group_since at time zone 'UTC', ${TIME_TEXT}) as group_text
       from review_queue_items q
      ${filters.length ? `where ${filters.join(' and ')}` : ''}
      order by q.group_since, q.mid, q.waiting_since, q.kind, q.uuid
      limit ${param(query.limit + 1, 'int')}`;
  return { text, values };
}

/**
 * One page of the items waiting for a review, grouped by merchant, with the sort key of each (the last one's is the
 * next page's `after`) and whether more follow: a keyset scan of `review_queue_items` (migration 028, kept by triggers)
 * on the index of the filter asked, never a list read whole and cut here.
 */
export async function waitingItems(db: Queryable, query: QueueQuery): Promise<{ items: WaitingItem[]; more: boolean }> {
  const { text, values } = waitingItemsSql(query);
  const rows = await db.query<{ kind: QueueKind; uuid: string; merchant_uuid: string; mid: string; waiting_since: Date; waiting_text: string; group_text: string }>(text, values);
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

/** The SQL of {@link waitingCounts}. */
export const WAITING_COUNTS_SQL = 'select category, sum(items)::text as items from review_queue_counts group by category having sum(items) > 0 order by category';

/** The items waiting in each category (those the queue's own kinds have too), from the counts the triggers keep: no scan. */
export async function waitingCounts(db: Queryable): Promise<Record<string, number>> {
  const rows = await db.query<{ category: string; items: string }>(WAITING_COUNTS_SQL);
  return Object.fromEntries(rows.map((row) => [row.category, Number(row.items)]));
}
