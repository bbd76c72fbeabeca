import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { withValueAt } from '../../rules/withValueAt';
import { message } from '../../schemas/messages';
import type { Queryable } from '../db/database';
import { apiError, validationError } from '../errors';
import type { ContentStore } from '../files/contentStore';
import { saveFile } from '../files/fileStore';
import { applyBankChange } from '../merchants/bankChange';
import { lockedRecord, saveRecord, type MerchantRecord } from '../merchants/store';
import { addressesUpdate } from '../merchants/updates/addresses';
import { notifyProfile } from '../penny/profileEvents';
import { registeredValidator, type AjvInstance } from '../../schemas/ajv';
import type { AddendaNewDataAddress, AddendaNewDataBank, AddendaNewDataGst, AddendaNewDataWebsite } from '../../schemas/generated/apiRequests';
import { addendumPdf } from './addendumPdf';

/** What an addendum changes (onboarding spec section 7: the sources of generate_addendum_data and accept_addendum). */
export const ADDENDUM_SOURCES = ['bank', 'website_detail', 'address', 'gst'] as const;
export type AddendumSource = (typeof ADDENDUM_SOURCES)[number];

export type AddendumStatus = 'pending' | 'accepted' | 'approved' | 'declined' | 'superseded';
type Data = Record<string, unknown>;

/** An addendum as the API answers it (the merchant's own data before and after, its PDF to read). */
export interface Addendum {
  id: string;
  source: AddendumSource;
  /** The step whose screen shows it. */
  step: string;
  status: AddendumStatus;
  old_data: Data;
  new_data: Data;
  file: string | null;
  remarks: string | null;
  created_at: string;
  accepted_at: string | null;
  decided_at: string | null;
}

/** What approving an addendum needs besides the record: the bank's settlement hold, the time, and the validators. */
export interface ApplyContext {
  settlementHoldHours: number;
  now: Date;
  ajv: AjvInstance;
}

/** The new data of each source as an addendum stores it (schemas/api/addenda.json, `newData*`). */
interface NewDataOf {
  bank: AddendaNewDataBank;
  website_detail: AddendaNewDataWebsite;
  address: AddendaNewDataAddress;
  gst: AddendaNewDataGst;
}

/**
 * One source of addenda: the status rule (rules/status.json) that says a change must wait for one, where the record
 * keeps its addendum status, the data a change replaces, and the record with the change made once it is approved.
 */
interface Source<New> {
  /** The step whose screen shows the addendum, and whose rules say whether the details may change at all. */
  step: 'bank-details' | 'website-details' | 'kyc' | 'business-details';
  needed: string;
  statusPath: readonly string[];
  current(record: MerchantRecord): Data;
  /** The schema the stored new data must still pass when it is approved (its type is `New`). */
  newData: string;
  apply(tx: Queryable, record: MerchantRecord, data: New, context: ApplyContext): Promise<MerchantRecord>;
}

const NEW_DATA = 'https://onboarding.local/schemas/api/addenda.json#/$defs/';

const WEBSITE_URLS = ['website_url', 'android_url', 'ios_url'] as const;
const pick = (value: unknown, keys: readonly string[]): Data =>
  Object.fromEntries(keys.map((key) => [key, (value as Data | null | undefined)?.[key] ?? null]));

const SOURCES: { readonly [S in AddendumSource]: Source<NewDataOf[S]> } = {
  bank: {
    step: 'bank-details',
    needed: 'bankAddendumNeeded',
    statusPath: ['bank_detail', 'addendum_status'],
    current: (record) => pick(record.bank_detail, ['holder_name', 'bank_account_number', 'ifsc_code']),
    newData: `${NEW_DATA}newDataBank`,
    apply: (tx, record, data, { settlementHoldHours, now }) => applyBankChange(tx, record, data, settlementHoldHours, now),
  },
  website_detail: {
    step: 'website-details',
    needed: 'websiteAddendumNeeded',
    statusPath: ['website_detail', 'addendum_status'],
    current: (record) => ({ integration_type: record.integration_type ?? null, ...pick(record.website_detail, WEBSITE_URLS) }),
    // The reviewer who approves the addendum has checked the new addresses: the website stays approved.
    newData: `${NEW_DATA}newDataWebsite`,
    apply: async (_tx, record, { integration_type, website_url, android_url, ios_url }) => {
      if (!record.website_detail) throw new Error('A website addendum needs the website detail it changes');
      return {
        ...record,
        integration_type,
        website_detail: { ...record.website_detail, website_url, android_url, ios_url, website_url_invalid: false, android_url_invalid: false, ios_url_invalid: false },
      };
    },
  },
  address: {
    step: 'kyc',
    needed: 'addressAddendumNeeded',
    statusPath: ['address_addendum_status'],
    current: (record) => pick(record, ['registration_address', 'operating_address']),
    newData: `${NEW_DATA}newDataAddress`,
    apply: async (_tx, record, data) => addressesUpdate.apply(record, data),
  },
  gst: {
    step: 'business-details',
    needed: 'gstAddendumNeeded',
    statusPath: ['gst_addendum_status'],
    current: (record) => pick(record, ['gst_number']),
    newData: `${NEW_DATA}newDataGst`,
    apply: async (_tx, record, { gst_number }) => ({ ...record, gst_number }),
  },
};

