import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../../src/features/onboarding/StepScreen';
import { useMerchant } from '../../../../src/shared/api/hooks';
import type { Merchant } from '../../../../src/shared/api/types';
import { saveSession } from '../../../../src/shared/session/session';
import { mockFetch } from '../../../fetchMock';

/** Business entity ids of schemas/master/business-entities.json. */
const INDIVIDUAL = 1;
const SOLE_PROPRIETORSHIP = 3;
const PARTNERSHIP = 4;
const PRIVATE_LIMITED = 6;

/** The signatory's own address, as Aadhaar or central KYC finds it (the sandbox's kind). */
const HOME = { address_line: 'Flat 302, Sai Heights, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' };
const merchantOf = (entity: number, patch: Partial<Merchant> = {}): Merchant => ({
  uuid: '11111111-2222-3333-4444-555555555555',
  mid: 8800003,
  business_entity_id: entity,
  pancard_number: 'AAACN4521K',
  registration_address: null,
  operating_address: null,
  saved_kyc_address: null,
  kyc_status: null,
  ...patch,
});

/** The KYC step as the page shows it: with the merchant record the app holds, which a verification refreshes. */
function KycStep({ uuid }: { uuid: string }) {
  const { data: merchant } = useMerchant(uuid);
  return merchant ? <StepScreen stepId="kyc" merchant={merchant} readonly={false} onSaved={vi.fn()} /> : null;
}

function renderKycStep(merchant: Merchant) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const verified = { ...merchant, kyc_status: { kyc_status: 'COMPLETED' }, saved_kyc_address: HOME };
  const calls = mockFetch(({ method, url }) => {
    if (method === 'GET' && url === `/api/v1/merchants/${merchant.uuid}`) return { body: { merchant } };
    if (url.startsWith('/api/v1/pincode_details/')) return { body: { pincode_detail: { pincode: HOME.pincode, city: HOME.city, state: HOME.state } } };
    if (method === 'POST' && url.endsWith('/kyc/aadhaar_consent')) return { body: { consent: true } };
    if (method === 'POST' && url.endsWith('/kyc/aadhaar_send_otp')) return { body: { attempts_remaining: 2, message: 'OTP sent to the mobile number linked with Aadhaar ending 2346' } };
    if (method === 'POST' && url.endsWith('/kyc/aadhaar_verify_otp')) return { body: { message: 'KYC verified.', merchant: verified } };
    if (method === 'PUT') return { body: { merchant } };
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <KycStep uuid={merchant.uuid} />
    </SWRConfig>,
  );
  return { calls, user: userEvent.setup() };
}

/** The registered address's fields (the first of each label: the operating address's come second). */
const registered = (label: RegExp) => screen.getAllByLabelText(label)[0]!;

async function verifyWithAadhaar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'VERIFY WITH AADHAAR' }));
  await user.type(screen.getByLabelText('Aadhaar Number'), '234123412346');
  await user.click(screen.getByRole('checkbox', { name: /I agree to share my Aadhaar details/ }));
  await user.click(screen.getByRole('button', { name: 'SEND OTP' }));
  await user.type(await screen.findByLabelText('OTP'), '123456');
  await user.click(screen.getByRole('button', { name: 'VERIFY' }));
  await screen.findByText('KYC verified.');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('IdentityCheck in the KYC step', () => {
  it.each([
    ['an Individual', INDIVIDUAL],
    ['a Sole Proprietorship', SOLE_PROPRIETORSHIP],
  ])("fills %s's registered address with the address Aadhaar found", async (_name, entity) => {
    const { user } = renderKycStep(merchantOf(entity));
    await verifyWithAadhaar(user);
    await waitFor(() => expect(registered(/^Address/)).toHaveValue(HOME.address_line));
    expect(registered(/^Pincode/)).toHaveValue(HOME.pincode);
  });

  it.each([
    ['a Private Limited company', PRIVATE_LIMITED],
    ['a Partnership', PARTNERSHIP],
  ])("leaves %s's registered address to the business: Aadhaar verifies the signatory only, and says so", async (_name, entity) => {
    const { user } = renderKycStep(merchantOf(entity));
    expect(await screen.findByText(/Optional for a business: .* Neither fills the registered address/)).toBeInTheDocument();
    await verifyWithAadhaar(user);
    expect(registered(/^Address/)).toHaveValue('');
    expect(registered(/^Pincode/)).toHaveValue('');
  });

  it('offers the identity checks before the address fields they may fill', async () => {
    renderKycStep(merchantOf(SOLE_PROPRIETORSHIP));
    const aadhaar = await screen.findByRole('button', { name: 'VERIFY WITH AADHAAR' });
    const firstField = registered(/^Address/);
    expect(aadhaar.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("starts a company's registered address empty, not from the signatory's saved KYC address", async () => {
    renderKycStep(merchantOf(PRIVATE_LIMITED, { saved_kyc_address: HOME }));
    expect(await screen.findByRole('button', { name: 'VERIFY WITH AADHAAR' })).toBeInTheDocument();
    expect(registered(/^Address/)).toHaveValue('');
  });

  it("starts a Sole Proprietorship's registered address from the saved KYC address", async () => {
    renderKycStep(merchantOf(SOLE_PROPRIETORSHIP, { saved_kyc_address: HOME }));
    await waitFor(() => expect(registered(/^Address/)).toHaveValue(HOME.address_line));
  });

  it("refuses a company's registered address that is the signatory's Aadhaar address, and sends nothing", async () => {
    const { calls, user } = renderKycStep(merchantOf(PRIVATE_LIMITED, { saved_kyc_address: HOME }));
    await screen.findByRole('button', { name: 'VERIFY WITH AADHAAR' });
    await user.type(registered(/^Address/), HOME.address_line);
    await user.type(registered(/^Pincode/), HOME.pincode);
    await waitFor(() => expect(registered(/^City/)).toHaveValue(HOME.city));
    await user.click(screen.getByRole('checkbox', { name: /same as the registered address/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/This is the signatory's own address/)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
