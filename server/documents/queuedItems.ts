import { message } from '../../schemas/messages';
import { addendaInReview } from '../addenda/addenda';
import type { Queryable } from '../db/database';
import type { StoredRequirements } from './requirementVersions';
import type { DocumentCatalogue, DocumentOwner } from './requirementsSource';
import { QUEUE_CATEGORIES, type WaitingItem } from './reviewQueue';
import { WEBSITE_DOCUMENT_CATEGORIES } from './websiteDocuments';

type Json = Record<string, unknown>;
interface Address {
  address_line: string;
  city: string;
  pincode: string;
  state: string;
}

/** What the queue's list shows of a merchant: who it is. */
function merchantListed(uuid: string, mid: string, record: Json) {
  return {
    uuid,
    mid,
    name: record.name ?? null,
    email: record.email ?? null,
    business_entity: (record.business_entity as { name?: string } | null)?.name ?? null,
    pancard_number: record.pancard_number ?? null,
    pancard_name: record.pancard_name ?? null,
    business_name: record.business_name ?? null,
  };
}

/**
 * The merchant's data a reviewer checks an item against, for every party a document may belong to: the business (PAN
 * name, PAN, business name, registered address), its signing authorities and its beneficial owners.
 */
function merchantOf(uuid: string, mid: string, record: Json) {
  const signatories = ((record.account as { signatory_contact_details?: Json[] } | null)?.signatory_contact_details ?? []).filter((person) => person.authorised_signatory !== false);
  const owners = (record.ultimate_beneficiaries as Json[] | null | undefined) ?? [];
  return {
    ...merchantListed(uuid, mid, record),
    gst_number: record.gst_number ?? null,
    registered_address: (record.registration_address as Address | null | undefined) ?? null,
    document_status: record.document_status ?? null,
    signatories: signatories.map((person) => ({ name: person.name ?? null, pancard_number: person.pancard_number ?? null, email: person.email ?? null })),
    beneficial_owners: owners.map((owner) => ({ name: owner.name ?? null, pancard_number: owner.pancard_number ?? null, ownership_percentage: owner.ownership_percentage ?? null })),
  };
}

/** A select-list entry of a merchant record's `fields` and `more` (already SQL) as `record`: parts, never the whole. */
const recordParts = (fields: readonly string[], more: Record<string, string>) =>
  `jsonb_build_object(${[...fields.map((field) => `'${field}', record -> '${field}'`), ...Object.entries(more).map(([key, sql]) => `'${key}', ${sql}`)].join(', ')}) as record`;
const recordPath = (path: string) => `record -> ${path.split('.').map((part) => `'${part}'`).join(' -> ')}`;
/** The parts of a merchant record a whole item shows. */
const SHOWN_RECORD = recordParts(['name', 'email', 'business_entity', 'pancard_number', 'pancard_name', 'business_name', 'gst_number', 'registration_address', 'document_status', 'ultimate_beneficiaries', 'bank_detail'], {
  account: `jsonb_build_object('signatory_contact_details', ${recordPath('account.signatory_contact_details')})`,
  website_detail: `case jsonb_typeof(${recordPath('website_detail')}) when 'object' then (${recordPath('website_detail')}) - 'comments' end`,
});
/** The parts the list shows: who the merchant is, a bank proof's type and file, a website's status. */
const LISTED_RECORD = recordParts(['name', 'email', 'business_entity', 'pancard_number', 'pancard_name', 'business_name'], {
  bank_detail: `jsonb_build_object('bank_verification_proof', ${recordPath('bank_detail.bank_verification_proof')}, 'bank_verification_proof_file_id', ${recordPath('bank_detail.bank_verification_proof_file_id')})`,
  website_detail: `jsonb_build_object('website_approval_status', ${recordPath('website_detail.website_approval_status')})`,
});

/** Whose document a category is, as the merchant's requirements version says; the company's when it does not say. */
export const documentOwnerOf = (catalogue: DocumentCatalogue, category: string): DocumentOwner => catalogue.categories[category]?.owner ?? 'company';

/**
 * The review queue's items of a page, in its order, each with the labels of the merchant's requirements version (never
 * a code), whose document it is, and the file to read. `whole` adds what a reviewer checks the item against (that
 * party's data, a website's addresses and documents, an addendum's data): the list shows less, and opening an item
 * asks for its merchant's items whole. An item reviewed between the page's query and this one is left out.
 */
