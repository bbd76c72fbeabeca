import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgreementEsignDialog } from '../../../../src/features/onboarding/components/AgreementEsignDialog';
import { saveSession } from '../../../../src/shared/session/session';
import { mockFetch } from '../../../fetchMock';

const MERCHANT = '11111111-2222-3333-4444-555555555555';
const AGREEMENT = 'a1b2c3d4-0000-4000-8000-000000000001';
const merged = { path: '/api/v1/files/merged', filename: 'service-agreement-to-sign.pdf' };

function renderDialog(answer: { documents: unknown[]; kept: unknown[] }) {
  saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: MERCHANT });
  const calls = mockFetch(({ url, method }) => {
    if (url.endsWith('/generate_merged_document_for_esign')) return { body: { kyc_document: { uuid: AGREEMENT, merged_document: merged }, signatory: { name: 'Asha Verma', email: 'a***@example.com' }, ...answer } };
    if (method === 'POST' && url.endsWith(`/kyc_documents/${AGREEMENT}/send_signatory_otp`)) return { body: { message: 'OTP sent', otp_length: 4, resend_after: 20, sent_to: 'a***@example.com' } };
    return undefined;
  });
  render(<AgreementEsignDialog merchantUuid={MERCHANT} onSigned={vi.fn()} onClose={vi.fn()} />);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AgreementEsignDialog', () => {
  it('says who receives the OTP and lists the three documents it signs, each to read, before sending it', async () => {
    const calls = renderDialog({
      documents: [
        { document_category: 'SIGNED_AUTHORISATION_LETTER', title: 'Authorisation Letter', path: '/api/v1/files/letter', filename: 'authorisation-letter.pdf' },
        { document_category: 'SC', title: 'Schedule C', path: '/api/v1/files/sc', filename: 'schedule-c.pdf' },
      ],
      kept: [],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Review and e-sign your service agreement' });
    expect(
      await within(dialog).findByText(
        'We will send a one-time password to the signing authority, a***@example.com: only the person who signs for the business can e-sign. That one OTP signs all 3 documents below: read each first, then send the OTP.',
      ),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Documents signed with this OTP' });
    expect(within(list).getAllByRole('button').map((link) => link.textContent)).toEqual(['Service agreement (PDF)', 'Authorisation Letter (PDF)', 'Schedule C (PDF)']);
    expect(within(dialog).getByText('Once signed, each document after the agreement is added to your Documents tab, to send for review there with your other documents.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/send_signatory_otp'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'SEND OTP' }));
    expect(calls.filter((call) => call.method === 'POST' && call.url.endsWith('/send_signatory_otp'))).toHaveLength(1);
  });

  it('signs the agreement alone when the letter and Schedule C were uploaded signed, and says they stay as they are', async () => {
    renderDialog({
      documents: [],
      kept: [
        { document_category: 'SIGNED_AUTHORISATION_LETTER', title: 'Authorisation Letter' },
        { document_category: 'SC', title: 'Schedule C' },
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Review and e-sign your service agreement' });
    expect(await within(dialog).findByRole('button', { name: 'Download the document to sign' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Already uploaded signed, so kept as uploaded and not signed again: Authorisation Letter and Schedule C.')).toBeInTheDocument();
  });
});
