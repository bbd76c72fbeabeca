/** SWR keys: the API path each cached resource comes from. */
export const keys = {
  merchants: '/api/v1/merchants',
  merchant: (id: string) => `/api/v1/merchants/${id}`,
  merchantDocsReq: (id: string) => `/api/v1/merchants/${id}/merchant_docs_req`,
  agreement: (id: string) => `/api/v1/merchants/${id}/generate_agreement`,
  addenda: (id: string) => `/api/v1/merchants/${id}/addenda`,
  upiVerification: (id: string, uuid: string) => `/api/v1/merchants/${id}/bank_details/upi_verifications/${uuid}`,
  businessEntities: '/api/v1/business_entities',
  tokenInfo: '/api/v1/oauth/token/info',
  ifscBankNames: '/api/v1/ifsc_details/bank_names',
  ifscStates: (bank_name: string) => `/api/v1/ifsc_details/states?${new URLSearchParams({ bank_name })}`,
  ifscCities: (bank_name: string, state: string) => `/api/v1/ifsc_details/cities?${new URLSearchParams({ bank_name, state })}`,
  ifscBranches: (bank_name: string, state: string, city: string) =>
    `/api/v1/ifsc_details/branches?${new URLSearchParams({ bank_name, state, city })}`,
  ifscDetail: (ifsc: string) => `/api/v1/ifsc_details/${encodeURIComponent(ifsc)}`,
} as const;
