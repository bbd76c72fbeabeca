import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gstinCheckCharacter } from '../../../schemas/keywords/gstinChecksum';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';

const UUID = '11111111-2222-3333-4444-555555555555';
const ACCOUNT = '99999999-8888-7777-6666-555555555555';
const PAN = 'AABCJ4821M';
const withCheck = (first14: string) => first14 + (gstinCheckCharacter(first14) ?? '');
const MAHARASHTRA = withCheck(`27${PAN}1Z`);
const KARNATAKA = withCheck(`29${PAN}1Z`);
const CIN = 'U72200MH2012PTC345678';
const OFFICE = { address_line: 'Unit 4, Kalpataru Square, Andheri East', city: 'Mumbai', pincode: '400069', state: 'Maharashtra' };

/** A verified Private Limited merchant; `signatories` saved on its account. */
const company = (signatories: unknown[] = [], extra: Partial<Merchant> = {}): Merchant => ({
  uuid: UUID,
  mid: 8800010,
  pancard_number: PAN,
  pancard_name: 'JANA IYER TECHNOLOGIES PRIVATE LIMITED',
  pan_verification_status: 'verified',
  business_entity_id: 6,
  business_entity: { id: 6, name: 'Private Limited' },
  business_category_id: null,
  business_sub_category_id: null,
  monthly_expected_volume: null,
  gst_number: null,
  business_name: null,
  ultimate_beneficiaries: [],
  ubo_exist: false,
  account_uuid: ACCOUNT,
  account: { uuid: ACCOUNT, signatory_contact_details: signatories },
  registration_address: null,
  operating_address: null,
  ...extra,
});

type Answer = { status?: number; body?: unknown };
/**
 * Replaces fetch: `route` answers a call, now or later (a promise: the lookup is still running until it settles);
 * unrouted calls answer 404. Returns the calls made.
 */
function stubFetch(route: (request: { method: string; url: string; body: unknown }) => Answer | Promise<Answer> | undefined) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(request);
      const answer = (await route(request)) ?? { status: 404, body: { error: 'not found' } };
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** A promise settled by the test: a lookup that answers when told. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

function renderStep(stepId: string, merchant: Merchant) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId={stepId} merchant={merchant} readonly={false} onSaved={vi.fn()} />
    </SWRConfig>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('business details: the GSTINs registered to the PAN, picked instead of typed', () => {
  const linked = { pan_detail: { name: 'JANA IYER', gst_details: [{ gstin: MAHARASHTRA, tradename: 'IYER TRADERS' }, { gstin: KARNATAKA, tradename: 'IYER ENTERPRISES' }] } };

  it('says it is looking while the lookup runs, then offers each with its trade name; a pick fills the GSTIN and the trade name', async () => {
    const answer = later<Answer>();
    const calls = stubFetch(({ url }) => (url.endsWith('/pan_gst_details') ? answer.promise : undefined));
    const user = renderStep('business-details', company());
    expect(await screen.findByRole('status')).toHaveTextContent('Looking for the GST numbers registered to your PAN…');
    answer.settle({ body: linked });
    const choices = await screen.findByRole('group', { name: 'Choose one of the GST numbers registered to your PAN, or type another.' });
    await waitFor(() => expect(screen.queryByText('Looking for the GST numbers registered to your PAN…')).not.toBeInTheDocument());
    const karnataka = within(choices).getByRole('button', { name: `${KARNATAKA} IYER ENTERPRISES` });
    expect(karnataka).toHaveAttribute('aria-pressed', 'false');
    await user.click(karnataka);
    await waitFor(() => expect(screen.getByLabelText(/GST Number/)).toHaveValue(KARNATAKA));
    expect(screen.getByLabelText(/Trade Name/)).toHaveValue('IYER ENTERPRISES');
    expect(within(choices).getByRole('button', { name: `${KARNATAKA} IYER ENTERPRISES` })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((call) => call.url.endsWith('/pan_gst_details'))?.body).toEqual({ pan_number: PAN });
  });

  it('leaves the GSTIN to type when the lookup fails: the GSTIN lookup still fills the trade name', async () => {
    stubFetch(({ url }) => {
      if (url.endsWith('/pan_gst_details')) return { status: 503, body: { error: 'unavailable' } };
      if (url.endsWith('/gstin_details')) return { body: { gstin_details: { tradename: 'IYER TRADERS' } } };
      return undefined;
    });
    const user = renderStep('business-details', company());
    const gst = await screen.findByLabelText(/GST Number/);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('group', { name: /registered to your PAN/ })).not.toBeInTheDocument();
    await user.type(gst, MAHARASHTRA.toLowerCase());
    await waitFor(() => expect(screen.getByLabelText(/Trade Name/)).toHaveValue('IYER TRADERS'));
    expect(gst).toHaveValue(MAHARASHTRA);
  });
});

