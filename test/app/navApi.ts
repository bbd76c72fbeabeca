import { mockFetch } from '../fetchMock';

export const NAV_UUID = '4b7c2a5e-9d1f-4e8a-b3c6-1a2b3c4d5e6f';

/** What the navigation reads, answered: the user's merchants, the current merchant's record and the permissions. */
export function mockNavApi({ merchants = 1, merchant = {}, permissions = [] }: { merchants?: number; merchant?: Record<string, unknown>; permissions?: string[] } = {}) {
  return mockFetch(({ url }) => {
    if (url === '/api/v1/merchants') {
      return { body: { merchants: Array.from({ length: merchants }, (_, index) => ({ uuid: index === 0 ? NAV_UUID : `other-${index}`, mid: 8800100 + index, name: `Shop ${index}`, pancard_number: null })) } };
    }
    if (url === `/api/v1/merchants/${NAV_UUID}`) {
      return { body: { merchant: { uuid: NAV_UUID, mid: 8800100, name: 'Shop 0', product: 'PayUbiz', merchant_type: 'merchant', settlement_status: null, pancard_number: 'ABCPE1234F', ...merchant } } };
    }
    if (url.startsWith('/api/v1/oauth/token/info')) return { body: { acl_role: { name: 'Owner', acl_permissions: permissions.map((name) => ({ name, scopes: [] })) } } };
    return undefined;
  });
}