/** The step whose rules decide whether the merchant may change the source's details at all (locked: no change). */
export const stepOfSource = (source: AddendumSource) => SOURCES[source].step;

/** Whether a change of `source` must be an addendum now (the source's status rule on the record). */
export function addendumNeeded(record: MerchantRecord, source: AddendumSource): boolean {
  return evaluateStatus(record, rulesConfig)[SOURCES[source].needed] === true;
}

/** The record with the source's addendum status set (null: none open). */
function withAddendumStatus(record: MerchantRecord, source: AddendumSource, status: 'pending' | 'accepted' | 'rejected' | null): MerchantRecord {
  return withValueAt(record, SOURCES[source].statusPath, status) as MerchantRecord;
}

interface AddendumRow {
  id: string;
  merchant_uuid: string;
  source: AddendumSource;
  status: AddendumStatus;
  old_data: Data;
  new_data: Data;
  file_id: string | null;
  remarks: string | null;
  created_at: string;
  accepted_at: string | null;
  decided_at: string | null;
}
const COLUMNS = 'id, merchant_uuid, source, status, old_data, new_data, file_id, remarks, created_at, accepted_at, decided_at';

const addendumOf = (row: AddendumRow): Addendum => ({
  id: row.id,
  source: row.source,
  step: SOURCES[row.source].step,
  status: row.status,
  old_data: row.old_data,
  new_data: row.new_data,
  file: row.file_id ? `/api/v1/files/${row.file_id}` : null,
  remarks: row.remarks,
  created_at: new Date(row.created_at).toISOString(),
  accepted_at: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
  decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
});

/**
 * A change made an addendum (generate_addendum_data), in the transaction that holds the merchant's record locked:
 * the data before and after, and a PDF of the change to read and accept. The record itself does not change, only the
 * source's addendum status (pending). A change the same as the record is refused; a newer change replaces one not yet
 * accepted; while one waits for its review, no other of the same source is taken (the unique index on open addenda
 * holds this even for concurrent calls).
 */
export async function proposeAddendum(tx: Queryable, files: ContentStore, stored: MerchantRecord, source: AddendumSource, newData: Data, userId: string, now: Date): Promise<{ record: MerchantRecord; addendum: Addendum }> {
  const oldData = SOURCES[source].current(stored);
  if (isDeepStrictEqual(oldData, { ...oldData, ...newData })) throw validationError({ new_data: [message('server.addendum.same')] });
  const open = await tx.query<{ id: string; status: AddendumStatus }>("select id, status from addenda where merchant_uuid = $1 and source = $2 and status in ('pending', 'accepted') for update", [stored.uuid, source]);
  if (open.some((row) => row.status === 'accepted')) throw apiError('ADDENDUM_IN_REVIEW');
  if (open.length > 0) await tx.query("update addenda set status = 'superseded', decided_at = $2 where id = $1", [open[0]!.id, now]);

  const id = randomUUID();
  const pdf = await addendumPdf(stored, source, oldData, { ...oldData, ...newData }, now);
  const file = await saveFile(tx, files, { content: pdf, type: 'pdf', name: 'addendum.pdf', origin: 'generated' }, { merchantUuid: stored.uuid, kind: 'addendum', createdBy: userId });
  const [row] = await tx.query<AddendumRow>(
    `insert into addenda (id, merchant_uuid, source, status, old_data, new_data, file_id, created_by, created_at)
     values ($1, $2, $3, 'pending', $4, $5, $6, $7, $8) returning ${COLUMNS}`,
    [id, stored.uuid, source, JSON.stringify(oldData), JSON.stringify({ ...oldData, ...newData }), file.id, userId, now],
  );
  const record = withAddendumStatus(stored, source, 'pending');
  await saveRecord(tx, record, userId, 'addendum.generated', { source, addendum: id });
  return { record, addendum: addendumOf(row!) };
}

