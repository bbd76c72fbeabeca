-- Every key of the merchant record that schemas/records/merchant.json gives a default (all but uuid, mid and product)
-- is held by every stored row, so SQL that reads the record by JSON path (the review queue, the penny jobs) finds it.
-- The server fills in the defaults when it reads a record and stores records whole (schemas/withRecordDefaults.ts);
-- this back-fills the rows stored before, and a later default for a key SQL reads needs a migration like this one.
-- The values are the schema's defaults (test/server/recordDefaults.test.ts compares them); a key a row holds, even as
-- null, keeps its value.
with defaults (value) as (
 select '{"name": null, "email": null, "dashboard_preference": null, "cs_plan": null, "is_cs_eligible": false,
   "merchant_type": null, "new_merchant": true, "registered_mobile": null, "settlement_status": null,
   "settlement_hold_until": null, "pancard_number": null, "pancard_name": null, "pan_verification_status": null,
   "business_entity_id": null, "business_entity": null, "business_filing_status": null,
   "business_category_id": null, "business_category_name": null, "business_sub_category_id": null,
   "business_sub_category_name": null, "monthly_expected_volume": null, "gst_number": null,
   "gst_addendum_status": null, "address_addendum_status": null, "business_name": null,
   "business_pan_name_match": null, "shop_number": null, "area_code": null, "display_name": null,
   "ultimate_beneficiaries": [], "ubo_exist": false, "integration_type": "NOT_SELECTED", "website_detail": null,
   "document_status": null, "account_uuid": null, "account": null, "registration_address": null,
   "operating_address": null, "saved_kyc_address": null, "kyc_status": null, "merchant_statuses": [],
   "is_service_agreement_esigned": false, "re_kyc_required": false, "attached_configs": [],
   "product_account_detail": {"dob": null, "pep": null}, "new_settlement_embargo": false, "bank_detail": null,
   "bank_update_attempt_left": 3, "business_origin": null}'::jsonb
)
update merchants m set record = d.value || m.record
  from defaults d
 where d.value || m.record <> m.record;

-- The optional keys of a bank detail and a website detail given defaults (null) with them.
update merchants
   set record = jsonb_set(record, '{bank_detail}', '{"bank_verification_proof_file_id": null, "bank_verification_remarks": null}'::jsonb || (record -> 'bank_detail'))
 where jsonb_typeof(record -> 'bank_detail') = 'object'
   and not (record -> 'bank_detail' ?& array['bank_verification_proof_file_id', 'bank_verification_remarks']);
update merchants
   set record = jsonb_set(record, '{website_detail}', '{"liveliness_status": null}'::jsonb || (record -> 'website_detail'))
 where jsonb_typeof(record -> 'website_detail') = 'object'
   and not (record -> 'website_detail' ? 'liveliness_status');
