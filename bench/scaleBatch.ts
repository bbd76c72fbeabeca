import type { Queryable } from '../server/db/database';

/** What every batch copies from: the demo merchants' records and the values the seeded database holds. */
export interface ScaleTemplates {
  /** The demo merchants' records, copied in turn (merchant i takes record i mod their count). */
  records: unknown[];
  /** A verified bank detail, for merchants whose copied record has none but get a bank proof or an addendum. */
  bankDetail: unknown;
  /** A website detail with nothing filled (`emptyWebsiteDetail()`), for websites in review. */
  websiteDetail: unknown;
  /** The owner's role name and permissions, as a signed-up merchant's owner has them. */
  ownerRole: string;
  ownerPermissions: string[];
  /** The published requirements version: merchants with documents are pinned to it, as an upload pins them. */
  requirementsVersion: number;
  /** The KYC document categories each merchant with a business entity has one document of. */
  categories: string[];
  /** A staff member the generated audit entries name. */
  staffUserId: string;
}

/** One merchant in 250 (of those with a verified PAN) has a bank proof waiting; one other, a website in review. */
const BANK_PROOF = 'i % 250 = 7';
const WEBSITE = 'i % 250 = 11';
/** One merchant in 200 has a bank addendum accepted and waiting for review, one other an approved one. */
const ADDENDUM = 'i % 200 in (3, 4)';
/** A merchant's document j status, from a hash of i and j: 3 % submitted, 1 % re-uploaded, 26 % pending, ... */
const DOCUMENT_STATUS = `case when h < 3 then 'DOCUMENT_SUBMITTED' when h < 4 then 'DOCUMENT_REUPLOADED' when h < 30 then 'Pending'
  when h < 90 then 'Approved' else 'Declined' end`;
/** A PAN per merchant: the copied PAN's fourth letter (the holder's kind) kept, the rest from i. */
const PAN = `chr(65 + (i / 10000) % 26) || chr(65 + (i / 260000) % 26) || chr(65 + (i / 6760000) % 26)
  || coalesce(substr(record ->> 'pancard_number', 4, 1), 'P') || chr(65 + (i / 175760000) % 26) || lpad((i % 10000)::text, 4, '0') || chr(65 + i % 26)`;
const CONTENT = `convert_to('%PDF-1.4' || chr(10) || '% scale bench ' || s.i || '-' || c.j || chr(10) || '%%EOF' || chr(10), 'UTF8')`;

/**
 * Adds merchants `first`..`last` (numbered from 1) with everything a merchant has: owner (and for one in ten a second
 * user), memberships, sessions (most expired), KYC documents with their stored files, bank proofs, websites in
 * review, addenda, events, and a few audit entries. Ids are derived from the merchant's number, so a batch that ran
 * cannot run twice. Runs inside the caller's transaction.
 */
