import { call, signInWithOtp, type TestApp } from '../testApp';

/** A Private Limited merchant with a verified PAN and a complete signing authority: its KYC address step is open. */
export async function kycReadyMerchant(t: TestApp, identity: string): Promise<{ token: string; uuid: string }> {
  const token = await signInWithOtp(t, identity);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  const signatory = { name: 'Asha Verma', email: 'asha@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' };
  const saved = await call(t, token, 'PUT', `/api/v1/accounts/${pan.json().merchant.account_uuid}`, {
    account: { signatory_contact_details_attributes: [signatory] },
    merchant_uuid: uuid,
  });
  if (saved.statusCode !== 200) throw new Error(`signatory ${saved.statusCode}: ${saved.body}`);
  return { token, uuid };
}
