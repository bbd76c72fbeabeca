/** How a call names a merchant: by its uuid or by its mid (decimal text, as PostgreSQL's bigint reads it). */
export type MerchantKey = { uuid: string } | { mid: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value is a uuid as the API writes them (8-4-4-4-12 hex digits). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const POSITIVE_DECIMAL = /^[1-9][0-9]*$/;
const BIGINT_MAX = 9223372036854775807n;

/**
 * A merchant id from a path, query or body, read strictly: a uuid (8-4-4-4-12 hex digits) or a mid (decimal digits,
 * 1 to PostgreSQL's bigint maximum). Anything else, including a value that is not a string, is null (answered 404).
 */
export function parseMerchantId(id: unknown): MerchantKey | null {
  if (typeof id !== 'string') return null;
  if (UUID.test(id)) return { uuid: id.toLowerCase() };
  if (POSITIVE_DECIMAL.test(id) && BigInt(id) <= BIGINT_MAX) return { mid: id };
  return null;
}

/** The id of a record inside a merchant (a beneficial owner's): decimal digits only, 1 up; null for `0x1`, `1e0`, ` 1`. */
export function parseRecordId(id: unknown): number | null {
  if (typeof id !== 'string' || !POSITIVE_DECIMAL.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : null;
}
