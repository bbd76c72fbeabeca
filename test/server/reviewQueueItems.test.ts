import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_COPY_STATUS } from '../../server/agreements/signedCopy';
import { SUBMITTED } from '../../server/documents/kycDocuments';
import { WEBSITE_IN_REVIEW } from '../../server/documents/reviewQueue';
import { testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** A merchant row as the queue reads it (the API's checks are not the subject here); its uuid. */
async function merchant(record: Record<string, unknown> = {}): Promise<string> {
  const uuid = randomUUID();
  const whole = { uuid, name: 'Asha Rao', email: 'Asha.Rao@example.in', pancard_number: 'AAACR1234K', pancard_name: 'RAO TRADERS PRIVATE LIMITED', business_name: 'Rao Traders', business_entity: { name: 'Private Limited' }, ...record };
  await t.db.query('insert into merchants (uuid, record) values ($1, $2)', [uuid, JSON.stringify(whole)]);
  return uuid;
}

/** A document of the merchant's in force with `status`; its uuid. */
async function document(merchantUuid: string, category: string, status: string, type = 'KYC'): Promise<string> {
  const uuid = randomUUID();
  await t.db.query('insert into kyc_documents (uuid, merchant_uuid, document_category, status, active, kyc_document_type) values ($1, $2, $3, $4, true, $5)', [uuid, merchantUuid, category, status, type]);
  return uuid;
}

/**
 * What waits, computed from the source tables as the queue's former query did (kyc_documents, the merchants' JSON,
 * addenda): the table the triggers keep must hold exactly these items.
 */
async function waitingFromSources(): Promise<string[]> {
  const rows = await t.db.query<{ item: string }>(
    `select kind || ' ' || uuid || ' ' || category as item from (
       select 'document' as kind, uuid, document_category as category from kyc_documents
        where active and record_type = 'Merchant' and ((kyc_document_type = 'KYC' and status = any($1)) or (kyc_document_type = 'Agreement' and status = $2))
       union all
       select 'bank_proof', uuid, 'BANK_PROOF' from merchants
        where record -> 'bank_detail' ->> 'bank_verification_status' = 'pending' and record -> 'bank_detail' ->> 'bank_verification_proof_file_id' is not null
       union all
       select 'website', uuid, 'WEBSITE' from merchants
        where record ->> 'integration_type' = 'THIRD_PARTY' and record -> 'website_detail' ->> 'website_approval_status' = any($3)
       union all
       select 'addendum', id, 'ADDENDUM' from addenda where status = 'accepted'
     ) waiting order by 1`,
    [[...SUBMITTED, AGREEMENT_COPY_STATUS], AGREEMENT_COPY_STATUS, WEBSITE_IN_REVIEW],
  );
  return rows.map((row) => row.item);
}

const queued = async () => (await t.db.query<{ item: string }>("select kind || ' ' || uuid || ' ' || category as item from review_queue_items order by 1")).map((row) => row.item);

/** The counts the triggers keep, and the counts of the table itself, by category. */
async function counts(): Promise<{ kept: Record<string, number>; actual: Record<string, number> }> {
  const kept = await t.db.query<{ category: string; n: number }>('select category, sum(items)::int as n from review_queue_counts group by category having sum(items) <> 0 order by 1');
  const actual = await t.db.query<{ category: string; n: number }>('select category, count(*)::int as n from review_queue_items group by category order by 1');
  const byCategory = (rows: Array<{ category: string; n: number }>) => Object.fromEntries(rows.map((row) => [row.category, row.n]));
  return { kept: byCategory(kept), actual: byCategory(actual) };
}

/**
 * Merchants whose items do not share one group time. (An item may have waited from a little before its group's time:
 * its time is stamped before it waits for the merchant's lock, behind the item that started the group.)
 */
const brokenGroups = async () =>
  t.db.query<{ merchant_uuid: string }>('select merchant_uuid from review_queue_items group by merchant_uuid having count(distinct group_since) > 1');

describe('review_queue_items (migration 028)', () => {
  it('waits on the statuses the code names: documents sent for review, signed agreement copies, websites in review', async () => {
    const statuses = [...SUBMITTED, AGREEMENT_COPY_STATUS, 'Pending', 'Approved', 'Declined', 'accepted'];
    for (const type of ['KYC', 'Agreement']) {
      for (const status of statuses) {
        for (const [recordType, active] of [['Merchant', true], ['Merchant', false], ['Account', true], ['WebsiteDetail', true]] as const) {
          const [row] = await t.db.query<{ waits: boolean }>('select review_queue_document_waits($1, $2, $3, $4) as waits', [type, recordType, active, status]);
          const expected = active && recordType === 'Merchant' && ((type === 'KYC' && [...SUBMITTED, AGREEMENT_COPY_STATUS].includes(status)) || (type === 'Agreement' && status === AGREEMENT_COPY_STATUS));
          expect(row!.waits, `${type} ${status} ${recordType} ${active}`).toBe(expected);
        }
      }
    }
    for (const status of ['Pending', 'Verification in Process', 'Website OK', 'Website Error', 'Not live', 'Under Construction', 'Incomplete', null]) {
      for (const integration of ['THIRD_PARTY', 'NO_WEBSITE']) {
        const record = { integration_type: integration, website_detail: { website_approval_status: status } };
        const [row] = await t.db.query<{ waits: boolean }>("select review_queue_merchant_waits('website', $1) as waits", [JSON.stringify(record)]);
        expect(row!.waits, `${integration} ${status}`).toBe(integration === 'THIRD_PARTY' && status !== null && WEBSITE_IN_REVIEW.includes(status));
      }
    }
  });

  it('follows documents, bank proofs, websites and addenda as they come and go, with exact counts', async () => {
    const first = await merchant();
    const second = await merchant({ business_entity: { name: 'Partnership' } });
    const waiting = await document(first, 'PANCARD_COMPANY', 'DOCUMENT_SUBMITTED');
    const draft = await document(first, 'SC', 'Pending');
    await document(second, 'GST_CERTIFICATE', 'DOCUMENT_REUPLOADED');
    await document(second, 'SERVICE_AGREEMENT', AGREEMENT_COPY_STATUS, 'Agreement');
    await document(second, 'SERVICE_AGREEMENT_OLD', 'Approved', 'Agreement');
    expect(await queued()).toEqual(await waitingFromSources());

    await t.db.query("update kyc_documents set status = 'DOCUMENT_SUBMITTED' where uuid = $1", [draft]);
    await t.db.query("update kyc_documents set status = 'Approved' where uuid = $1", [waiting]);
    await t.db.query("update merchants set record = record || $2 where uuid = $1", [first, JSON.stringify({ bank_detail: { bank_verification_status: 'pending', bank_verification_proof_file_id: randomUUID() } })]);
    await t.db.query("update merchants set record = record || $2 where uuid = $1", [second, JSON.stringify({ integration_type: 'THIRD_PARTY', website_detail: { website_approval_status: 'Pending' } })]);
    const addendum = randomUUID();
    await t.db.query("insert into addenda (id, merchant_uuid, source, status, old_data, new_data) values ($1, $2, 'bank', 'pending', '{}', '{}')", [addendum, first]);
    await t.db.query("update addenda set status = 'accepted', accepted_at = now() where id = $1", [addendum]);
    expect(await queued()).toEqual(await waitingFromSources());
    expect((await queued()).map((item) => item.split(' ')[0])).toEqual(expect.arrayContaining(['document', 'bank_proof', 'website', 'addendum']));

    await t.db.query("update merchants set record = record || $2 where uuid = $1", [first, JSON.stringify({ bank_detail: { bank_verification_status: 'verified', bank_verification_proof_file_id: null } })]);
    await t.db.query("update merchants set record = jsonb_set(record, '{website_detail,website_approval_status}', '\"Website OK\"') where uuid = $1", [second]);
    await t.db.query("update addenda set status = 'approved' where id = $1", [addendum]);
    await t.db.query('update kyc_documents set active = false where uuid = $1', [draft]);
    expect(await queued()).toEqual(await waitingFromSources());
    const { kept, actual } = await counts();
    expect(kept).toEqual(actual);

    // A merchant deleted takes its items and their counts with it.
    await t.db.query('delete from merchants where uuid = $1', [second]);
    expect(await queued()).toEqual(await waitingFromSources());
    const after = await counts();
    expect(after.kept).toEqual(after.actual);
    expect(await brokenGroups()).toEqual([]);
  });

  it('keeps a merchant\'s group time while any item waits, and an item\'s place while it waits', async () => {
    const uuid = await merchant();
    const one = await document(uuid, 'PANCARD_COMPANY', 'DOCUMENT_SUBMITTED');
    await t.db.query("update kyc_documents set updated_at = now() + interval '1 minute' where uuid = $1", [one]);
    await document(uuid, 'SC', 'DOCUMENT_SUBMITTED');
    const before = await t.db.query<{ uuid: string; waiting_since: Date; group_since: Date }>('select uuid, waiting_since, group_since from review_queue_items where merchant_uuid = $1 order by waiting_since', [uuid]);
    expect(before).toHaveLength(2);
    expect(before[0]!.uuid).toBe(one);
    expect(before.every((row) => row.group_since.getTime() === before[0]!.waiting_since.getTime())).toBe(true);
    await t.db.query("update kyc_documents set status = 'Approved' where uuid = $1", [one]);
    const [left] = await t.db.query<{ group_since: Date }>('select group_since from review_queue_items where merchant_uuid = $1', [uuid]);
    expect(left!.group_since.getTime()).toBe(before[0]!.group_since.getTime());
  });

  it('follows the merchant\'s searchable data', async () => {
    const uuid = await merchant();
    await document(uuid, 'PANCARD_COMPANY', 'DOCUMENT_SUBMITTED');
    await t.db.query('update merchants set record = record || $2 where uuid = $1', [uuid, JSON.stringify({ name: 'Meera Iyer', email: 'MEERA@example.in', business_entity: { name: 'LLP' } })]);
    const [row] = await t.db.query('select name, email, entity, pan from review_queue_items where merchant_uuid = $1', [uuid]);
    expect(row).toEqual({ name: 'meera iyer', email: 'meera@example.in', entity: 'LLP', pan: 'AAACR1234K' });
  });

  it('holds one group per merchant and exact counts through a burst of documents sent and reviewed at once', async () => {
    const merchants = [await merchant(), await merchant(), await merchant()];
    const drafts = await Promise.all(merchants.flatMap((uuid) => Array.from({ length: 8 }, (_, index) => document(uuid, `CATEGORY_${index}`, 'Pending'))));
    // Every draft is sent at once; then every other one approved while the rest are sent again.
    await Promise.all(drafts.map((uuid) => t.db.query("update kyc_documents set status = 'DOCUMENT_SUBMITTED', updated_at = clock_timestamp() where uuid = $1", [uuid])));
    await Promise.all(drafts.map((uuid, index) => t.db.query(index % 2 ? "update kyc_documents set status = 'Approved' where uuid = $1" : "update kyc_documents set status = 'DOCUMENT_REUPLOADED' where uuid = $1", [uuid])));
    expect(await queued()).toEqual(await waitingFromSources());
    expect(await brokenGroups()).toEqual([]);
    const { kept, actual } = await counts();
    expect(kept).toEqual(actual);
  });
});
