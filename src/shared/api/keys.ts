/** SWR keys: the API path each cached resource comes from. */
export const keys = {
  merchants: '/api/v1/merchants',
  merchant: (id: string) => `/api/v1/merchants/${id}`,
  businessEntities: '/api/v1/business_entities',
  tokenInfo: '/api/v1/oauth/token/info',
} as const;
