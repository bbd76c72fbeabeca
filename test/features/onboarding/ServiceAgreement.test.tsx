import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/shared/router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../../schemas/analyticsEvents';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import { setAnalyticsProvider } from '../../../src/shared/analytics/sendAnalytics';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const DOC = '22222222-3333-4444-8555-666666666666';
const company: Merchant = {
  uuid: UUID,
  mid: 8800001,
  pancard_number: 'AAACN4521K',
  pancard_name: 'NIMBUS STORES PRIVATE LIMITED',
  business_entity_id: 6,
  business_entity: { name: 'Private Limited' },
  business_category_id: null,
  business_sub_category_id: null,
  monthly_expected_volume: null,
  integration_type: 'TOOLS',
  website_detail: null,
};
const agreement = (status: string) => ({ uuid: DOC, status, processed_document: { path: '/api/v1/files/abc', filename: 'service-agreement.pdf' } });

type Answer = { status?: number; body?: unknown };
function renderStep(merchant: Merchant, answers: { generate?: () => Answer; progress?: () => Answer; permissions?: string[] } = {}) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url, body }) => {
    if (url.startsWith('/api/v1/oauth/token/info')) return { body: { acl_role: { name: 'Owner', acl_permissions: (answers.permissions ?? ['update_user_profile']).map((name) => ({ name, scopes: [] })) } } };
    if (url === `/api/v1/merchants/${UUID}/generate_agreement`) return method === 'POST' ? answers.generate?.() : (answers.progress?.() ?? { body: { generation: null, kyc_document: null } });
    if (method === 'PUT' && url === `/api/v1/merchants/${UUID}`) return { body: { merchant: { ...merchant, ...(body as { merchant: object }).merchant } } };
    if (url === `/api/v1/kyc_document/${DOC}/generated_agreement_html`) return { status: 500, body: {} };
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>
        <StepScreen stepId="service-agreement" merchant={merchant} readonly={false} onSaved={vi.fn()} />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the service agreement step', () => {
  it('asks for the website details while the website is not ready, with the way there once the merchant can fill them', async () => {
    const bankVerified = { pan_verification_status: 'verified', bank_detail: { bank_verification_status: 'verified', penny_deposit_status: 'SUCCESS', bank_verification_proof: null } };
    renderStep({ ...company, ...bankVerified, integration_type: 'NOT_SELECTED' });
    // The row's reason line says "Please submit website details" (rules/steps.json); the step says why and the way there.
    expect(await screen.findByText('Website URLs are required for agreement generation. Please submit your website URLs.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO TO WEBSITE DETAILS' })).toHaveAttribute('href', '/onboarding/website');
    expect(screen.queryByRole('button', { name: 'GENERATE AGREEMENT' })).not.toBeInTheDocument();
  });

  it('leads to the website step in the profile before the Website tab opens (the bank is not verified yet)', async () => {
    renderStep({ ...company, pan_verification_status: 'verified', integration_type: 'NOT_SELECTED' });
    expect(await screen.findByText('Website URLs are required for agreement generation. Please submit your website URLs.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO TO WEBSITE DETAILS' })).toHaveAttribute('href', '/onboarding?step=website-details');
  });

  it('offers no way to the website details while they cannot be filled (locked until the PAN is verified)', async () => {
    renderStep({ ...company, integration_type: 'NOT_SELECTED' });
    expect(await screen.findByText('Website URLs are required for agreement generation. Please submit your website URLs.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'GO TO WEBSITE DETAILS' })).not.toBeInTheDocument();
  });

  it('asks for the missing details, generates with the loader, and shows the ready dialog with the next steps', async () => {
    let generated = false;
    let polls = 0;
    const { calls, user } = renderStep(company, {
      generate: () =>
        calls.some((call) => call.method === 'PUT')
          ? { status: 202, body: { generation: { status: 'queued', failures: 0 }, kyc_document: null } }
          : { status: 422, body: { errors: { business_category_id: ['This field cannot be left blank'] }, details_required: ['business_category_id'] } },
      progress: () => {
        polls += 1;
        generated ||= polls > 1;
        return { body: generated ? { generation: { status: 'done', failures: 0 }, kyc_document: agreement('Pending') } : { generation: { status: 'queued', failures: 0 }, kyc_document: null } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'GENERATE AGREEMENT' }));

    const details = await screen.findByRole('dialog', { name: 'Fill the details below to prepare your service agreement' });
    const select = async (name: RegExp, option: string) => {
      const field = await within(details).findByRole('combobox', { name });
      await user.selectOptions(field, within(field).getByRole('option', { name: option }));
    };
    await select(/Business Type/, 'Food & Beverage');
    await select(/Business Sub Type/, 'Cloud Kitchens');
    await select(/Expected Monthly Sales/, '₹30,001 – ₹60,000');
    await user.click(within(details).getByRole('button', { name: 'SUBMIT' }));

    expect(await screen.findByRole('dialog', { name: 'Generating Service Agreement' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ merchant: { business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000' } });
    const ready = await screen.findByRole('dialog', { name: 'Your Service Agreement is ready!' });
    expect(within(ready).getByText('Sign and stamp it')).toBeInTheDocument();
    expect(within(ready).getByText('Upload the signed and stamped copy')).toBeInTheDocument();
    expect(within(ready).getByRole('button', { name: 'Download Your Service agreement.' })).toBeInTheDocument();
  });

  it('offers RETRY after a failed generation, and CONTACT US after a second', async () => {
    // Each generation asked for fails: the request's count of failures grows with each.
    let asked = 0;
    const { user } = renderStep({ ...company, business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000' }, {
      generate: () => ({ status: 202, body: { generation: { status: 'queued', failures: asked++ }, kyc_document: null } }),
      progress: () => ({ body: { generation: asked ? { status: 'failed', failures: asked } : null, kyc_document: null } }),
    });
    await user.click(await screen.findByRole('button', { name: 'GENERATE AGREEMENT' }));
    const retry = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    await user.click(within(retry).getByRole('button', { name: 'RETRY' }));
    const contact = await screen.findByRole('dialog', { name: 'There seems to be a problem while generating your service agreement.' });
    expect(within(contact).getByRole('link', { name: 'CONTACT US' })).toHaveAttribute('href', 'mailto:support@onboarding.local');
  });

  it('opens the no-access modal for a member without update_user_profile', async () => {
    const { user } = renderStep(company, { progress: () => ({ body: { generation: { status: 'done', failures: 0 }, kyc_document: agreement('Pending') } }), permissions: ['update_profile_restricted'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'READ AND ACCEPT' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'READ AND ACCEPT' }));
    const noAccess = await screen.findByRole('dialog', { name: 'Please ask the merchant to digitally Sign the service agreement' });
    await user.click(within(noAccess).getByRole('button', { name: 'Ok, got it!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a call to action of the agreement to analytics, once', async () => {
    const sent: AnalyticsEvent[][] = [];
    setAnalyticsProvider({ send: async (events) => void sent.push(events) });
    try {
      saveSession({ access_token: 'token', expires_in: 3600 });
      const { user } = renderStep(company, { progress: () => ({ body: { generation: { status: 'done', failures: 0 }, kyc_document: agreement('Pending') } }) });
      await waitFor(() => expect(screen.getByRole('button', { name: 'READ AND ACCEPT' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'READ AND ACCEPT' }));
      await waitFor(() => expect(sent).toEqual([[{ name: 'agreement_cta_clicked', properties: { cta: 'read_and_accept' } }]]));
    } finally {
      setAnalyticsProvider({ send: async () => undefined });
    }
  });

  it('says Oops!! in the acceptance modal when the agreement cannot be fetched, with no I Accept', async () => {
    const { user } = renderStep(company, { progress: () => ({ body: { generation: { status: 'done', failures: 0 }, kyc_document: agreement('Pending') } }) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'READ AND ACCEPT' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'READ AND ACCEPT' }));
    const modal = await screen.findByRole('dialog', { name: 'Service Agreement' });
    expect(await within(modal).findByText('Oops!! Some error occurred, please try again after some time')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'I Accept' })).not.toBeInTheDocument();
  });
});
