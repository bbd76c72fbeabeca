-- The review queue (issue 27): whose document each category is, and the indexes behind its search.

-- Every document category names its owner (schemas/documents/document-catalogue.schema.json): the versions stored
-- before owners existed get the shipped owners, so a reviewer reads a signing authority's documents beside the
-- signing authority's data, not the company's. A category the shipped catalogue does not know stays the company's.
update requirement_versions v
   set body = jsonb_set(v.body, '{catalogue,categories}', (
         select jsonb_object_agg(c.code, case
                  when c.config ? 'owner' then c.config
                  when c.code in ('PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY') then c.config || '{"owner": "signing_authority"}'
                  else c.config || '{"owner": "company"}'
                end)
           from jsonb_each(v.body -> 'catalogue' -> 'categories') as c (code, config)))
 where exists (select 1 from jsonb_each(v.body -> 'catalogue' -> 'categories') as c (code, config) where not c.config ? 'owner');

-- The queue's documents: those in force of one status, oldest first.
create index kyc_documents_queue_idx on kyc_documents (status, updated_at, uuid) where active and record_type = 'Merchant';
-- The queue's search: MID (merchants_mid_key), PAN and e-mail exactly, a name by its beginning (any case).
create index merchants_pan_idx on merchants ((record ->> 'pancard_number'));
create index merchants_email_idx on merchants (lower(record ->> 'email'));
create index merchants_name_idx on merchants (lower(record ->> 'name') text_pattern_ops);
create index merchants_pan_name_idx on merchants (lower(record ->> 'pancard_name') text_pattern_ops);
create index merchants_business_name_idx on merchants (lower(record ->> 'business_name') text_pattern_ops);
-- Bank proofs and websites waiting for their review.
create index merchants_bank_proof_idx on merchants ((record -> 'bank_detail' ->> 'bank_verification_status')) where record -> 'bank_detail' ->> 'bank_verification_proof_file_id' is not null;
create index merchants_website_review_idx on merchants ((record -> 'website_detail' ->> 'website_approval_status')) where record ->> 'integration_type' = 'THIRD_PARTY';