/**
 * The merchant accepts the open addendum of `source` (accept_addendum): it waits for a reviewer. Refused (the spec's
 * "Some error occured, please refresh the page.") when none waits for acceptance, e.g. a newer change replaced it.
 */
export async function acceptAddendum(tx: Queryable, stored: MerchantRecord, source: AddendumSource, userId: string, now: Date, expected?: Data): Promise<{ record: MerchantRecord; addendum: Addendum }> {
  const [open] = await tx.query<AddendumRow>(`select ${COLUMNS} from addenda where merchant_uuid = $1 and source = $2 and status = 'pending' for update`, [stored.uuid, source]);
  // The spec's body may carry the new data the merchant read (new_address): it must be the addendum's.
  if (!open || (expected && !isDeepStrictEqual({ ...open.new_data, ...expected }, open.new_data))) throw apiError('ADDENDUM_NOT_OPEN');
  const [row] = await tx.query<AddendumRow>(`update addenda set status = 'accepted', accepted_at = $2, accepted_by = $3 where id = $1 returning ${COLUMNS}`, [open.id, now, userId]);
  const record = withAddendumStatus(stored, source, 'accepted');
  await saveRecord(tx, record, userId, 'addendum.accepted', { source, addendum: open.id });
  return { record, addendum: addendumOf(row!) };
}

/**
 * The record with an addendum's stored new data applied, once that data passes its schema again (it was checked as
 * the change when proposed; a release since may have changed what is valid: then the approval is refused with a 422
 * saying so, and nothing changes; the reviewer may still decline it).
 */
async function applyNewData<S extends AddendumSource>(tx: Queryable, record: MerchantRecord, sourceName: S, data: unknown, context: ApplyContext): Promise<MerchantRecord> {
  const source: Source<NewDataOf[S]> = SOURCES[sourceName];
  const validate = registeredValidator<NewDataOf[S]>(context.ajv, source.newData);
  if (!validate(data)) throw validationError({ new_data: [message('server.addendum.stale')] });
  return source.apply(tx, record, data, context);
}

/**
 * A reviewer's decision on an accepted addendum (the staff review call): approved, the record changes now (a bank
 * change starts its test deposit and holds settlements); declined, the record stays as it was and the merchant reads
 * why. The merchant's open pages hear of it on the live channel.
 */
export async function decideAddendum(tx: Queryable, id: string, approved: boolean, remarks: string | null, staffId: string, context: ApplyContext): Promise<{ record: MerchantRecord; addendum: Addendum }> {
  const [open] = await tx.query<AddendumRow>(`select ${COLUMNS} from addenda where id = $1 and status = 'accepted' for update`, [id]);
  if (!open) throw apiError('NOT_FOUND');
  const locked = await lockedRecord(tx, open.merchant_uuid);
  if (!locked) throw apiError('NOT_FOUND');
  const record = approved
    ? withAddendumStatus(await applyNewData(tx, locked, open.source, open.new_data, context), open.source, null)
    : withAddendumStatus(locked, open.source, 'rejected');
  const [row] = await tx.query<AddendumRow>(`update addenda set status = $2, decided_at = $3, decided_by = $4, remarks = $5 where id = $1 returning ${COLUMNS}`, [
    id,
    approved ? 'approved' : 'declined',
    context.now,
    staffId,
    approved ? null : remarks,
  ]);
  await saveRecord(tx, record, staffId, approved ? 'addendum.approved' : 'addendum.declined', { source: open.source, addendum: id, remarks });
  await notifyProfile(tx, open.merchant_uuid, { addendum: { source: open.source, status: approved ? null : 'rejected' } });
  return { record, addendum: addendumOf(row!) };
}

/** The merchant's latest addendum of each source (a replaced one is not shown). */
export async function latestAddenda(db: Queryable, merchantUuid: string): Promise<Addendum[]> {
  const rows = await db.query<AddendumRow>(
    `select distinct on (source) ${COLUMNS} from addenda where merchant_uuid = $1 and status <> 'superseded' order by source, created_at desc, id`,
    [merchantUuid],
  );
  return rows.map(addendumOf);
}

/** The addenda of `ids` that wait for a reviewer (accepted by their merchants): the review queue's page of them. */
export async function addendaInReview(db: Queryable, ids: readonly string[]): Promise<Array<Addendum & { merchant_uuid: string }>> {
  if (!ids.length) return [];
  const rows = await db.query<AddendumRow>(`select ${COLUMNS} from addenda where id = any($1::uuid[]) and status = 'accepted'`, [ids]);
  return rows.map((row) => ({ ...addendumOf(row), merchant_uuid: row.merchant_uuid }));
}