export async function insertScaleBatch(tx: Queryable, first: number, last: number, templates: ScaleTemplates): Promise<void> {
  await tx.query('set local synchronous_commit = off');
  await tx.query(`create temp table scale_merchants (
      i integer primary key, user_id uuid not null, member_id uuid, merchant_uuid uuid not null, mid bigint not null,
      record jsonb not null, verified boolean not null, has_documents boolean not null, created_at timestamptz not null
    ) on commit drop`);
  await tx.query(
    `insert into scale_merchants
     select g.i, md5('scale-user-' || g.i)::uuid, case when g.i % 10 = 0 then md5('scale-member-' || g.i)::uuid end,
            md5('scale-merchant-' || g.i)::uuid, g.mid, t.record,
            coalesce(t.record ->> 'pan_verification_status', '') = 'verified', t.record ->> 'business_entity_id' is not null, g.created_at
       from (select i, nextval('merchant_mid_seq') as mid, now() - random() * interval '730 days' as created_at
               from generate_series($1::int, $2::int) as s (i)) g
       join jsonb_array_elements($3::jsonb) with ordinality as t (record, n) on t.n = g.i % jsonb_array_length($3::jsonb) + 1`,
    [first, last, JSON.stringify(templates.records)],
  );
  await tx.query(
    `update scale_merchants s set record = s.record
        || jsonb_build_object('uuid', s.merchant_uuid, 'mid', s.mid, 'name', v.name, 'email', 'scale.merchant.' || s.i || '@example.com',
                              'registered_mobile', '6' || lpad(s.i::text, 9, '0'))
        || case when s.record ->> 'pancard_number' is not null then jsonb_build_object('pancard_number', v.pan) else '{}' end
        || case when s.record ->> 'pancard_name' is not null then jsonb_build_object('pancard_name', upper(v.name)) else '{}' end
        || case when s.record ->> 'business_name' is not null then jsonb_build_object('business_name', upper(v.name)) else '{}' end
        || case when jsonb_typeof(s.record -> 'account') = 'object'
                then jsonb_build_object('account_uuid', v.account, 'account', (s.record -> 'account') || jsonb_build_object('uuid', v.account)) else '{}' end
        || case when s.verified and s.${BANK_PROOF}
                then jsonb_build_object('bank_detail', coalesce(nullif(s.record -> 'bank_detail', 'null'), $1::jsonb)
                     || jsonb_build_object('bank_verification_status', 'pending', 'bank_verification_proof', 'BS',
                                           'bank_verification_proof_file_id', md5('scale-bank-proof-' || s.i)::uuid, 'holder_name', upper(v.name)))
                else '{}' end
        || case when s.verified and s.${WEBSITE}
                then jsonb_build_object('integration_type', 'THIRD_PARTY', 'website_detail', $2::jsonb
                     || jsonb_build_object('uuid', md5('scale-website-' || s.i)::uuid, 'website_url', 'https://shop' || s.i || '.example.com',
                                           'website_approval_status', case when s.i % 2 = 0 then 'Pending' else 'Verification in Process' end))
                else '{}' end
       from (select i, (record ->> 'name') || ' ' || i as name, ${PAN} as pan, md5('scale-account-' || i)::uuid as account from scale_merchants) v
      where v.i = s.i`,
    [JSON.stringify(templates.bankDetail), JSON.stringify(templates.websiteDetail)],
  );
  await tx.query(
    `insert into users (id, email, mobile, name, created_at)
     select user_id, record ->> 'email', record ->> 'registered_mobile', record ->> 'name', created_at from scale_merchants
     union all
     select member_id, 'scale.member.' || i || '@example.com', '7' || lpad(i::text, 9, '0'), 'Team Member ' || i, created_at
       from scale_merchants where member_id is not null`,
  );
  await tx.query(
    `insert into merchants (uuid, mid, record, created_at, updated_at, requirements_version)
     select merchant_uuid, mid, record, created_at, created_at + random() * (now() - created_at), case when has_documents then $1::int end
       from scale_merchants`,
    [templates.requirementsVersion],
  );
  await tx.query(
    `insert into memberships (user_id, merchant_uuid, role_name, permissions, created_at)
     select user_id, merchant_uuid, $1, $2::text[], created_at from scale_merchants
     union all
     select member_id, merchant_uuid, $1, $2::text[], created_at from scale_merchants where member_id is not null`,
    [templates.ownerRole, templates.ownerPermissions],
  );
  // Two sessions per owner and one per second user; one owner in ten is signed in now, every other session expired.
  await tx.query(
    `insert into sessions (token_hash, user_id, source, expires_at, created_at)
     select md5(random()::text || clock_timestamp()::text) || md5(random()::text), user_id, 'NA', expires_at, expires_at - interval '30 days'
       from (select s.user_id, case when k = 2 and s.i % 10 = 0 then now() + random() * interval '30 days'
                                    else now() - interval '1 minute' - random() * interval '300 days' end as expires_at
               from scale_merchants s cross join generate_series(1, 2) as k
             union all
             select member_id, now() - interval '1 minute' - random() * interval '300 days' from scale_merchants where member_id is not null) sessions`,
  );
  await tx.query(`create temp table scale_documents (
      uuid uuid, file_id uuid, merchant_uuid uuid, user_id uuid, category text, status text, active boolean,
      content bytea, created_at timestamptz, updated_at timestamptz
    ) on commit drop`);
  // Each merchant with a business entity: one document per category, and for two in five an older, declined one.
  await tx.query(
    `insert into scale_documents
     select md5('scale-document-' || s.i || '-' || c.j)::uuid, md5('scale-file-' || s.i || '-' || c.j)::uuid, s.merchant_uuid, s.user_id,
            c.category, c.status, c.j <= $2, ${CONTENT}, c.created_at, c.created_at + random() * (now() - c.created_at)
       from scale_merchants s
       cross join lateral (
         select j, ($1::text[])[j] as category, ${DOCUMENT_STATUS} as status, s.created_at + random() * (now() - s.created_at) as created_at
           from (select j, (s.i * 37 + j * 11) % 100 as h from generate_series(1, $2) as j) hashed
         union all
         select $2 + 1, ($1::text[])[s.i % $2 + 1], 'Declined', s.created_at where s.i % 5 < 2
       ) c
      where s.has_documents`,
    [templates.categories, templates.categories.length],
  );
  await tx.query(
    `insert into stored_files (id, owner_merchant_uuid, kind, name, mime_type, byte_size, sha256, content, created_by, created_at)
     select file_id, merchant_uuid, 'kyc_document', lower(category) || '.pdf', 'application/pdf', length(content), encode(sha256(content), 'hex'), content, user_id, created_at
       from scale_documents
     union all
     select (record -> 'bank_detail' ->> 'bank_verification_proof_file_id')::uuid, merchant_uuid, 'bank_proof', 'bank-statement.pdf', 'application/pdf',
            length(c.content), encode(sha256(c.content), 'hex'), c.content, user_id, created_at
       from scale_merchants s cross join lateral (select ${CONTENT.replace('c.j', "'bank'")} as content) c
      where record -> 'bank_detail' ->> 'bank_verification_proof_file_id' is not null`,
  );
  await tx.query(
    `insert into kyc_documents (uuid, merchant_uuid, kyc_document_type, record_type, document_category, status, active, processed_file_id,
                                attachment_count, created_by, created_at, updated_at)
     select uuid, merchant_uuid, 'KYC', 'Merchant', category, status, active, file_id, 1, user_id, created_at, updated_at from scale_documents`,
  );
  await tx.query('insert into kyc_document_attachments (kyc_document_uuid, file_id, created_at) select uuid, file_id, created_at from scale_documents');
  await tx.query(
    `insert into merchant_storage (merchant_uuid, bytes, files)
     select owner_merchant_uuid, sum(byte_size), count(*) from stored_files
      where owner_merchant_uuid in (select merchant_uuid from scale_merchants) group by owner_merchant_uuid`,
  );
  await tx.query(
    `insert into addenda (id, merchant_uuid, source, status, old_data, new_data, created_by, accepted_at, accepted_by, decided_at, created_at)
     select md5('scale-addendum-' || i)::uuid, merchant_uuid, 'bank', case when i % 200 = 3 then 'accepted' else 'approved' end, bank,
            bank || jsonb_build_object('bank_account_number', '5010' || lpad(i::text, 10, '0')), user_id,
            created_at + interval '1 day', user_id, case when i % 200 = 4 then created_at + interval '2 days' end, created_at
       from (select *, coalesce(nullif(record -> 'bank_detail', 'null'), $1::jsonb) as bank from scale_merchants where verified and ${ADDENDUM}) s`,
    [JSON.stringify(templates.bankDetail)],
  );
  await tx.query(
    `insert into merchant_events (merchant_uuid, user_id, kind, detail, created_at)
     select merchant_uuid, user_id, 'merchant.created', '{}', created_at from scale_merchants`,
  );
  await tx.query(
    `insert into ops_audit (user_id, action, detail, created_at)
     select $1::uuid, 'fixture.saved', jsonb_build_object('name', 'scale fixture ' || i), created_at from scale_merchants where i % 100 = 0`,
    [templates.staffUserId],
  );
}
