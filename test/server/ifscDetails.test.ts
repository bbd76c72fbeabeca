import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { loadSampleIfscDirectory } from '../../server/reference/ifscDirectory';
import { call, signInWithOtp, testApp, type TestApp } from './testApp';

// Expected values are rows of the shipped sample (server/reference/ifsc/, RBI's list as published by
// Jebil/indian_banks), not output of our code.
const ABHYUDAYA = 'ABHYUDAYA COOPERATIVE BANK LIMITED';
const MANDVI_VADODARA = {
  ifsc_code: 'ABHY0065201',
  bank_name: ABHYUDAYA,
  branch_name: 'MANDVI',
  city: 'VADODARA',
  state: 'GUJARAT',
  address: 'SHREE KRISHNA BHAVAN, NEAR CHAMPANER GATE,  3259 BANK ROAD, VADODARA 390006,',
};
// HDFC Bank's Kamala Mills branch, Mumbai: in RBI's list (and the `ifsc` package), not in the sample.
const HDFC_NOT_IN_SAMPLE = 'HDFC0000001';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await testApp();
  await loadSampleIfscDirectory(t.db);
  token = await signInWithOtp(t, 'ifsc.searcher@example.com');
});
afterAll(() => t.close());

const get = (url: string, as: string | null = token) => call(t, as, 'GET', `/api/v1/ifsc_details/${url}`);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('the IFSC search cascade', () => {
  it('lists the banks of the directory once each, sorted', async () => {
    const response = await get('bank_names');
    expect(response.statusCode).toBe(200);
    const names: string[] = response.json().bank_names;
    expect(names).toContain(ABHYUDAYA);
    expect(names).toContain('ALLAHABAD BANK');
    expect(names).not.toContain('HDFC BANK'); // in banks.csv, but with no branch in the sample
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
  });

  it("gives a bank's states, a state's cities and a city's branches", async () => {
    const states = await get(`states?${query({ bank_name: ABHYUDAYA })}`);
    expect(states.json()).toEqual({ states: ['GUJARAT', 'KARNATAKA', 'MAHARASHTRA'] });

    const cities = await get(`cities?${query({ bank_name: ABHYUDAYA, state: 'KARNATAKA' })}`);
    expect(cities.json()).toEqual({ cities: ['MANGALORE', 'UDUPI'] });

    const branches = await get(`branches?${query({ bank_name: ABHYUDAYA, state: 'KARNATAKA', city: 'UDUPI' })}`);
    expect(branches.statusCode).toBe(200);
    expect(branches.json().ifsc_details.map((branch: { branch_name: string; ifsc_code: string }) => [branch.branch_name, branch.ifsc_code])).toEqual([
      ['CITY', 'ABHY0065302'],
      ['MAIN BR UDUPI', 'ABHY0065301'],
      ['PADUBIDRI', 'ABHY0065305'],
      ['SHIRVA', 'ABHY0065304'],
    ]);

    const vadodara = await get(`branches?${query({ bank_name: ABHYUDAYA, state: 'GUJARAT', city: 'VADODARA' })}`);
    expect(vadodara.json()).toEqual({ ifsc_details: [MANDVI_VADODARA] });
  });

  it('answers empty lists for names the directory does not hold', async () => {
    expect((await get(`states?${query({ bank_name: 'NO SUCH BANK' })}`)).json()).toEqual({ states: [] });
    expect((await get(`cities?${query({ bank_name: ABHYUDAYA, state: 'KERALA' })}`)).json()).toEqual({ cities: [] });
    expect((await get(`branches?${query({ bank_name: ABHYUDAYA, state: 'GUJARAT', city: 'UDUPI' })}`)).json()).toEqual({ ifsc_details: [] });
  });

  it.each([
    ['states', {}, { bank_name: [message('validation.required')] }],
    ['states', { bank_name: '' }, { bank_name: [message('validation.required')] }],
    ['states', { bank_name: 'B'.repeat(201) }, { bank_name: [message('validation.maxLength', { limit: 200 })] }],
    ['cities', { bank_name: ABHYUDAYA }, { state: [message('validation.required')] }],
    ['branches', { bank_name: ABHYUDAYA, state: 'GUJARAT' }, { city: [message('validation.required')] }],
  ])('refuses %s?%j with 422', async (path, params, errors) => {
    const response = await get(`${path}?${query(params)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
  });
});

describe('GET /api/v1/ifsc_details/{ifsc}', () => {
  it('gives the branch of a code in the directory', async () => {
    const response = await get('ABHY0065201');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ifsc_detail: { ...MANDVI_VADODARA, in_directory: true } });
  });

  it('takes a code typed in lower case', async () => {
    expect((await get('abhy0065201')).json().ifsc_detail.ifsc_code).toBe('ABHY0065201');
  });

  it("names the bank of a real code the directory lacks, from RBI's list, with no branch details", async () => {
    const response = await get(HDFC_NOT_IN_SAMPLE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ifsc_detail: { ifsc_code: HDFC_NOT_IN_SAMPLE, bank_name: 'HDFC Bank', branch_name: '', city: '', state: '', address: '', in_directory: false },
    });
  });

  it.each(['ABHY0999999', 'ABCD0123456', 'HDFC1000001'])('answers 404 "No data found for this IFSC." for %s', async (code) => {
    const response = await get(code);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('No data found for this IFSC.');
  });

  it.each(['HDFC000001', 'HDFC00000011', 'HDFC-000001', 'HDFC 000001', 'ＡＢＨＹ００６５２０１', 'ABHY006520١', 'ABHY0065201\u0000'])('refuses the malformed code "%s" with the IFSC format text', async (code) => {
    const response = await get(encodeURIComponent(code));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { ifsc_code: ['IFSC code format is invalid'] } });
  });
});

describe('the IFSC directory without a session', () => {
  it.each(['bank_names', `states?${query({ bank_name: ABHYUDAYA })}`, 'states', 'cities?state=GUJARAT', 'branches', 'ABHY0065201', 'bad'])(
    'answers 401 to %s',
    async (url) => {
      const response = await get(url, null);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(message('auth.unauthorized'));
    },
  );

  it('answers 401 to a token that is not a session', async () => {
    expect((await get('bank_names', 'not-a-token')).statusCode).toBe(401);
  });
});
