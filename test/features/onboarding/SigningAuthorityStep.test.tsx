import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const ACCOUNT = '99999999-8888-7777-6666-555555555555';
const merchantOf = (entity: { id: number; name: string }, signatories: unknown[] = []): Merchant => ({
  uuid: '11111111-2222-3333-4444-555555555555',
  mid: 8800002,
  business_entity_id: entity.id,
  business_entity: entity,
  account_uuid: ACCOUNT,
  account: { uuid: ACCOUNT, signatory_contact_details: signatories },
});
const PRIVATE_LIMITED = { id: 6, name: 'Private Limited' };

type Answer = (request: { method: string; url: string; body: unknown }) => { status?: number; body?: unknown } | undefined;

function renderStep(merchant: Merchant, answer: Answer = () => undefined, onSaved = vi.fn()) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(answer);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId="signing-authority" merchant={merchant} readonly={false} onSaved={onSaved} />
    </SWRConfig>,
  );
  return { calls, onSaved, user: userEvent.setup() };
}

async function fillSignatory(user: ReturnType<typeof userEvent.setup>, fields: { cin?: string } = {}) {
  await user.type(screen.getByLabelText(/^Name/), 'Asha Verma');
  await user.type(screen.getByLabelText(/^Email/), 'asha.verma@example.com');
  await user.type(screen.getByLabelText(/^PAN Number/), 'abcpv1234k');
  if (fields.cin) await user.type(screen.getByLabelText(/^CIN/), fields.cin);
  await user.selectOptions(screen.getByRole('combobox', { name: /Politically Exposed Person/ }), 'Not Applicable');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SigningAuthorityStep', () => {
  it.each([
    [{ id: 6, name: 'Private Limited' }, 'Authorised Signatory (Director)'],
    [{ id: 5, name: 'LLP' }, 'Authorised Signatory (Partner)'],
    [{ id: 8, name: 'Trust' }, 'Authorised Signatory (Member)'],
    [{ id: 3, name: 'Sole Proprietorship' }, 'Authorised Signatory'],
  ])('titles the signatory for a %o merchant', (entity, heading) => {
    renderStep(merchantOf(entity));
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('requires a CIN for a Private Limited company and sends nothing without it', async () => {
    const { calls, user } = renderStep(merchantOf(PRIVATE_LIMITED));
    await fillSignatory(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field cannot be left blank')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the spec texts for an invalid email and CIN', async () => {
    const { user } = renderStep(merchantOf(PRIVATE_LIMITED));
    await user.type(screen.getByLabelText(/^Email/), 'asha@example');
    await user.type(screen.getByLabelText(/^CIN/), 'U7220');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('CIN number is invalid')).toBeInTheDocument();
  });

  it('sends the signatory with PEP as a number to PUT /accounts/{id}', async () => {
    const merchant = merchantOf(PRIVATE_LIMITED);
    const { calls, user, onSaved } = renderStep(merchant, ({ method, url }) =>
      method === 'PUT' && url === `/api/v1/accounts/${ACCOUNT}` ? { body: { merchant: { ...merchant, name: 'saved' } } } : undefined,
    );
    await fillSignatory(user, { cin: 'U72200MH2009PTC123456' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'saved' })));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      account: {
        signatory_contact_details_attributes: [
          { name: 'Asha Verma', email: 'asha.verma@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', pep: 3 },
        ],
      },
      merchant_uuid: merchant.uuid,
    });
  });

  it('does not ask a Sole Proprietorship for a CIN, and updates a saved signatory by its id', async () => {
    const saved = { id: 4, name: 'Ravi Kumar', email: 'ravi@example.com', pancard_number: 'ABCPK1234K', cin_number: null, pep: null, authorised_signatory: true, contact_detail_type: 'Signing Authority' };
    const merchant = merchantOf({ id: 3, name: 'Sole Proprietorship' }, [saved]);
    const { calls, user, onSaved } = renderStep(merchant, ({ method }) => (method === 'PUT' ? { body: { merchant } } : undefined));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ravi Kumar');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      account: { signatory_contact_details_attributes: [{ id: 4, name: 'Ravi Kumar', email: 'ravi@example.com', pancard_number: 'ABCPK1234K' }] },
    });
  });

  it("shows the server's 422 under the field and Something went wrong in the Oh no! box", async () => {
    const { user } = renderStep(merchantOf(PRIVATE_LIMITED), ({ method }) =>
      method === 'PUT' ? { status: 422, body: { errors: { email: ['Invalid email'] } } } : undefined,
    );
    await fillSignatory(user, { cin: 'U72200MH2009PTC123456' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it.each([
    [{ id: 3, name: 'Sole Proprietorship' }],
    [{ id: 1, name: 'Individual' }],
  ])("starts a %o merchant's signatory as the PAN holder, from the PAN and the merchant's e-mail, still editable", async (entity) => {
    const merchant = { ...merchantOf(entity), pancard_name: 'ASHA VERMA', pancard_number: 'ABCPV1234K', email: 'asha@example.com' };
    const { calls, user, onSaved } = renderStep(merchant, ({ method }) => (method === 'PUT' ? { body: { merchant } } : undefined));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('ASHA VERMA');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('asha@example.com');
    expect(screen.getByLabelText(/^PAN Number/)).toHaveValue('ABCPV1234K');
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'accounts@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      account: { signatory_contact_details_attributes: [{ name: 'ASHA VERMA', email: 'accounts@example.com', pancard_number: 'ABCPV1234K' }] },
      merchant_uuid: merchant.uuid,
    });
  });

  it("leaves a company's signatory to the merchant: the company's PAN and e-mail are not a director's", () => {
    renderStep({ ...merchantOf(PRIVATE_LIMITED), pancard_name: 'ACME SOFTWARE PRIVATE LIMITED', pancard_number: 'AAACA1234C', email: 'owner@example.com' });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
    expect(screen.getByLabelText(/^PAN Number/)).toHaveValue('');
  });

  it('asks for the CIN and offers its lookup before Name, Email and PAN', () => {
    renderStep(merchantOf(PRIVATE_LIMITED));
    const before = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    const name = screen.getByLabelText(/^Name/);
    expect(before(screen.getByLabelText(/^CIN/), name)).toBe(true);
    expect(before(screen.getByRole('button', { name: 'Find signatories' }), name)).toBe(true);
    expect(before(name, screen.getByLabelText(/^Email/))).toBe(true);
    expect(before(screen.getByLabelText(/^Email/), screen.getByLabelText(/^PAN Number/))).toBe(true);
  });

  it('offers the signatories on record for the CIN and fills the chosen name', async () => {
    const { calls, user } = renderStep(merchantOf(PRIVATE_LIMITED), ({ method, url }) =>
      method === 'POST' && url.endsWith('/signing_authority_details')
        ? { body: { signatories_details: [{ name: 'MEERA IYER', designation: 'Director' }, { name: 'ROHAN RAO', designation: 'Director' }] } }
        : undefined,
    );
    await user.type(screen.getByLabelText(/^CIN/), 'U72200MH2009PTC123456');
    await user.click(screen.getByRole('button', { name: 'Find signatories' }));
    await user.click(await screen.findByRole('button', { name: 'ROHAN RAO' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('ROHAN RAO'));
    expect(screen.getByLabelText(/^CIN/)).toHaveValue('U72200MH2009PTC123456');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ cin: 'U72200MH2009PTC123456' });
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('upper-cases a CIN typed in lower case, and says so when the registry has no signatories for it', async () => {
    const { calls, user } = renderStep(merchantOf(PRIVATE_LIMITED), ({ method, url }) =>
      method === 'POST' && url.endsWith('/signing_authority_details') ? { body: { signatories_details: [] } } : undefined,
    );
    await user.type(screen.getByLabelText(/^CIN/), 'u72200mh2009ptc123456');
    expect(screen.getByLabelText(/^CIN/)).toHaveValue('U72200MH2009PTC123456');
    await user.click(screen.getByRole('button', { name: 'Find signatories' }));
    expect(await screen.findByText('No signatories found on record for this CIN: type the name yourself')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ cin: 'U72200MH2009PTC123456' });
  });
});
