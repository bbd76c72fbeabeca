import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { manualClock } from '../../server/jobs/clock';
import { call, latestOtp, patchRecord, signInWithOtp, testApp, READY_FOR_AGREEMENT, type TestApp } from './testApp';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock });
});
afterAll(() => t.close());

const READY = READY_FOR_AGREEMENT;

let count = 0;
/** A company merchant with a verified PAN, and the record patched with `patch`. */
async function merchant(patch: Record<string, unknown> = READY) {
  const email = `agreement.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).statusCode).toBe(200);
  await patchRecord(t, uuid, patch);
  return { token, uuid };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

const generate = (m: Merchant) => call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/generate_agreement`);
const progress = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_agreement`)).json();
const jobsOf = async (uuid: string) => (await t.db.query<{ n: string }>(`select count(*)::text as n from jobs where kind = 'agreement.generate' and payload->>'merchant_uuid' = $1`, [uuid]))[0]!.n;
const seconds = (n: number) => clock.advance(n * 1000);

describe('generating the service agreement', () => {
  it('asks for the missing business details first, then for the website', async () => {
    const m = await merchant({ ...READY, business_sub_category_id: null, monthly_expected_volume: null });
    const missing = await generate(m);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      errors: { business_sub_category_id: ['This field cannot be left blank'], monthly_expected_volume: ['This field cannot be left blank'] },
      details_required: ['business_category_id', 'business_sub_category_id', 'monthly_expected_volume'],
    });
    const noWebsite = await merchant({ ...READY, integration_type: 'NOT_SELECTED' });
    expect((await generate(noWebsite)).json()).toEqual({ error: 'Website URLs are required for agreement generation. Please submit your website URLs.' });
    expect(await jobsOf(noWebsite.uuid)).toBe('0');
  });

  it('queues one job however many ask at once, then writes the PDF and the HTML from the record', async () => {
    const m = await merchant({ ...READY, pancard_name: 'NIMBUS <b>STORES</b> & CO', account: null });
    const answers = await Promise.all(Array.from({ length: 5 }, () => generate(m)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(await jobsOf(m.uuid)).toBe('1');
    expect((await progress(m)).generation).toEqual({ status: 'queued', failures: 0 });

    expect(await t.app.jobs.runDue()).toBe(1);
    const { generation, kyc_document: agreement } = await progress(m);
    expect(generation.status).toBe('done');
    expect(agreement).toMatchObject({ kyc_document_type: 'Agreement', active: true, status: 'Pending', document_category: 'SERVICE_AGREEMENT', document_type: 'AGR' });
    const merchantNow = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant;
    expect(merchantNow.merchant_statuses).toContainEqual({ status_type: 'Agreement', status_value: 'Pending' });

    const pdf = await call(t, m.token, 'GET', agreement.processed_document.path);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getTitle()).toBe('Payment Gateway Service Agreement');
    expect(document.getPageCount()).toBeGreaterThanOrEqual(1);

    const html = await call(t, m.token, 'GET', `/api/v1/kyc_document/${agreement.uuid}/generated_agreement_html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    // The merchant's data is shown, never interpreted; the account number is masked.
    expect(html.body).toContain('NIMBUS &lt;b&gt;STORES&lt;/b&gt; &amp; CO');
    expect(html.body).not.toContain('<b>STORES');
    expect(html.body).toContain('XXXXXXXXXX6789');
    expect(html.body).not.toContain('50100123456789');
    expect(html.body).not.toMatch(/<script/i);

    // Asked again: the agreement in force is the answer, no new job.
    const again = await generate(m);
    expect(again.statusCode).toBe(200);
    expect(again.json().kyc_document.uuid).toBe(agreement.uuid);
    expect(await jobsOf(m.uuid)).toBe('1');
  });

  it('marks the request failed after three failed runs, and RETRY queues it again', async () => {
    const m = await merchant();
    // A real failure inside the job's transaction: the database refuses this merchant's agreement.
    await t.db.query(`create or replace function refuse_agreement() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await t.db.query(`create trigger refuse_agreement before insert on service_agreements for each row when (new.merchant_uuid = '${m.uuid}') execute function refuse_agreement()`);
    expect((await generate(m)).statusCode).toBe(202);
    for (const wait of [0, 2, 6]) {
      seconds(wait);
      expect(await t.app.jobs.runDue()).toBe(1);
    }
    expect((await progress(m)).generation).toEqual({ status: 'failed', failures: 1 });
    expect((await progress(m)).kyc_document).toBeNull();
    await t.db.query('drop trigger refuse_agreement on service_agreements');
    expect((await generate(m)).statusCode).toBe(202);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect((await progress(m)).generation.status).toBe('done');
  });

  it("prints the business's registered address, never its signatory's home that Aadhaar or central KYC found", async () => {
    const home = { address_line: 'Flat 302, Sai Heights, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' };
    const printed = (address: string) => message('generated.agreement.address', { address });
    const htmlOf = async (m: Merchant) => {
      await generate(m);
      await t.app.jobs.runDue();
      const { kyc_document: agreement } = await progress(m);
      return (await call(t, m.token, 'GET', `/api/v1/kyc_document/${agreement.uuid}/generated_agreement_html`)).body;
    };
    // A company's record saved before such an address was refused: the agreement does not call the home the company's.
    const copied = await htmlOf(await merchant({ ...READY, registration_address: home, operating_address: home, saved_kyc_address: home }));
    expect(copied).not.toContain('Sai Heights');
    expect(copied).toContain(printed(message('generated.notOnRecord')));
    const office = await htmlOf(await merchant({ ...READY, saved_kyc_address: home }));
    expect(office).toContain(printed('12, MG Road, Bangalore, Karnataka 560001'));
    // A Sole Proprietorship's registered address may be the proprietor's own.
    const proprietor = await htmlOf(
      await merchant({ ...READY, business_entity_id: 3, business_entity: { id: 3, name: 'Sole Proprietorship' }, registration_address: home, saved_kyc_address: home }),
    );
    expect(proprietor).toContain(printed('Flat 302, Sai Heights, Andheri East, Mumbai, Maharashtra 400069'));
  });

  it('shows the HTML to the merchant\'s members only', async () => {
    const m = await merchant();
    await generate(m);
    await t.app.jobs.runDue();
    const { kyc_document: agreement } = await progress(m);
    const stranger = await merchant();
    expect((await call(t, stranger.token, 'GET', `/api/v1/kyc_document/${agreement.uuid}/generated_agreement_html`)).statusCode).toBe(404);
    expect((await call(t, m.token, 'GET', '/api/v1/kyc_document/not-a-uuid/generated_agreement_html')).statusCode).toBe(404);
    expect((await call(t, stranger.token, 'POST', `/api/v1/merchants/${m.uuid}/generate_agreement`)).statusCode).toBe(404);
  });
});

describe('accepting the service agreement', () => {
  it('needs update_user_profile; records who accepted and when', async () => {
    const m = await merchant();
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_service_agreement`)).json()).toEqual({ error: message('server.agreement.notGenerated'), code: 'AGREEMENT_NOT_GENERATED' });
    await generate(m);
    await t.app.jobs.runDue();
    await t.db.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [m.uuid]);
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_service_agreement`)).statusCode).toBe(403);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [m.uuid]);
    const accepted = await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_service_agreement`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().merchant.merchant_statuses).toContainEqual({ status_type: 'Agreement', status_value: 'accepted' });
    const [row] = await t.db.query<{ accepted_at: string | null; accepted_by: string | null }>('select accepted_at, accepted_by from service_agreements where merchant_uuid = $1', [m.uuid]);
    expect(row?.accepted_at).not.toBeNull();
    expect(row?.accepted_by).not.toBeNull();
    expect((await progress(m)).kyc_document.status).toBe('accepted');
  });
});