export async function queuedItems(db: Queryable, requirements: StoredRequirements, page: readonly WaitingItem[], whole: boolean) {
  const ids = (kind: WaitingItem['kind']) => page.filter((item) => item.kind === kind).map((item) => item.uuid);
  /** Rows of `sql` for `list` (none asked when the page holds nothing of the kind). */
  const rowsFor = <Row>(list: readonly string[], sql: string) => (list.length ? db.query<Row>(sql, [list]) : Promise.resolve([]));
  // One round trip's wait for all four: each reads by primary key or index, none depends on another.
  const [merchantRows, documentRows, addendaRows, websiteFiles] = await Promise.all([
    rowsFor<{ uuid: string; mid: string; record: Json; requirements_version: number | null }>(
      [...new Set(page.map((item) => item.merchant_uuid))],
      `select uuid, mid::text as mid, ${whole ? SHOWN_RECORD : LISTED_RECORD}, requirements_version from merchants where uuid = any($1::uuid[])`,
    ),
    rowsFor<{ uuid: string; status: string; remarks: string | null; document_category: string; document_type: string | null; processed_file_id: string | null }>(
      ids('document'),
      'select uuid, status, remarks, document_category, document_type, processed_file_id from kyc_documents where uuid = any($1::uuid[])',
    ),
    addendaInReview(db, ids('addendum')),
    // The documents each website's merchant provided for it (in force), shown with the website.
    rowsFor<{ merchant_uuid: string; document_category: string; status: string; processed_file_id: string; name: string; byte_size: number }>(
      whole ? ids('website') : [],
      `select d.merchant_uuid, d.document_category, d.status, d.processed_file_id, f.name, f.byte_size
         from kyc_documents d join stored_files f on f.id = d.processed_file_id
        where d.record_type = 'WebsiteDetail' and d.active and d.merchant_uuid = any($1::uuid[])
        order by d.created_at, d.uuid`,
    ),
  ]);
  const merchants = new Map(merchantRows.map((row) => [row.uuid, row]));
  const documents = new Map(documentRows.map((row) => [row.uuid, row]));
  const addenda = new Map(addendaRows.map((addendum) => [addendum.id, addendum]));
  const current = await requirements.current();
  const catalogueOf = async (version: number | null) => (version === null ? current : ((await requirements.version(version)) ?? current)).catalogue;

  const items = await Promise.all(
    page.map(async (item) => {
      const row = merchants.get(item.merchant_uuid);
      if (!row) return [];
      const merchant = whole ? merchantOf(row.uuid, row.mid, row.record) : merchantListed(row.uuid, row.mid, row.record);
      const waiting = { uuid: item.uuid, waiting_since: item.waiting_since, remarks: null, owner: null, document_type_label: null };
      if (item.kind === 'document') {
        const document = documents.get(item.uuid);
        if (!document) return [];
        const catalogue = await catalogueOf(row.requirements_version);
        const type = document.document_type ? catalogue.types[document.document_type] : undefined;
        return [
          {
            ...waiting,
            kind: item.kind,
            status: document.status,
            remarks: document.remarks,
            document_category: document.document_category,
            category_label: message(catalogue.categories[document.document_category]?.label ?? document.document_category),
            document_type: document.document_type,
            document_type_label: type ? message(type.label) : document.document_type,
            owner: documentOwnerOf(catalogue, document.document_category),
            file: document.processed_file_id ? `/api/v1/files/${document.processed_file_id}` : null,
            merchant,
          },
        ];
      }
      if (item.kind === 'bank_proof') {
        const bank = row.record.bank_detail as Record<string, string | null>;
        return [
          {
            ...waiting,
            kind: item.kind,
            status: 'pending',
            document_category: QUEUE_CATEGORIES.bank_proof,
            category_label: `${message('ops.queue.bankProof')} · ${message(`bankProof.type.${bank.bank_verification_proof}`)}`,
            document_type: bank.bank_verification_proof,
            file: `/api/v1/files/${bank.bank_verification_proof_file_id}`,
            merchant: whole ? { ...merchant, holder_name: bank.holder_name, bank_account_number: bank.bank_account_number, ifsc_code: bank.ifsc_code } : merchant,
          },
        ];
      }
      if (item.kind === 'website') {
        const website = row.record.website_detail as Record<string, string | null>;
        return [
          {
            ...waiting,
            kind: item.kind,
            status: website.website_approval_status,
            document_category: QUEUE_CATEGORIES.website,
            category_label: message('ops.queue.website'),
            document_type: null,
            file: null,
            merchant: whole
              ? {
                  ...merchant,
                  website_url: website.website_url,
                  android_url: website.android_url,
                  ios_url: website.ios_url,
                  liveliness_status: website.liveliness_status ?? null,
                  domain_status_by_merchant: website.domain_status_by_merchant ?? null,
                }
              : merchant,
            ...(whole && {
              documents: websiteFiles
                .filter((file) => file.merchant_uuid === row.uuid)
                .map((file) => {
                  const category = WEBSITE_DOCUMENT_CATEGORIES.find((entry) => entry.code === file.document_category);
                  return { category_label: message(category?.label ?? file.document_category), status: file.status, file: `/api/v1/files/${file.processed_file_id}`, filename: file.name, byte_size: file.byte_size };
                }),
            }),
          },
        ];
      }
      const addendum = addenda.get(item.uuid);
      if (!addendum) return [];
      return [
        {
          ...waiting,
          kind: item.kind,
          status: addendum.status,
          document_category: QUEUE_CATEGORIES.addendum,
          category_label: `${message('ops.queue.addendum')} · ${message(`ops.queue.addendum.${addendum.source}`)}`,
          document_type: addendum.source,
          file: addendum.file,
          merchant,
          ...(whole && { old_data: addendum.old_data, new_data: addendum.new_data }),
        },
      ];
    }),
  );
  return items.flat();
}
