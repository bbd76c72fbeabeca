import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../src/shared/api/fetcher';
import { ifscDirectory } from '../../../src/shared/api/ifsc';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const MANDVI = { ifsc_code: 'ABHY0065201', bank_name: 'ABHYUDAYA COOPERATIVE BANK LIMITED', branch_name: 'MANDVI', city: 'VADODARA', state: 'GUJARAT', address: 'BANK ROAD, VADODARA' };

describe('ifscDirectory', () => {
  it('asks GET /api/v1/ifsc_details/{ifsc} for a branch, and gives null when no bank has the code (404)', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const calls = mockFetch(({ url }) =>
      url === '/api/v1/ifsc_details/ABHY0065201' ? { body: { ifsc_detail: MANDVI } } : { status: 404, body: { error: 'No data found for this IFSC.', code: 'IFSC_NOT_FOUND' } },
    );
    await expect(ifscDirectory.detail('ABHY0065201')).resolves.toEqual(MANDVI);
    await expect(ifscDirectory.detail('ABCD0123456')).resolves.toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/ifsc_details/ABHY0065201', '/api/v1/ifsc_details/ABCD0123456']);
  });

  it('rejects a lookup that failed for another reason', async () => {
    mockFetch(() => ({ status: 503, body: { error: 'unavailable' } }));
    await expect(ifscDirectory.detail('ABHY0065201')).rejects.toBeInstanceOf(ApiRequestError);
  });

  it("reads the search's lists from the directory's list calls", async () => {
    const calls = mockFetch(({ url }) => {
      const [path = '', search = ''] = url.split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      if (path === '/api/v1/ifsc_details/bank_names') return { body: { bank_names: [MANDVI.bank_name] } };
      if (path === '/api/v1/ifsc_details/states') return { body: { states: [`states of ${query.bank_name}`] } };
      if (path === '/api/v1/ifsc_details/cities') return { body: { cities: [`cities of ${query.bank_name} in ${query.state}`] } };
      if (path === '/api/v1/ifsc_details/branches' && query.city === 'VADODARA') return { body: { ifsc_details: [MANDVI] } };
      return undefined;
    });
    await expect(ifscDirectory.bankNames()).resolves.toEqual([MANDVI.bank_name]);
    await expect(ifscDirectory.states('A & B BANK')).resolves.toEqual(['states of A & B BANK']);
    await expect(ifscDirectory.cities('A & B BANK', 'GUJARAT')).resolves.toEqual(['cities of A & B BANK in GUJARAT']);
    await expect(ifscDirectory.branches(MANDVI.bank_name, 'GUJARAT', 'VADODARA')).resolves.toEqual([MANDVI]);
    expect(calls).toHaveLength(4);
  });
});
