import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/shared/router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessEntities } from '../../../schemas/registry';
import OnboardingPage from '../../../src/features/onboarding/OnboardingPage';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import newMerchant from '../../fixtures/_bases/new-merchant.json';
import exampleMerchant from '../../../schemas/records/merchant.example.json';
import { mockFetch } from '../../fetchMock';
import { DOCUMENTS_TIP_SEEN } from '../../../src/features/onboarding/OnboardingTabs';

const UUID = newMerchant.uuid;
const entitiesBody = { business_entities: businessEntities.business_entities.map(({ id, name }) => ({ id, name })), meta: { pan_business_entity_mapping: businessEntities.pan_business_entity_mapping } };
const account = { uuid: '7d3f1c52-5a0e-4c8e-9b1a-2f6a4c9e0b17', signatory_contact_details: [] as object[] };
const signatory = { id: 9001, name: 'Meera Iyer', email: 'meera.iyer@example.com', pancard_number: 'AHMPI4455L', cin_number: null, authorised_signatory: true, contact_detail_type: 'Signing Authority', pep: 3 };

/** Merchant records at the demo merchants' stages (server/demo/demo-merchants.json). */
const record = (changes: Record<string, unknown>): Merchant => ({ ...newMerchant, ...changes }) as Merchant;
const panVerified = { pancard_number: 'AAFFG7781Q', pancard_name: 'GUPTA AND SONS', pan_verification_status: 'verified', business_entity_id: 4, business_entity: { id: 4, name: 'Partnership' }, account_uuid: account.uuid, account };
const businessFilled = { business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '30001-60000', business_name: 'GUPTA AND SONS' };
const bankDetail = { id: 5002, bank_account_number: '00112233445566', ifsc_code: 'BARB0BHOPAL', holder_name: 'GUPTA AND SONS', bank_verification_status: 'verified', penny_deposit_status: 'SUCCESS', penny_deposit_method: 'IMPS', penny_attempt_left: 3, addendum_status: null, bank_verification_proof: null };

type Answer = (request: { method: string; url: string; body: unknown }) => { status?: number; body?: unknown } | undefined;

/** The page for `merchant`, whose member holds `permissions` (default: update_user_profile, as the owner does). */
function renderPage(merchant: Merchant, answer: Answer = () => undefined, path?: string, permissions = ['update_user_profile']) {
  saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: UUID });
  const calls = mockFetch((request) => {
    const { method, url } = request;
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: merchant.mid, name: merchant.name, pancard_number: null }] } };
    if (method === 'GET' && url === `/api/v1/merchants/${UUID}`) return { body: { merchant } };
    if (url.startsWith('/api/v1/oauth/token/info')) return { body: { acl_role: { name: 'Owner', acl_permissions: permissions.map((name) => ({ name, scopes: [] })) } } };
    if (url === '/api/v1/business_entities') return { body: entitiesBody };
    if (url === '/api/v1/pincode_details/560001') return { body: { pincode_detail: { pincode: '560001', city: 'Bangalore', state: 'Karnataka' } } };
    return answer(request);
  });
  renderOnboarding(path);
  return { calls, user: userEvent.setup() };
}

/** The page at `path` (default /onboarding) with a fresh SWR cache. */
function renderOnboarding(path = '/onboarding') {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <OnboardingPage />
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** A step's row header: the button that names the step, its status chip and its reason line. */
const row = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });
const findRow = (title: string) => screen.findByRole('button', { name: new RegExp(`^${title}`) });

/** Holds the server's answers to `method` calls until the returned function is called (a save still on its way). */
function holdAnswers(method: string): () => void {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const answering = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === method) await answered;
    return answering(url, init);
  });
  return answer;
}