describe("signing authority: the company's CIN found in the registry by the PAN name", () => {
  it('offers the company the registry lists under the PAN name; a pick fills the CIN, typing stays possible', async () => {
    const answer = later<Answer>();
    const calls = stubFetch(({ url }) => (url.endsWith('/registered_companies') ? answer.promise : undefined));
    const user = renderStep('signing-authority', company());
    expect(await screen.findByRole('status')).toHaveTextContent('Looking for your company in the company registry (MCA)…');
    answer.settle({ body: { companies: [{ cin: CIN, company_name: 'JANA IYER TECHNOLOGIES PRIVATE LIMITED' }] } });
    const choices = await screen.findByRole('group', { name: /company registry \(MCA\) lists this company under your PAN name/ });
    await user.click(within(choices).getByRole('button', { name: `${CIN} JANA IYER TECHNOLOGIES PRIVATE LIMITED` }));
    await waitFor(() => expect(screen.getByLabelText(/^CIN/)).toHaveValue(CIN));
    expect(await screen.findByRole('button', { name: 'Find signatories' })).toBeEnabled();
    expect(calls.find((call) => call.url.endsWith('/registered_companies'))).toMatchObject({ method: 'GET', url: `/api/v1/dvs_wrapper/${UUID}/registered_companies` });
    await user.clear(screen.getByLabelText(/^CIN/));
    await user.type(screen.getByLabelText(/^CIN/), 'aab-1234');
    expect(screen.getByLabelText(/^CIN/)).toHaveValue('AAB-1234');
  });

  it('offers nothing when the registry has no company of that name', async () => {
    stubFetch(({ url }) => (url.endsWith('/registered_companies') ? { body: { companies: [] } } : undefined));
    renderStep('signing-authority', company());
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^CIN/)).toHaveValue('');
  });
});

describe("KYC: the company's registered office from the registry", () => {
  const director = { id: 1, name: 'ASHA VERMA', email: 'asha@example.com', pancard_number: 'ABCPV1234K', cin_number: CIN };

  it("fills the registered address from the registry for the signatory's CIN, says where it came from, and lets the merchant change it", async () => {
    const answer = later<Answer>();
    const calls = stubFetch(({ url }) => (url.endsWith('/company_details') ? answer.promise : undefined));
    const user = renderStep('kyc', company([director]));
    expect(await screen.findByText('Getting your registered office from the company registry (MCA)…')).toBeInTheDocument();
    answer.settle({ body: { company_detail: { cin: CIN, registered_address: OFFICE } } });
    const line = () => screen.getAllByLabelText(/^Address/)[0]!;
    await waitFor(() => expect(line()).toHaveValue(OFFICE.address_line));
    expect(screen.getAllByLabelText(/^Pincode/)[0]).toHaveValue(OFFICE.pincode);
    expect(screen.getAllByLabelText(/^City/)[0]).toHaveValue(OFFICE.city);
    expect(screen.getAllByLabelText(/^State/)[0]).toHaveValue(OFFICE.state);
    expect(screen.getByText(/Filled in from the company registry \(MCA\) for your CIN/)).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/company_details'))?.body).toEqual({ cin: CIN });
    await user.clear(line());
    await user.type(line(), 'Unit 5, Kalpataru Square, Andheri East');
    expect(line()).toHaveValue('Unit 5, Kalpataru Square, Andheri East');
    expect(screen.queryByText(/Filled in from the company registry/)).not.toBeInTheDocument();
    expect(screen.getByText('Enter the address as on the government certificate or certificate of incorporation.')).toBeInTheDocument();
  });

  it('leaves the address to type when the registry has no office for the CIN', async () => {
    stubFetch(({ url }) => (url.endsWith('/company_details') ? { status: 422, body: { errors: { cin: ['The company registry has no company with this CIN / LLPIN'] } } } : undefined));
    renderStep('kyc', company([director]));
    await waitFor(() => expect(screen.queryByText(/Getting your registered office/)).not.toBeInTheDocument());
    expect(screen.getAllByLabelText(/^Address/)[0]).toHaveValue('');
    expect(screen.getAllByLabelText(/^Address/)[0]).toBeEnabled();
  });
});
