import type { StaffRole } from '../../../server/auth/staff';
import { UPI_SIGNATURE_HEADER, upiSignature } from '../../../server/routes/upiVerifications';

/** The UPI payment webhook's secret in the matrix app (roleMatrix.ts), so a well-formed call is signed. */
export const MATRIX_UPI_WEBHOOK_SECRET = 'matrix-upi-webhook-secret-0123456789abcdef';

/**
 * Who may call a route, as the server code decides it (server/routes/*, server/merchants/editableMembership.ts,
 * server/auth/staff.ts):
 * - public: no token needed (sign-in calls, app configuration, health probes, the sandbox's pages, the built app);
 * - session: any signed-in user (master data, the user's own merchant list, logout, the partner consent screen);
 * - any merchant: a signed-in user who acts for some merchant (staff act for none);
 * - file: the members of the file's merchant, and operations staff (the review screen reads files);
 * - member: any member of the merchant the call names, whatever their role (the profile and its documents are read
 *   by every member: without an editing permission the screens show them read-only);
 * - permission: a member whose role holds one of `anyOf` (the owner holds every permission);
 * - staff: operations staff of one of `roles` (merchants, their owners included, are refused).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'any merchant' }
  | { kind: 'file' }
  | { kind: 'member' }
  | { kind: 'permission'; anyOf: readonly string[] }
  | { kind: 'staff'; roles: readonly StaffRole[] };

/** The ids a request names: the merchant under test (A) and what belongs to it. */
export interface Fixture {
  uuid: string;
  mid: number;
  accountUuid: string;
  websiteUuid: string;
  agreementUuid: string;
  fileId: string;
  spareRoleId: number;
  deletableRoleId: number;
  moveToRoleId: number;
  spareInviteId: number;
  deletableInviteId: number;
  childUuid: string;
  partner: { clientId: string; redirectUri: string };
}

/** One route of the app, classified. */
export interface Endpoint {
  area: 'public and session' | 'merchant steps' | 'documents and agreement' | 'team, plans and staff';
  access: Access;
  /**
   * The request, with a body the route's schema accepts: the session is checked first (an anonymous call gets 401
   * whatever its body), the body is validated before the permission, so an invalid one would be refused (422) before
   * the permission gate is reached.
   */
  request(f: Fixture): { url: string; payload?: unknown; headers?: Record<string, string> };
  /** An allowed caller may be told 404: the id names nothing (a spare id an earlier allowed call removed, or none). */
  notFoundOk?: true;
  /** Found among the caller's own merchants (a website's uuid), so staff, who have none, are told 404 too. */
  outsiders404?: true;
  /** The token goes where a WebSocket client can put it (the `bearer.` subprotocol), not in an Authorization header. */
  tokenAsSubprotocol?: true;
  /** The call ends the caller's session: it is sent with a fresh one. */
  endsSession?: true;
}

const PUBLIC: Access = { kind: 'public' };
const SESSION: Access = { kind: 'session' };
const MEMBER: Access = { kind: 'member' };
const may = (...anyOf: string[]): Access => ({ kind: 'permission', anyOf });
/** Changing the profile and its documents: canUpdate (README, Notes). */
const PROFILE_EDIT = may('update_user_profile', 'update_profile_restricted');
/** Accepting and e-signing the agreement, accepting an addendum (onboarding spec section 6). */
const UPDATE_PROFILE = may('update_user_profile');
const MANAGE_TEAM = may('manage_team_accounts');
const STAFF_READ: Access = { kind: 'staff', roles: ['ops_admin', 'ops_reviewer', 'ops_viewer'] };
const STAFF_REVIEW: Access = { kind: 'staff', roles: ['ops_admin', 'ops_reviewer'] };
const STAFF_EDIT: Access = { kind: 'staff', roles: ['ops_admin'] };

