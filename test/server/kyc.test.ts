import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, TINY_PNG } from './multipart';
import { message } from '../../schemas/messages';
import { SANDBOX_AADHAAR_OTP, SANDBOX_CKYC_DOB } from '../../server/providers/sandboxIdentity';
import { offlineKycXml, shareCodeZip } from './abuse/hostileFiles';
import { kycReadyMerchant } from './abuse/kycReadyMerchant';
import { call, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Valid Aadhaar numbers: python-stdnum's doctest (stdnum/in_/aadhaar.py), and one whose Verhoeff digit python-stdnum computed (test/fixtures/validation/definitions/aadhaar.json). */
const AADHAAR = '234123412346';
const NOT_LINKED = '499118665246';

let count = 0;
const merchant = () => kycReadyMerchant(t, `kyc.identity.${++count}.${Date.now()}@example.com`);
const path = (uuid: string, call: string) => `/api/v1/merchants/${uuid}/kyc/${call}`;

describe('Aadhaar e-KYC in the KYC step', () => {
  it('asks for consent, sends an OTP, refuses a wrong one with the attempts left, and completes KYC with the address found', async () => {
    const m = await merchant();
    const early = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: AADHAAR });
    expect(early.statusCode).toBe(422);
    expect(early.json().error_message).toBe(message('kyc.consentRequired'));
    expect((await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_consent'), { consent: false })).json().errors.consent).toEqual([message('kyc.consentRequired')]);
    expect((await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_consent'), { consent: true })).statusCode).toBe(200);

    const bad = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: '234123412347' });
    expect(bad.json().errors.aadhaar_number).toEqual(['Aadhar number is invalid']);
    const sent = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: AADHAAR });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ attempts_remaining: 2, message: message('kyc.otpSent', { last4: '2346' }) });
    const stored = await t.db.query<{ aadhaar_last4: string }>('select * from aadhaar_otp_requests where merchant_uuid = $1', [m.uuid]);
    expect(JSON.stringify(stored)).not.toContain(AADHAAR);
    expect(stored[0]!.aadhaar_last4).toBe('2346');

    const wrong = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: AADHAAR, otp: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ error_message: message('kyc.otpWrong'), attempts_remaining: 2 });
    const otherNumber = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: NOT_LINKED, otp: SANDBOX_AADHAAR_OTP });
    expect(otherNumber.json().error_message).toBe(message('kyc.otpExpired'));

    const right = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: AADHAAR, otp: SANDBOX_AADHAAR_OTP });
    expect(right.statusCode).toBe(200);
    expect(right.json().merchant.kyc_status).toEqual({ kyc_status: 'COMPLETED' });
    expect(right.json().merchant.saved_kyc_address).toMatchObject({ pincode: expect.stringMatching(/^[1-9][0-9]{5}$/) });
    const again = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: AADHAAR, otp: SANDBOX_AADHAAR_OTP });
    expect(again.statusCode).toBe(422);
  });

  it("passes on the service's refusal of an Aadhaar not linked to a mobile", async () => {
    const m = await merchant();
    await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_consent'), { consent: true });
    const refused = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: NOT_LINKED });
    expect(refused.json()).toMatchObject({ error_message: 'Aadhaar number is not linked to a mobile number', attempts_remaining: 2 });
  });

  it('holds the send cap under a burst: 3 sends in the window, then the time to wait', async () => {
    const m = await merchant();
    await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_consent'), { consent: true });
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: AADHAAR })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 422)!.json();
    expect(refused).toMatchObject({ error_message: message('kyc.tooManySends'), attempts_remaining: 0 });
    expect(refused.time_remaining).toBeGreaterThan(25 * 60);
    const requests = await t.db.query('select id from aadhaar_otp_requests where merchant_uuid = $1', [m.uuid]);
    expect(requests).toHaveLength(3);
  });

  it('holds the guess cap under a burst: 3 wrong guesses count, the right OTP after them is refused', async () => {
    const m = await merchant();
    await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_consent'), { consent: true });
    await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: AADHAAR });
    const guesses = await Promise.all(Array.from({ length: 6 }, () => call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: AADHAAR, otp: '111111' })));
    expect(guesses.map((guess) => guess.json().error_message).filter((text) => text === message('kyc.otpWrong'))).toHaveLength(3);
    const late = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: AADHAAR, otp: SANDBOX_AADHAAR_OTP });
    expect(late.json().error_message).toBe(message('kyc.otpExpired'));
  });
});