describe('e-signing the service agreement', () => {
  const signatoryEmail = () => `signatory.${count}.${Date.now()}@example.com`;

  /** A company merchant whose agreement was generated and accepted; its signing authority at `email`. */
  async function acceptedAgreement(email: string) {
    const m = await merchant();
    const account = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant.account_uuid as string;
    await patchRecord(t, m.uuid, {
      account: {
        uuid: account,
        signatory_contact_details: [
        { id: 1, name: 'Asha Verma', email, pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', authorised_signatory: true, contact_detail_type: 'Signing Authority', pep: 3 },
      ],
    },
    });
    await generate(m);
    await t.app.jobs.runDue();
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_service_agreement`)).statusCode).toBe(200);
    return m;
  }
  const merged = (m: Merchant) => call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_merged_document_for_esign`);
  const sendOtp = (m: Merchant, doc: string) => call(t, m.token, 'POST', `/api/v1/kyc_documents/${doc}/send_signatory_otp`);
  const verify = (m: Merchant, doc: string, code: string) => call(t, m.token, 'POST', '/api/v1/verifiy_signatory_otp', { otp: { kyc_document_uuid: doc, code } });
  const esign = (m: Merchant, doc: string, token: string) => call(t, m.token, 'POST', `/api/v1/kyc_documents/${doc}/esign_merged_document`, { otp: token });

  it('merges, sends the signatory an OTP, and signs once with its token: a signature page, the SHA-256 of the signed bytes', async () => {
    const email = signatoryEmail();
    const m = await acceptedAgreement(email);
    const answer = await merged(m);
    expect(answer.statusCode, answer.body).toBe(200);
    const { kyc_document: doc, signatory } = answer.json();
    expect(signatory).toEqual({ name: 'Asha Verma', email: expect.stringMatching(/^s\*+@example\.com$/) });
    const toSign = await PDFDocument.load((await call(t, m.token, 'GET', doc.merged_document.path)).rawPayload);
    // The same document on a second look.
    expect((await merged(m)).json().kyc_document.merged_document.path).toBe(doc.merged_document.path);

    expect((await sendOtp(m, doc.uuid)).json()).toMatchObject({ sent_to: signatory.email, otp_length: 4 });
    const code = await latestOtp(t.db, email);
    const wrong = await verify(m, doc.uuid, code === '0000' ? '1111' : '0000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().attempts_left).toBeGreaterThan(0);
    const verified = await verify(m, doc.uuid, code);
    expect(verified.statusCode, verified.body).toBe(200);
    const token = verified.json().esign_token as string;

    clock.advance(60_000);
    // Sends racing with one token: one signs; the others find it signed (one at a time, the merchant locked).
    const answers = await Promise.all(Array.from({ length: 4 }, () => esign(m, doc.uuid, token)));
    expect(answers.map((one) => one.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const signed = answers.find((one) => one.statusCode === 200)!.json();
    expect(signed.merchant).toMatchObject({ is_service_agreement_esigned: true });
    expect(signed.merchant.merchant_statuses).toContainEqual({ status_type: 'Agreement', status_value: 'Approved' });

    const bytes = (await call(t, m.token, 'GET', signed.kyc_document.processed_document.path)).rawPayload;
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(toSign.getPageCount() + 1);
    expect(pdf.getKeywords()).toContain(`sha256:`);
    const [row] = await t.db.query<{ signed_sha256: string; signed_by: { name: string; email: string } }>('select signed_sha256, signed_by from service_agreements where merchant_uuid = $1', [m.uuid]);
    expect(row!.signed_sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(row!.signed_by).toMatchObject({ name: 'Asha Verma', email });
    expect((await progress(m)).kyc_document.status).toBe('Approved');
  });

  it('counts wrong signatory codes in the database: of a burst of 20 wrong codes, five are counted (the fifth locks), then the right code is refused too', async () => {
    const email = signatoryEmail();
    const m = await acceptedAgreement(email);
    const doc = (await merged(m)).json().kyc_document.uuid as string;
    expect((await sendOtp(m, doc)).statusCode).toBe(200);
    const code = await latestOtp(t.db, email);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(m, doc, wrongCode)));
    const wrong = answers.filter((answer) => answer.statusCode === 422);
    expect(wrong.map((answer) => answer.json().attempts_left as number).sort()).toEqual([1, 2, 3, 4]);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(16);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({ blocked: true });
    expect((await verify(m, doc, code)).statusCode).toBe(429);
  });

  it('is refused before acceptance, without a signing authority, or to a member without update_user_profile', async () => {
    const m = await merchant();
    await generate(m);
    await t.app.jobs.runDue();
    expect((await merged(m)).json()).toEqual({ error: message('server.esign.notAccepted'), code: 'AGREEMENT_NOT_ACCEPTED' });
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_service_agreement`)).statusCode).toBe(200);
    expect((await merged(m)).json().code).toBe('SIGNATORY_MISSING');
    const other = await acceptedAgreement(signatoryEmail());
    await t.db.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [other.uuid]);
    expect((await merged(other)).statusCode).toBe(403);
    const stranger = await merchant();
    const doc = (await progress(other)).kyc_document.uuid as string;
    expect((await sendOtp(stranger, doc)).statusCode).toBe(404);
    expect((await esign(stranger, doc, 'x')).statusCode).toBe(404);
  });
});