/** Fills the open KYC step's registered address (the operating one the same) and submits it. */
async function submitKycAddress(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(row('KYC')).toHaveAttribute('aria-expanded', 'true'));
  const [registered] = await screen.findAllByLabelText(/^Address/);
  await user.type(registered!, '12, MG Road');
  await user.type(screen.getAllByLabelText(/^Pincode/)[0]!, '560001');
  await waitFor(() => expect(screen.getAllByLabelText(/^City/)[0]).toHaveValue('Bangalore'));
  await user.click(screen.getByRole('checkbox', { name: /same as the registered address/ }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

const scrolled: Element[] = [];
beforeEach(() => {
  // The Documents tab's one-time tip is a status of its own (OnboardingTabs.test.tsx): seen here.
  localStorage.setItem(DOCUMENTS_TIP_SEEN, 'true');
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('OnboardingPage', () => {
  describe('what is due now, and the end (issue 27 items 10 and 11)', () => {
    /** A merchant well into the journey (schemas/records/merchant.example.json) with the agreement e-signed. */
    const esigned = (changes: Record<string, unknown> = {}) => ({ ...(exampleMerchant as unknown as Merchant), is_service_agreement_esigned: true, uuid: UUID, ...changes }) as Merchant;

    it('names the one step due now, which opens when pressed', async () => {
      const { user } = renderPage(record({ ...panVerified }));
      const due = await screen.findByRole('button', { name: 'Due now: Business Details' });
      await user.click(row('PAN Details'));
      await user.click(row('PAN Details'));
      await user.click(due);
      await waitFor(() => expect(row('Business Details')).toHaveAttribute('aria-expanded', 'true'));
    });

    it('says nothing is due while every step left waits for someone else, each row saying for what', async () => {
      renderPage(esigned());
      expect(await screen.findByTestId('due-now')).toHaveTextContent(/^Nothing is due from you now/);
      const kyc = row('KYC');
      expect(within(kyc).getByText('Waiting')).toBeInTheDocument();
      expect(within(kyc).getByText('Waiting for document approval')).toBeInTheDocument();
      expect(within(kyc).queryByText('To do')).toBeNull();
      // And the page opened no step by itself: there is nothing in one to do.
      expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
    });

    it('ends in "you\'re live" once every step is completed: collect payments, settlements, the signed agreement', async () => {
      const live = esigned({ document_status: 'Docs Approved', settlement_status: 'Active', merchant_statuses: [{ status_type: 'LOB', status_value: 'Approved' }, { status_type: 'KYC_DOCUMENTS', status_value: 'Docs Approved' }, { status_type: 'Agreement', status_value: 'Approved' }, { status_type: 'WEBSITE', status_value: 'Approved' }] });
      renderPage(live, ({ url }) =>
        url === `/api/v1/merchants/${UUID}/generate_agreement`
          ? { body: { generation: { status: 'done', failures: 0 }, kyc_document: { uuid: 'a1', status: 'Approved', processed_document: { path: '/api/v1/files/signed', filename: 'agreement-signed.pdf' } } } }
          : undefined,
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Your Account Is Active' })).toBeInTheDocument();
      const end = await screen.findByRole('region', { name: "You're live!" });
      expect(within(end).getByRole('link', { name: 'COLLECT PAYMENTS' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(within(end).getByTestId('settlement-status')).toHaveTextContent('Active: the payments you collect are paid into your bank account ending 5678.');
      expect(await within(end).findByRole('button', { name: 'Download your signed service agreement' })).toBeInTheDocument();
      expect(screen.getByText('8 of 8 steps done')).toBeInTheDocument();
      expect(screen.queryByTestId('due-now')).toBeNull();
    });
  });

  describe('progress (issue 9 item 7)', () => {
    it('says how many of the steps that exist for the merchant are done, over a labelled progress bar', async () => {
      renderPage(record({ ...panVerified, ...businessFilled }));
      expect(await screen.findByText('2 of 7 steps done')).toBeInTheDocument();
      const bar = screen.getByRole('progressbar', { name: 'Activation progress' });
      expect(bar).toHaveAttribute('aria-valuetext', '2 of 7 steps done');
      expect(bar).toHaveAttribute('aria-valuenow', String(Math.round((2 / 7) * 100)));
    });

    it('leaves out the steps the configuration omits', async () => {
      const skip = { name: 'onboarding_config', active: true, config: { flow_preference: { integration_type: 'THIRD_PARTY' }, skip_steps: ['website-details'] } };
      renderPage(record({ ...panVerified, attached_configs: [skip] }));
      expect(await screen.findByText('1 of 6 steps done')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Website Details/ })).not.toBeInTheDocument();
    });
  });

  describe('reasons from the rules (issue 9 item 2)', () => {
    it('says the test deposit is pending on the Society demo\'s bank row: waiting, not a fault of the merchant\'s', async () => {
      const pending = { ...bankDetail, bank_verification_status: 'pending', penny_deposit_status: 'PENDING', penny_deposit_method: 'NEFT' };
      renderPage(record({ ...panVerified, ...businessFilled, bank_detail: pending }));
      const bank = await findRow('Bank Details');
      expect(within(bank).getByText('Waiting')).toBeInTheDocument();
      expect(within(bank).queryByText('Needs attention')).toBeNull();
      expect(within(bank).getByText(/^Test deposit pending: we are depositing ₹1 to ₹5 in your account/)).toBeInTheDocument();
    });

    it('says a bank proof is being reviewed', async () => {
      renderPage(record({ ...panVerified, ...businessFilled, bank_detail: { ...bankDetail, bank_verification_status: 'pending', bank_verification_proof: 'BS' } }));
      expect(within(await findRow('Bank Details')).getByText('Bank details proof received. We will verify it within the next 24-48 hours.')).toBeInTheDocument();
    });

    it('says why a locked step is locked', async () => {
      renderPage(record({}));
      expect(within(await findRow('Business Details')).getByText('Complete PAN details first')).toBeInTheDocument();
      expect(within(row('Business Details')).getByText('Locked')).toBeInTheDocument();
    });
  });

  describe('a failed PAN verification (issue 9 item 3)', () => {
    const failed = record({ pancard_number: 'AVKPK0000R', pan_verification_status: 'Failed', business_entity_id: 3, business_entity: { id: 3, name: 'Sole Proprietorship' } });

    it('is an error: open at once, "Pan not valid" shown, and the other steps point to it', async () => {
      renderPage(failed);
      const pan = await findRow('PAN Details');
      expect(within(pan).getByText('Needs attention')).toBeInTheDocument();
      expect(within(pan).getByText('Pan not valid. Check the PAN number and submit it again.')).toBeInTheDocument();
      expect(pan).toHaveAttribute('aria-expanded', 'true');
      expect(await screen.findByRole('alert')).toHaveTextContent('Pan not valid');
      for (const title of ['Business Details', 'Bank Details', 'Signing Authority']) {
        expect(within(row(title)).getByText('Your PAN could not be verified: correct it in PAN Details first')).toBeInTheDocument();
      }
    });

    it('stays open with no confirmation when a new PAN fails again', async () => {
      const { user } = renderPage(record({}), ({ method }) => (method === 'PUT' ? { body: { merchant: failed } } : undefined));
      await user.type(await screen.findByLabelText(/PAN Number/), 'ABCPE0000F');
      await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Sole Proprietorship');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(within(row('PAN Details')).getByText('Needs attention')).toBeInTheDocument());
      expect(row('PAN Details')).toHaveAttribute('aria-expanded', 'true');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
  });

  describe('after a step is saved (issue 9 item 1)', () => {
    it('confirms it, closes the step and opens the next to-do step, bringing it into view', async () => {
      const verified = record({ ...panVerified, pancard_number: 'AAFFG7781Q' });
      const { user } = renderPage(record({}), ({ method }) => (method === 'PUT' ? { body: { merchant: verified } } : undefined));
      await user.type(await screen.findByLabelText(/PAN Number/), 'AAFFG7781Q');
      await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Partnership');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'PAN verified' })).getByRole('button', { name: 'Continue' }));

      expect(await screen.findByRole('status')).toHaveTextContent('PAN Details saved. Next: Business Details');
      await waitFor(() => expect(row('Business Details')).toHaveAttribute('aria-expanded', 'true'));
      expect(row('PAN Details')).toHaveAttribute('aria-expanded', 'false');
      expect(within(row('PAN Details')).getByText('Completed')).toBeInTheDocument();
      await waitFor(() => expect(scrolled).toContain(row('Business Details')));
      expect(row('Business Details')).toHaveFocus();
      expect(screen.getByText('1 of 7 steps done')).toBeInTheDocument();
    });

    it('tells a team member without the permission to edit the profile that SKIP FOR NOW is not theirs, and stays', async () => {
      const { user } = renderPage(record({ ...panVerified, ...businessFilled, bank_detail: null }), undefined, undefined, ['read_transactions']);
      await waitFor(() => expect(row('Bank Details')).toHaveAttribute('aria-expanded', 'true'));
      await user.click(await screen.findByRole('button', { name: 'SKIP FOR NOW' }));
      const dialog = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
      await user.click(within(dialog).getByRole('button', { name: 'Ok, got it!' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(row('Bank Details')).toHaveAttribute('aria-expanded', 'true');
      expect(row('Website Details')).toHaveAttribute('aria-expanded', 'false');
    });

    it('moves on from the bank form with SKIP FOR NOW, leaving the bank step to do', async () => {
      const { user } = renderPage(record({ ...panVerified, ...businessFilled, bank_detail: null }));
      await waitFor(() => expect(row('Bank Details')).toHaveAttribute('aria-expanded', 'true'));
      await user.click(await screen.findByRole('button', { name: 'SKIP FOR NOW' }));
      // The next step to do: the website details, which follow the bank in the journey.
      await waitFor(() => expect(row('Website Details')).toHaveAttribute('aria-expanded', 'true'));
      expect(row('Bank Details')).toHaveAttribute('aria-expanded', 'false');
      expect(within(row('Bank Details')).getByText('To do')).toBeInTheDocument();
      await waitFor(() => expect(scrolled).toContain(row('Website Details')));
    });

    it('says why a step stays to do after it is saved', async () => {
      const before = record({ ...panVerified, ...businessFilled, bank_detail: bankDetail, integration_type: 'TOOLS', account: { ...account, signatory_contact_details: [signatory] } });
      const address = { address_line: '12, MG Road', pincode: '560001', city: 'Bangalore', state: 'Karnataka' };
      const { user } = renderPage(before, ({ method }) =>
        method === 'PUT' ? { body: { merchant: { ...before, registration_address: address, operating_address: address } } } : undefined,
      );
      await submitKycAddress(user);

      expect(await screen.findByRole('status')).toHaveTextContent(/^KYC saved. Next: Additional Documents$/);
      await waitFor(() => expect(row('KYC')).toHaveAttribute('aria-expanded', 'false'));
      expect(within(row('KYC')).getByText('Address saved. Upload your documents to complete KYC.')).toBeInTheDocument();
      // The next to-do step opens: the additional documents, whose list loads from merchant_docs_req.
      await waitFor(() => expect(row('Additional Documents')).toHaveAttribute('aria-expanded', 'true'));
    });
  });

  describe('a save that completes after the merchant moved on', () => {
    it('confirms it and leaves the merchant in the step they opened meanwhile', async () => {
      const before = record({ ...panVerified, ...businessFilled, bank_detail: bankDetail, integration_type: 'TOOLS', account: { ...account, signatory_contact_details: [signatory] } });
      const address = { address_line: '12, MG Road', pincode: '560001', city: 'Bangalore', state: 'Karnataka' };
      const { user } = renderPage(before, ({ method }) =>
        method === 'PUT' ? { body: { merchant: { ...before, registration_address: address, operating_address: address } } } : undefined,
      );
      const answerSave = holdAnswers('PUT');
      await submitKycAddress(user);
      await user.click(row('PAN Details'));
      await waitFor(() => expect(row('PAN Details')).toHaveAttribute('aria-expanded', 'true'));

      answerSave();
      expect(await screen.findByRole('status')).toHaveTextContent(/^KYC saved. Next: Additional Documents$/);
      expect(row('PAN Details')).toHaveAttribute('aria-expanded', 'true');
      expect(row('Additional Documents')).toHaveAttribute('aria-expanded', 'false');
    });

    it('of a step with a confirming dialog, completing after the merchant closed the step, still shows what was stored', async () => {
      const before = record({ ...panVerified, ...businessFilled, bank_detail: bankDetail });
      const { user } = renderPage(before, ({ method, url }) =>
        method === 'POST' && url === `/api/v1/merchants/${UUID}/website_details` ? { body: { merchant: { ...before, integration_type: 'TOOLS' } } } : undefined,
      );
      const answerSave = holdAnswers('POST');
      await waitFor(() => expect(row('Website Details')).toHaveAttribute('aria-expanded', 'true'));
      await user.click(await screen.findByRole('radio', { name: 'With payment links and tools (no website)' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      await user.click(row('Website Details'));
      expect(row('Website Details')).toHaveAttribute('aria-expanded', 'false');

      answerSave();
      expect(await screen.findByRole('status')).toHaveTextContent(/^Website Details saved/);
      await waitFor(() => expect(row('Website Details')).toHaveAccessibleName(/Completed/));
    });
  });

  it('shows the profile at the address of a tab the merchant does not have (the Website tab of a NOW merchant), never a "not built" text', async () => {
    renderPage(record({ ...panVerified, product: 'PayUnow' }), undefined, '/onboarding/website');
    expect(await findRow('PAN Details')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^website$/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^profile$/i })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText(/later release/)).not.toBeInTheDocument();
  });

  describe('changes that arrive while the merchant is in a step', () => {
    it('leave them in the step the page opened, which confirms the bank and says where it goes next', async () => {
      const pending = { ...bankDetail, bank_verification_status: 'pending', penny_deposit_status: 'SUCCESS' };
      const before = record({ ...panVerified, ...businessFilled, bank_detail: pending });
      const { user } = renderPage(before, ({ method, url }) =>
        method === 'POST' && url === `/api/v1/merchants/${UUID}/verify_penny` ? { body: { merchant: { ...before, bank_detail: bankDetail } } } : undefined,
      );
      await waitFor(() => expect(row('Bank Details')).toHaveAttribute('aria-expanded', 'true'));
      await user.type(await screen.findByLabelText('Amount deposited (₹)'), '1.00');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Your bank account is verified. Taking you to the next step…')).toBeInTheDocument();
      await waitFor(() => expect(row('Bank Details')).toHaveAccessibleName(/Completed/));
      expect(row('Bank Details')).toHaveAttribute('aria-expanded', 'true');
      expect(row('Website Details')).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe('re-KYC (issue 9 item 5)', () => {
    it('explains what is asked and why under a heading that fits, with the account steps closed', async () => {
      renderPage(record({ ...panVerified, ...businessFilled, re_kyc_required: true }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Update Your KYC' })).toBeInTheDocument();
      expect(screen.queryByText('Activate Your Account')).not.toBeInTheDocument();
      expect(screen.getByText(/We need to verify your business again \(re-KYC\)/)).toBeInTheDocument();
      expect(within(row('Bank Details')).getByText('Locked while re-KYC is in progress')).toBeInTheDocument();
      expect(row('Business Details')).toHaveAttribute('aria-expanded', 'false');
      expect(row('Signing Authority')).toHaveAttribute('aria-expanded', 'true');
    });

    it('keeps the spec\'s heading outside re-KYC', async () => {
      renderPage(record({ ...panVerified }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Activate Your Account' })).toBeInTheDocument();
      expect(screen.queryByText(/re-KYC/)).not.toBeInTheDocument();
    });
  });
});

describe('OnboardingPage for a user who acts for no merchant', () => {
  it('says the account is linked to no merchant (operations staff) instead of loading forever', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    mockFetch(({ url }) => (url === '/api/v1/merchants' ? { body: { merchants: [] } } : undefined));
    renderOnboarding();
    expect(await screen.findByText(/This account is not linked to any merchant/)).toBeInTheDocument();
  });
});