describe('central KYC', () => {
  it('finds the PAN holder by date of birth, and says when there is no record', async () => {
    const m = await merchant();
    const missing = await call(t, m.token, 'POST', path(m.uuid, 'ckyc'), { dob: '1985-05-05' });
    expect(missing.json()).toMatchObject({ error_message: message('kyc.ckycNotFound') });
    expect((await call(t, m.token, 'POST', path(m.uuid, 'ckyc'), { dob: 'yesterday' })).json().errors.dob).toEqual([message('validation.date')]);
    const found = await call(t, m.token, 'POST', path(m.uuid, 'ckyc'), { dob: SANDBOX_CKYC_DOB });
    expect(found.statusCode).toBe(200);
    expect(found.json().merchant.kyc_status).toEqual({ kyc_status: 'COMPLETED' });
    const other = await merchant();
    expect((await call(t, other.token, 'POST', path(m.uuid, 'ckyc'), { dob: SANDBOX_CKYC_DOB })).statusCode).toBe(404);
  });
});

/** The offline e-KYC ZIP of {@link offlineKycXml} under a share code. */
const offlineKycZip = (shareCode: string, options: Parameters<typeof offlineKycXml>[0] = {}) => shareCodeZip(shareCode, offlineKycXml(options));

const sendXml = (m: { token: string; uuid: string }, shareCode: string, file: { filename: string; content: Buffer }) => {
  const body = multipartBody({ share_code: shareCode }, [{ field: 'file', ...file }]);
  return t.app.inject({ method: 'POST', url: path(m.uuid, 'aadhaar_xml'), headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
};

describe('Aadhaar offline e-KYC (XML share code)', () => {
  it('opens the ZIP with the share code and completes KYC with its address; a wrong code, a bad code, other files are refused', async () => {
    const m = await merchant();
    const zip = await offlineKycZip('5678');
    expect((await sendXml(m, '56', { filename: 'aadhaar.zip', content: zip })).json().errors.share_code).toEqual(['Share code is invalid']);
    expect((await sendXml(m, '1234', { filename: 'aadhaar.zip', content: zip })).json()).toMatchObject({ error_message: message('kyc.xml.wrongShareCode') });
    expect((await sendXml(m, '5678', { filename: 'aadhaar.zip', content: TINY_PNG })).json().errors.file).toEqual([message('kyc.xml.notZip')]);
    const unsigned = await sendXml(m, '5678', { filename: 'aadhaar.zip', content: await offlineKycZip('5678', { signed: false }) });
    expect(unsigned.json()).toMatchObject({ error_message: message('kyc.xml.notSigned') });
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant.kyc_status).not.toEqual({ kyc_status: 'COMPLETED' });

    const m2 = await merchant();
    const accepted = await sendXml(m2, '5678', { filename: 'aadhaar.zip', content: zip });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().merchant).toMatchObject({
      kyc_status: { kyc_status: 'COMPLETED' },
      saved_kyc_address: { address_line: '12, MG Road, Shivaji Nagar', city: 'Pune', pincode: '411005', state: 'Maharashtra' },
    });
    const noAddress = await sendXml(await merchant(), '5678', { filename: 'aadhaar.zip', content: await offlineKycZip('5678', { poa: 'state="Maharashtra"' }) });
    expect(noAddress.json()).toMatchObject({ error_message: message('kyc.xml.unreadable') });
  });
});

/** The signatory's own address as the sandbox's Aadhaar and central KYC find it (a home, not a business's office). */
type Address = { address_line: string; city: string; pincode: string; state: string };
/** A company's registered office, as on its certificate of incorporation. */
const OFFICE: Address = { address_line: 'Unit 4, Kalpataru Square, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' };