const PAN = 'AAACN4521K';
const ADDRESS = { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const SIGNATORY = { name: 'Asha Verma', email: 'asha.verma@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' };
/** A document id that names no document. */
const NO_DOCUMENT = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const ROLE_BODY = { acl_role: { name: 'Matrix role', acl_permission_uuids: ['772fd470-11be-49ff-bcdb-6fd5dca65018'] } };
const m = (f: Fixture, path = '') => `/api/v1/merchants/${f.uuid}${path}`;

type Area = Endpoint['area'];
const area =
  (name: Area) =>
  (entries: Record<string, Omit<Endpoint, 'area'>>): Record<string, Endpoint> =>
    Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, { ...entry, area: name }]));

/**
 * Every route the app registers (HEAD left out: Fastify answers it as GET), keyed `METHOD /path` as Fastify's route
 * tree spells it. routes.test.ts fails when a route is added without being classified here, or one classified is gone.
 */
export const ENDPOINTS: Record<string, Endpoint> = {
  ...area('public and session')({
    'GET /': { access: PUBLIC, request: () => ({ url: '/' }) },
    'GET /healthz': { access: PUBLIC, request: () => ({ url: '/healthz' }) },
    'GET /readyz': { access: PUBLIC, request: () => ({ url: '/readyz' }) },
    'GET /app': { access: PUBLIC, request: () => ({ url: '/app' }) },
    'GET /app/*': { access: PUBLIC, request: () => ({ url: '/app/account' }) },
    'GET /app/index.html': { access: PUBLIC, request: () => ({ url: '/app/index.html' }) },
    'GET /account/service_login': { access: PUBLIC, request: () => ({ url: '/account/service_login' }) },
    'GET /account/service_logout': { access: PUBLIC, request: () => ({ url: '/account/service_logout' }) },
    'GET /api/v1/app_config': { access: PUBLIC, request: () => ({ url: '/api/v1/app_config' }) },
    'POST /api/v1/user/send_otp': { access: PUBLIC, request: () => ({ url: '/api/v1/user/send_otp', payload: { identity: 'matrix.sign-in@example.com' } }) },
    'POST /api/v1/user/verify_otp': { access: PUBLIC, request: () => ({ url: '/api/v1/user/verify_otp', payload: { identity: 'matrix.sign-in@example.com', otp: '0000' } }) },
    'POST /api/v1/user/login': { access: PUBLIC, request: () => ({ url: '/api/v1/user/login', payload: { identity: 'matrix.sign-in@example.com', password: 'Wrong@1234' } }) },
    'POST /api/v1/user/unlock': { access: PUBLIC, request: () => ({ url: '/api/v1/user/unlock', payload: { identity: 'matrix.sign-in@example.com', code: 'AAAAAAAAAAAAAAAA' } }) },
    'POST /api/v1/oauth/token': {
      access: PUBLIC,
      request: (f) => ({ url: '/api/v1/oauth/token', payload: { grant_type: 'authorization_code', client_id: f.partner.clientId, client_secret: 'not-the-secret', code: 'no-code', redirect_uri: f.partner.redirectUri } }),
    },
    'GET /api/v1/sandbox/messages': { access: PUBLIC, request: () => ({ url: '/api/v1/sandbox/messages?recipient=nobody@example.com' }) },
    'GET /sandbox/inbox': { access: PUBLIC, request: () => ({ url: '/sandbox/inbox?recipient=nobody@example.com' }) },
    'GET /sandbox/analytics': { access: PUBLIC, request: () => ({ url: '/sandbox/analytics' }) },
    'GET /sandbox/partner/callback': { access: PUBLIC, request: () => ({ url: '/sandbox/partner/callback?code=abc&state=xyz' }) },
    'POST /sandbox/payment': { access: PUBLIC, request: () => ({ url: '/sandbox/payment', payload: { txnid: NO_DOCUMENT, amount: '1', productinfo: 'Plan' } }) },
    'POST /sandbox/payment/:txnid': { access: PUBLIC, notFoundOk: true, request: () => ({ url: `/sandbox/payment/${NO_DOCUMENT}`, payload: { outcome: 'failure' } }) },
    'GET /sandbox/upi/:reference': { access: PUBLIC, notFoundOk: true, request: () => ({ url: `/sandbox/upi/${NO_DOCUMENT}` }) },
    'POST /sandbox/upi/:reference': { access: PUBLIC, notFoundOk: true, request: () => ({ url: `/sandbox/upi/${NO_DOCUMENT}`, payload: { payer: 'other' } }) },
    // Signed by the payment service (the matrix app's secret); the reference names no request.
    'POST /api/v1/webhooks/upi_payments': {
      access: PUBLIC,
      notFoundOk: true,
      request: () => {
        const payload = { reference: NO_DOCUMENT, amount_paise: 100, payer: { account_number: '50100987654321', ifsc: 'HDFC0000001', name: 'MATRIX PAYER' } };
        return { url: '/api/v1/webhooks/upi_payments', payload, headers: { [UPI_SIGNATURE_HEADER]: upiSignature(JSON.stringify(payload), MATRIX_UPI_WEBHOOK_SECRET) } };
      },
    },

    'GET /cable': { access: SESSION, notFoundOk: true, tokenAsSubprotocol: true, request: () => ({ url: '/cable' }) },
    'DELETE /api/v1/user/logout': { access: SESSION, endsSession: true, request: () => ({ url: '/api/v1/user/logout' }) },
    'GET /api/v1/merchants': { access: SESSION, request: () => ({ url: '/api/v1/merchants' }) },
    'POST /api/v1/user/update_password/send_otp': { access: SESSION, request: () => ({ url: '/api/v1/user/update_password/send_otp' }) },
    // A wrong OTP: the gate lets the caller through, the code is refused (a right one would end the callers' sessions).
    'PUT /api/v1/user/update_password': { access: SESSION, request: () => ({ url: '/api/v1/user/update_password', payload: { password: 'Matrix@2026', otp: '0000' } }) },
    'PUT /api/v1/user/language': { access: SESSION, request: () => ({ url: '/api/v1/user/language', payload: { language: 'en' } }) },
    'GET /api/v1/oauth/authorize': { access: SESSION, request: (f) => ({ url: `/api/v1/oauth/authorize?${new URLSearchParams({ client_id: f.partner.clientId, redirect_uri: f.partner.redirectUri })}` }) },
    'GET /api/v1/acl_permissions': { access: SESSION, request: () => ({ url: '/api/v1/acl_permissions' }) },
    'GET /api/v1/area_codes': { access: SESSION, request: () => ({ url: '/api/v1/area_codes' }) },
    'GET /api/v1/assessment_questions': { access: SESSION, request: () => ({ url: '/api/v1/assessment_questions' }) },
    'GET /api/v1/business_entities': { access: SESSION, request: () => ({ url: '/api/v1/business_entities' }) },
    'GET /api/v1/business_categories': { access: SESSION, request: () => ({ url: '/api/v1/business_categories' }) },
    'GET /api/v1/business_category': { access: SESSION, request: () => ({ url: '/api/v1/business_category' }) },
    'GET /api/v1/document_categories_and_types': { access: SESSION, request: () => ({ url: '/api/v1/document_categories_and_types' }) },
    'GET /api/v1/pricing_plans': { access: SESSION, request: () => ({ url: '/api/v1/pricing_plans' }) },
    'GET /api/v1/pincode_details/:pin': { access: SESSION, notFoundOk: true, request: () => ({ url: '/api/v1/pincode_details/560001' }) },
    'GET /api/v1/ifsc_details/bank_names': { access: SESSION, request: () => ({ url: '/api/v1/ifsc_details/bank_names' }) },
    'GET /api/v1/ifsc_details/states': { access: SESSION, request: () => ({ url: '/api/v1/ifsc_details/states?bank_name=HDFC%20Bank' }) },
    'GET /api/v1/ifsc_details/cities': { access: SESSION, request: () => ({ url: '/api/v1/ifsc_details/cities?bank_name=HDFC%20Bank&state=Karnataka' }) },
    'GET /api/v1/ifsc_details/branches': { access: SESSION, request: () => ({ url: '/api/v1/ifsc_details/branches?bank_name=HDFC%20Bank&state=Karnataka&city=Bangalore' }) },
    'GET /api/v1/ifsc_details/:ifsc': { access: SESSION, notFoundOk: true, request: () => ({ url: '/api/v1/ifsc_details/HDFC0000001' }) },
    'POST /api/v1/analytics_events': { access: { kind: 'any merchant' }, request: () => ({ url: '/api/v1/analytics_events', payload: { events: [{ name: 'matrix_probe', properties: {} }] } }) },
    'GET /api/v1/files/:id': { access: { kind: 'file' }, request: (f) => ({ url: `/api/v1/files/${f.fileId}` }) },
    'GET /api/v1/files/:id/view': { access: { kind: 'file' }, request: (f) => ({ url: `/api/v1/files/${f.fileId}/view` }) },
    'GET /api/v1/oauth/token/info': { access: MEMBER, request: (f) => ({ url: `/api/v1/oauth/token/info?mid=${f.mid}` }) },
    'POST /api/v1/oauth/authorize': {
      access: may('manage_thirdparty_access'),
      request: (f) => ({ url: '/api/v1/oauth/authorize', payload: { client_id: f.partner.clientId, redirect_uri: f.partner.redirectUri, state: 'matrix', consent: true, mid: String(f.mid) } }),
    },
  }),

  ...area('merchant steps')({
    'GET /api/v1/merchants/:id': { access: MEMBER, request: (f) => ({ url: m(f) }) },
    'GET /api/v1/merchants/:id/fetch_display_name': { access: MEMBER, request: (f) => ({ url: m(f, '/fetch_display_name') }) },
    'PUT /api/v1/merchants/:id': { access: PROFILE_EDIT, request: (f) => ({ url: m(f), payload: { merchant: { business_category_id: 2, business_sub_category_id: 201, monthly_expected_volume: '30001-60000' } } }) },
    'PUT /api/v1/merchants/:id/addresses': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/addresses'), payload: { Registered: ADDRESS, Operating: ADDRESS } }) },
    'DELETE /api/v1/merchants/:id/ultimate_beneficiaries/:beneficiaryId': { access: PROFILE_EDIT, notFoundOk: true, request: (f) => ({ url: m(f, '/ultimate_beneficiaries/2') }) },
    'PUT /api/v1/merchants/:id/update_gst_details': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/update_gst_details'), payload: { gst_number: '27AAACN4521K1ZI' } }) },
    'POST /api/v1/dvs_wrapper/:id/pan_gst_details': { access: MEMBER, request: (f) => ({ url: `/api/v1/dvs_wrapper/${f.uuid}/pan_gst_details`, payload: { pan_number: PAN } }) },
    'POST /api/v1/dvs_wrapper/:id/gstin_details': { access: MEMBER, request: (f) => ({ url: `/api/v1/dvs_wrapper/${f.uuid}/gstin_details`, payload: { gstin: '27AAACN4521K1Z5' } }) },
    'POST /api/v1/dvs_wrapper/:id/shop_details': { access: MEMBER, request: (f) => ({ url: `/api/v1/dvs_wrapper/${f.uuid}/shop_details`, payload: { reg_no: 'SH202411', area_code: 'MH' } }) },
    'POST /api/v1/dvs_wrapper/:id/signing_authority_details': { access: MEMBER, request: (f) => ({ url: `/api/v1/dvs_wrapper/${f.uuid}/signing_authority_details`, payload: { cin: 'U72200MH2009PTC123456' } }) },
    'GET /api/v1/dvs_wrapper/:id/registered_companies': { access: MEMBER, request: (f) => ({ url: `/api/v1/dvs_wrapper/${f.uuid}/registered_companies` }) },
    'POST /api/v1/dvs_wrapper/:id/company_details': { access: MEMBER, request: (f) => ({ url: `/api/v1/dvs_wrapper/${f.uuid}/company_details`, payload: { cin: 'U72200MH2009PTC123456' } }) },
    'GET /api/v1/accounts/:id': { access: MEMBER, request: (f) => ({ url: `/api/v1/accounts/${f.accountUuid}?merchant_uuid=${f.uuid}` }) },
    'PUT /api/v1/accounts/:id': {
      access: PROFILE_EDIT,
      request: (f) => ({ url: `/api/v1/accounts/${f.accountUuid}`, payload: { merchant_uuid: f.uuid, account: { signatory_contact_details_attributes: [SIGNATORY] } } }),
    },
    'POST /api/v1/merchants/:id/bank_details': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/bank_details'), payload: { bank_detail: {} } }) },
    'POST /api/v1/merchants/:id/bank_details/bank_verification_by_bank_proof': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/bank_details/bank_verification_by_bank_proof'), payload: {} }) },
    'GET /api/v1/merchants/:id/bank_update_timing': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/bank_update_timing') }) },
    'POST /api/v1/merchants/:id/verify_penny': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/verify_penny'), payload: { penny_amount: '1.00' } }) },
    'POST /api/v1/merchants/:id/bank_details/upi_verifications': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/bank_details/upi_verifications'), payload: {} }) },
    'GET /api/v1/merchants/:id/bank_details/upi_verifications/:uuid': { access: MEMBER, notFoundOk: true, request: (f) => ({ url: m(f, `/bank_details/upi_verifications/${NO_DOCUMENT}`) }) },
    'POST /api/v1/otps': { access: PROFILE_EDIT, request: (f) => ({ url: '/api/v1/otps', payload: { otp: { scope: 'update_bank_details', merchant_uuid: f.uuid } } }) },
    'POST /api/v1/otps/verify': { access: PROFILE_EDIT, request: (f) => ({ url: '/api/v1/otps/verify', payload: { otp: { scope: 'update_bank_details', merchant_uuid: f.uuid, code: '0000' } } }) },
    'POST /api/v1/merchants/:id/website_details': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/website_details'), payload: { website_detail: { integration_type: 'TOOLS' } } }) },
    'PUT /api/v1/website_details/:uuid/domain_status': { access: PROFILE_EDIT, outsiders404: true, request: (f) => ({ url: `/api/v1/website_details/${f.websiteUuid}/domain_status`, payload: { domain_status_by_merchant: 'active' } }) },
    'POST /api/v1/website_details/:uuid/comments': { access: PROFILE_EDIT, outsiders404: true, request: (f) => ({ url: `/api/v1/website_details/${f.websiteUuid}/comments`, payload: { comment: { comment: 'Matrix' } } }) },
    'GET /api/v1/merchants/:id/kyc/kyc_status': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc/kyc_status') }) },
    'POST /api/v1/merchants/:id/kyc/aadhaar_consent': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc/aadhaar_consent'), payload: { consent: true } }) },
    'POST /api/v1/merchants/:id/kyc/aadhaar_send_otp': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc/aadhaar_send_otp'), payload: { aadhaar_number: '234123412346' } }) },
    'POST /api/v1/merchants/:id/kyc/aadhaar_verify_otp': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc/aadhaar_verify_otp'), payload: { aadhaar_number: '234123412346', otp: '000000' } }) },
    'POST /api/v1/merchants/:id/kyc/aadhaar_xml': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc/aadhaar_xml'), payload: {} }) },
    'POST /api/v1/merchants/:id/kyc/ckyc': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc/ckyc'), payload: { dob: '1985-05-05' } }) },
    'POST /api/v1/merchants/:id/assessment_responses': {
      access: PROFILE_EDIT,
      request: (f) => ({ url: m(f, '/assessment_responses'), payload: { assessment_responses: [{ assessment_question_id: 1, selected_options: [101] }] } }),
    },
    // Moving the account to the product of the host it was opened on (the inject's localhost: the default product).
    'PUT /api/v1/merchants/:id/update_merchant_product': { access: UPDATE_PROFILE, request: (f) => ({ url: m(f, '/update_merchant_product'), payload: { product: 'PayUbiz', terms_accepted: true } }) },
    'GET /api/v1/merchants/:id/addenda': { access: MEMBER, request: (f) => ({ url: m(f, '/addenda') }) },
    'PUT /api/v1/merchants/:id/generate_addendum_data': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/generate_addendum_data'), payload: { source: 'gst', new_data: { gst_number: '27AAACN4521K1ZI' } } }) },
    'POST /api/v1/merchants/:id/accept_addendum': { access: UPDATE_PROFILE, request: (f) => ({ url: m(f, '/accept_addendum'), payload: { source: 'gst' } }) },
    'GET /api/v1/merchants/:id/aadhaar_disclaimer': { access: MEMBER, request: (f) => ({ url: m(f, '/aadhaar_disclaimer') }) },
    // The user's own acknowledgement of a notice they read (merchant_acknowledgements), not a change of the profile.
    'POST /api/v1/merchants/:id/aadhaar_disclaimer': { access: MEMBER, request: (f) => ({ url: m(f, '/aadhaar_disclaimer') }) },
  }),

  ...area('documents and agreement')({
    'GET /api/v1/merchants/:id/merchant_docs_req': { access: MEMBER, request: (f) => ({ url: m(f, '/merchant_docs_req') }) },
    'GET /api/v1/merchants/:id/kyc_documents': { access: MEMBER, request: (f) => ({ url: m(f, '/kyc_documents') }) },
    'GET /api/v1/merchants/:id/kyc_documents/existing_pages': { access: MEMBER, request: (f) => ({ url: m(f, '/kyc_documents/existing_pages?document_category=SC') }) },
    'GET /api/v1/merchants/:id/generated_agreements': { access: MEMBER, request: (f) => ({ url: m(f, '/generated_agreements') }) },
    'GET /api/v1/merchants/:id/document_status_verification': { access: MEMBER, request: (f) => ({ url: m(f, '/document_status_verification') }) },
    'GET /api/v1/merchants/:id/get_signatory_details': { access: MEMBER, request: (f) => ({ url: m(f, '/get_signatory_details') }) },
    'GET /api/v1/merchants/:id/generate_authority_letter': { access: MEMBER, request: (f) => ({ url: m(f, '/generate_authority_letter') }) },
    'GET /api/v1/merchants/:id/generate_schedule_c_document': { access: MEMBER, request: (f) => ({ url: m(f, '/generate_schedule_c_document') }) },
    'GET /api/v1/merchants/:id/generate_beneficiary_list': { access: MEMBER, request: (f) => ({ url: m(f, '/generate_beneficiary_list') }) },
    'POST /api/v1/merchants/:id/kyc_documents': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/kyc_documents'), payload: {} }) },
    'POST /api/v1/merchants/:id/upload_authority_letter': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/upload_authority_letter'), payload: {} }) },
    'POST /api/v1/merchants/:id/kyc_documents/:docId/append_attachment': { access: PROFILE_EDIT, notFoundOk: true, request: (f) => ({ url: m(f, `/kyc_documents/${NO_DOCUMENT}/append_attachment`), payload: {} }) },
    'DELETE /api/v1/merchants/:id/kyc_documents/:docId': { access: PROFILE_EDIT, notFoundOk: true, request: (f) => ({ url: m(f, `/kyc_documents/${NO_DOCUMENT}`) }) },
    'DELETE /api/v1/merchants/:id/kyc_documents/:docId/attachment': { access: PROFILE_EDIT, notFoundOk: true, request: (f) => ({ url: m(f, `/kyc_documents/${NO_DOCUMENT}/attachment`), payload: { file_ids: [1] } }) },
    'PUT /api/v1/merchants/:id/kyc_documents/:docId/merge_documents': { access: PROFILE_EDIT, notFoundOk: true, request: (f) => ({ url: m(f, `/kyc_documents/${NO_DOCUMENT}/merge_documents`), payload: { document_order: [1] } }) },
    'POST /api/v1/merchants/:id/submit_documents': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/submit_documents') }) },
    'POST /api/v1/merchants/:id/receive_all_docs': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/receive_all_docs') }) },
    'POST /api/v1/merchants/:id/final_doc_submit': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/final_doc_submit') }) },
    'GET /api/v1/website_details/:uuid/website_documents': { access: MEMBER, outsiders404: true, request: (f) => ({ url: `/api/v1/website_details/${f.websiteUuid}/website_documents` }) },
    'POST /api/v1/website_details/:uuid/create_website_documents': { access: PROFILE_EDIT, outsiders404: true, request: (f) => ({ url: `/api/v1/website_details/${f.websiteUuid}/create_website_documents`, payload: {} }) },
    'POST /api/v1/website_details/:uuid/submit_website_documents': { access: PROFILE_EDIT, outsiders404: true, request: (f) => ({ url: `/api/v1/website_details/${f.websiteUuid}/submit_website_documents` }) },
    'GET /api/v1/merchants/:id/generate_agreement': { access: MEMBER, request: (f) => ({ url: m(f, '/generate_agreement') }) },
    'POST /api/v1/merchants/:id/generate_agreement': { access: PROFILE_EDIT, request: (f) => ({ url: m(f, '/generate_agreement') }) },
    'GET /api/v1/kyc_document/:id/generated_agreement_html': { access: MEMBER, request: (f) => ({ url: `/api/v1/kyc_document/${f.agreementUuid}/generated_agreement_html` }) },
    'POST /api/v1/merchants/:id/accept_service_agreement': { access: UPDATE_PROFILE, request: (f) => ({ url: m(f, '/accept_service_agreement') }) },
    'GET /api/v1/merchants/:id/generate_merged_document_for_esign': { access: UPDATE_PROFILE, request: (f) => ({ url: m(f, '/generate_merged_document_for_esign') }) },
    'POST /api/v1/kyc_documents/:docUuid/send_signatory_otp': { access: UPDATE_PROFILE, request: (f) => ({ url: `/api/v1/kyc_documents/${f.agreementUuid}/send_signatory_otp` }) },
    'POST /api/v1/verifiy_signatory_otp': { access: UPDATE_PROFILE, request: (f) => ({ url: '/api/v1/verifiy_signatory_otp', payload: { otp: { kyc_document_uuid: f.agreementUuid, code: '0000' } } }) },
    'POST /api/v1/kyc_documents/:docUuid/esign_merged_document': { access: UPDATE_PROFILE, request: (f) => ({ url: `/api/v1/kyc_documents/${f.agreementUuid}/esign_merged_document`, payload: { otp: 'no-such-token' } }) },
  }),

  ...area('team, plans and staff')({
    'GET /api/v1/merchants/:id/acl_roles': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, '/acl_roles') }) },
    'POST /api/v1/merchants/:id/acl_roles': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, '/acl_roles'), payload: ROLE_BODY }) },
    'PUT /api/v1/merchants/:id/acl_roles/:roleId': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, `/acl_roles/${f.spareRoleId}`), payload: { acl_role: { name: 'Spare', acl_permission_uuids: ['0acb8dcf-d8f2-4e1f-90a5-6f2c0ca1a328'] } } }) },
    'DELETE /api/v1/merchants/:id/acl_roles/:roleId': { access: MANAGE_TEAM, notFoundOk: true, request: (f) => ({ url: m(f, `/acl_roles/${f.deletableRoleId}`) }) },
    'PUT /api/v1/merchants/:id/acl_roles/:roleId/move_assoc_to_new_role/:newRoleId': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, `/acl_roles/${f.spareRoleId}/move_assoc_to_new_role/${f.moveToRoleId}`) }) },
    'GET /api/v1/merchants/:id/staff_invites': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, '/staff_invites') }) },
    'POST /api/v1/merchants/:id/staff_invites': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, '/staff_invites'), payload: { email: 'matrix.invitee@example.com', acl_role_id: f.moveToRoleId, name: 'Matrix Invitee' } }) },
    'PUT /api/v1/merchants/:id/staff_invites/:inviteId': { access: MANAGE_TEAM, request: (f) => ({ url: m(f, `/staff_invites/${f.spareInviteId}`), payload: { acl_role_id: f.moveToRoleId, name: 'Spare Person' } }) },
    'DELETE /api/v1/merchants/:id/staff_invites/:inviteId': { access: MANAGE_TEAM, notFoundOk: true, request: (f) => ({ url: m(f, `/staff_invites/${f.deletableInviteId}`) }) },
    'POST /api/v1/merchants/:id/cs_plans/starter': { access: may('manage_payment_products'), request: (f) => ({ url: m(f, '/cs_plans/starter') }) },
    'POST /api/v1/merchants/:id/cs_plans/generate_payment_params': { access: may('manage_payment_products'), request: (f) => ({ url: m(f, '/cs_plans/generate_payment_params'), payload: { cs_plan_name: 1 } }) },
    'GET /api/v1/merchants/:id/children': { access: may('user_profile'), request: (f) => ({ url: m(f, '/children') }) },
    'GET /api/v1/merchants/:id/children/:childId': { access: may('user_profile'), notFoundOk: true, request: (f) => ({ url: m(f, `/children/${f.childUuid}`) }) },

    'GET /api/v1/ops/me': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/me' }) },
    'GET /api/v1/ops/audit': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/audit' }) },
    'GET /api/v1/ops/review-queue': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/review-queue' }) },
    'GET /api/v1/ops/document-requirements': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/document-requirements' }) },
    'GET /api/v1/ops/document-requirements/versions/:v': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/document-requirements/versions/1' }) },
    'GET /api/v1/ops/document-requirements/versions/:v/diff': { access: STAFF_READ, notFoundOk: true, request: () => ({ url: '/api/v1/ops/document-requirements/versions/1/diff' }) },
    'GET /api/v1/ops/document-requirements/versions/:v/fixtures': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/document-requirements/versions/1/fixtures' }) },
    'GET /api/v1/ops/document-requirements/fixtures': { access: STAFF_READ, request: () => ({ url: '/api/v1/ops/document-requirements/fixtures' }) },
    'POST /api/v1/ops/document-requirements/versions': { access: STAFF_EDIT, request: () => ({ url: '/api/v1/ops/document-requirements/versions', payload: { body: {}, note: 'Matrix' } }) },
    'POST /api/v1/ops/document-requirements/versions/:v/publish': { access: STAFF_EDIT, notFoundOk: true, request: () => ({ url: '/api/v1/ops/document-requirements/versions/999999/publish' }) },
    'POST /api/v1/ops/document-requirements/versions/:v/rollback': { access: STAFF_EDIT, notFoundOk: true, request: () => ({ url: '/api/v1/ops/document-requirements/versions/999999/rollback' }) },
    'POST /api/v1/ops/document-requirements/migrate': { access: STAFF_EDIT, request: () => ({ url: '/api/v1/ops/document-requirements/migrate', payload: { from: 999999 } }) },
    'PUT /api/v1/ops/document-requirements/fixtures/:name': { access: STAFF_EDIT, request: () => ({ url: '/api/v1/ops/document-requirements/fixtures/matrix', payload: { body: {} } }) },
    'DELETE /api/v1/ops/document-requirements/fixtures/:name': { access: STAFF_EDIT, notFoundOk: true, request: () => ({ url: '/api/v1/ops/document-requirements/fixtures/matrix-none' }) },
    'POST /api/v1/ops/bank-proofs/:id/review': { access: STAFF_REVIEW, notFoundOk: true, request: (f) => ({ url: `/api/v1/ops/bank-proofs/${f.uuid}/review`, payload: { status: 'Approved' } }) },
    'POST /api/v1/ops/websites/:id/review': { access: STAFF_REVIEW, notFoundOk: true, request: (f) => ({ url: `/api/v1/ops/websites/${f.uuid}/review`, payload: { status: 'Website OK' } }) },
    'POST /api/v1/ops/addenda/:id/review': { access: STAFF_REVIEW, notFoundOk: true, request: () => ({ url: `/api/v1/ops/addenda/${NO_DOCUMENT}/review`, payload: { status: 'Approved' } }) },
    'POST /api/v1/merchants/:id/kyc_documents/:docId/review': { access: STAFF_REVIEW, notFoundOk: true, request: (f) => ({ url: m(f, `/kyc_documents/${NO_DOCUMENT}/review`), payload: { status: 'Approved' } }) },
  }),
};
