import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPanProvider } from '../../server/providers/sandbox';
import { call, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;

/** Signs a new owner in and, with `pan`, verifies it for `entity`; the token, merchant uuid and account uuid. */
async function merchantWith(identity: string, pan?: string, entity = 6): Promise<{ token: string; uuid: string; account: string }> {
  const token = await signInWithOtp(t, identity);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  if (!pan) return { token, uuid, account: '' };
  const verified = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: pan, business_entity_id: entity } });
  if (verified.statusCode !== 200) throw new Error(`PAN ${verified.statusCode}: ${verified.body}`);
  return { token, uuid, account: verified.json().merchant.account_uuid as string };
}

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('GET /api/v1/dvs_wrapper/{id}/registered_companies (the company registry searched by the verified PAN name)', () => {
  it("offers the company registered under a company's PAN name, with its CIN", async () => {
    const { token, uuid } = await merchantWith('registry.company@example.com', 'AABCJ4821M');
    const response = await call(t, token, 'GET', `/api/v1/dvs_wrapper/${uuid}/registered_companies`);
    expect(response.statusCode).toBe(200);
    const panName = ((await sandboxPanProvider.verify('AABCJ4821M')) as { name: string }).name;
    const { companies } = response.json();
    expect(companies).toEqual([{ cin: expect.stringMatching(/^U72200MH20[01][0-9]PTC[0-9]{6}$/), company_name: panName }]);
    // The same name finds the same company every time (a sandbox documented as deterministic).
    expect((await call(t, token, 'GET', `/api/v1/dvs_wrapper/${uuid}/registered_companies`)).json()).toEqual({ companies });
  });

  it('offers nothing for a name the registry does not hold (a firm), nor before the PAN is verified', async () => {
    const firm = await merchantWith('registry.firm@example.com', 'AABFJ4821M', 4);
    expect((await call(t, firm.token, 'GET', `/api/v1/dvs_wrapper/${firm.uuid}/registered_companies`)).json()).toEqual({ companies: [] });
    const unverified = await merchantWith('registry.unverified@example.com');
    expect((await call(t, unverified.token, 'GET', `/api/v1/dvs_wrapper/${unverified.uuid}/registered_companies`)).json()).toEqual({ companies: [] });
  });

  it("is not a stranger's to ask", async () => {
    const { uuid } = await merchantWith('registry.owner@example.com', 'AABCK1234L');
    const stranger = await signInWithOtp(t, 'registry.stranger@example.com');
    expect((await call(t, stranger, 'GET', `/api/v1/dvs_wrapper/${uuid}/registered_companies`)).statusCode).toBe(404);
  });
});

describe("POST /api/v1/dvs_wrapper/{id}/company_details (a CIN's registered office, from the registry's master data)", () => {
  let token: string;
  let uuid: string;
  let account: string;
  beforeAll(async () => {
    ({ token, uuid, account } = await merchantWith('office.owner@example.com', 'AABCM2468N'));
  });
  const details = (cin: unknown, as = token) => call(t, as, 'POST', `/api/v1/dvs_wrapper/${uuid}/company_details`, { cin });

  it.each([
    ['U72200MH2009PTC123456', { address_line: 'Unit 4, Kalpataru Square, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' }],
    ['L17110KA1990PLC012345', { address_line: '3rd Floor, Prestige Tower, Residency Road', city: 'Bangalore', pincode: '560025', state: 'Karnataka' }],
  ])("gives the registered office of %s (the CIN's state)", async (cin, office) => {
    const response = await details(cin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ company_detail: { cin, registered_address: office } });
  });

  it('gives an LLP its office too', async () => {
    const response = await details('AAB-1234');
    expect(response.json().company_detail.registered_address).toMatchObject({ pincode: expect.stringMatching(/^[1-9][0-9]{5}$/) });
  });

  it('refuses a CIN the registry has no company for, a malformed CIN and a stranger', async () => {
    const unknown = await details('U00000MH0000PTC000000');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { cin: ['The company registry has no company with this CIN / LLPIN'] } });
    const malformed = await details('U7220');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ errors: { cin: ['CIN number is invalid'] } });
    expect((await details({ cin: 'U72200MH2009PTC123456' })).statusCode).toBe(422);
    const stranger = await signInWithOtp(t, 'office.stranger@example.com');
    expect((await details('U72200MH2009PTC123456', stranger)).statusCode).toBe(404);
  });

  it('gives an office the KYC step saves as the registered address as it is (city and state those of its pincode)', async () => {
    const cin = 'U72200MH2009PTC123456';
    const signatory = { name: 'Asha Verma', email: 'asha@example.com', pancard_number: 'ABCPV1234K', cin_number: cin };
    expect((await call(t, token, 'PUT', `/api/v1/accounts/${account}`, { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: uuid })).statusCode).toBe(200);
    const office = (await details(cin)).json().company_detail.registered_address;
    const saved = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { registration_address: office, same_as_registration: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().merchant.registration_address).toMatchObject(office);
  });
});