/** A Sole Proprietorship (the proprietor's PAN, fourth letter P) with its signatory given: its KYC step is open. */
async function proprietorship(): Promise<{ token: string; uuid: string }> {
  const token = await signInWithOtp(t, `kyc.proprietor.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'ABCPS1234K', business_entity_id: 3 } });
  expect(pan.statusCode, pan.body).toBe(200);
  const signatory = { name: 'Sunil Shah', email: 'sunil@example.com', pancard_number: 'ABCPS1234K' };
  const saved = await call(t, token, 'PUT', `/api/v1/accounts/${pan.json().merchant.account_uuid}`, { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: uuid });
  expect(saved.statusCode, saved.body).toBe(200);
  return { token, uuid };
}

/** Aadhaar e-KYC with the sandbox's OTP: the answer of the verification. */
async function aadhaarVerified(m: { token: string; uuid: string }) {
  await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_consent'), { consent: true });
  await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_send_otp'), { aadhaar_number: AADHAAR });
  const verified = await call(t, m.token, 'POST', path(m.uuid, 'aadhaar_verify_otp'), { aadhaar_number: AADHAAR, otp: SANDBOX_AADHAAR_OTP });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json() as { message: string; merchant: { saved_kyc_address: Address } };
}

describe("the registered address: the business's own, the signatory's only where the entity says so", () => {
  it("refuses a company's registered address that is its signatory's Aadhaar address, by each call that saves one, storing nothing", async () => {
    const m = await merchant();
    const verified = await aadhaarVerified(m);
    expect(verified.message).toBe(message('kyc.verifiedSignatoryOnly'));
    const home = verified.merchant.saved_kyc_address;
    const before = await storedState(t, m.uuid);

    const viaStep = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}`, { merchant: { registration_address: home, same_as_registration: true } });
    expect(viaStep.statusCode).toBe(422);
    expect(viaStep.json().errors).toEqual({ 'registration_address.address_line': [message('address.registration.signatorys')] });
    const viaPayload = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/addresses`, { Registered: home, Operating: OFFICE });
    expect(viaPayload.statusCode).toBe(422);
    expect(viaPayload.json().errors).toEqual({ 'Registered.address_line': [message('address.registration.signatorys')] });
    expect(await storedState(t, m.uuid)).toEqual(before);

    // The company's own office is its registered address; it may operate from the signatory's home.
    const saved = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}`, { merchant: { registration_address: OFFICE, operating_address: home } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().merchant).toMatchObject({ registration_address: OFFICE, operating_address: home });

    // KYC is now completed: a change of address is an addendum, and the signatory's home is refused there too.
    const change = { Registered: home, Operating: home };
    const asAddendum = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/generate_addendum_data`, { source: 'address', new_data: change });
    expect(asAddendum.json()).toEqual({ errors: { 'Registered.address_line': [message('address.registration.signatorys')] } });
    const viaAddresses = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/addresses`, change);
    expect(viaAddresses.json()).toEqual({ errors: { 'Registered.address_line': [message('address.registration.signatorys')] } });
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/addenda`)).json().addenda).toEqual([]);
  });

  it("takes a Sole Proprietorship's registered address from the proprietor's Aadhaar or central KYC", async () => {
    const m = await proprietorship();
    const verified = await aadhaarVerified(m);
    expect(verified.message).toBe(message('kyc.verified'));
    const home = verified.merchant.saved_kyc_address;
    const saved = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}`, { merchant: { registration_address: home, same_as_registration: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().merchant.registration_address).toEqual(home);

    const other = await proprietorship();
    const found = await call(t, other.token, 'POST', path(other.uuid, 'ckyc'), { dob: SANDBOX_CKYC_DOB });
    expect(found.json().message).toBe(message('kyc.verified'));
    const viaPayload = await call(t, other.token, 'PUT', `/api/v1/merchants/${other.uuid}/addresses`, { Registered: found.json().merchant.saved_kyc_address, Operating: OFFICE });
    expect(viaPayload.statusCode, viaPayload.body).toBe(200);
  });

  it("says after central KYC that a company's registered address is still to be given", async () => {
    const m = await merchant();
    const found = await call(t, m.token, 'POST', path(m.uuid, 'ckyc'), { dob: SANDBOX_CKYC_DOB });
    expect(found.json()).toMatchObject({ message: message('kyc.verifiedSignatoryOnly'), merchant: { registration_address: null } });
    const copied = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}`, { merchant: { registration_address: found.json().merchant.saved_kyc_address, same_as_registration: true } });
    expect(copied.json().errors).toEqual({ 'registration_address.address_line': [message('address.registration.signatorys')] });
  });
});
