import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsPage } from '../../../src/features/documents/DocumentsPage';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { documentCategory } from '../../documentCategories';
import { mockFetch } from '../../fetchMock';

const merchant: Merchant = { uuid: '11111111-2222-3333-4444-555555555555', mid: 8800003, document_status: null };
const category = documentCategory;
const READ_ONLY = 'You can view these documents only: uploading or removing them needs permission to edit the business profile, which your merchant admin can give.';

function renderDocuments(canEdit: boolean) {
  saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: merchant.uuid });
  mockFetch(({ url }) =>
    url.endsWith('/merchant_docs_req')
      ? { body: { version: 1, required: [category('PANCARD_PARTNERSHIP', 'PAN Card of the Partnership Firm', 'Pending')], optional: [category('GOVT_ISSUED_CERTIFICATE', 'Government Issued Certificate', null)] } }
      : undefined,
  );
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <DocumentsPage merchant={merchant} canEdit={canEdit} />
    </SWRConfig>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DocumentsPage without the permission to edit the profile', () => {
  it('shows the documents read-only, with one line saying why', async () => {
    renderDocuments(false);
    expect(await screen.findByText(READ_ONLY)).toBeInTheDocument();
    expect(screen.getByText('File: PANCARD_PARTNERSHIP.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /UPLOAD/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('says nothing of the kind to a member who may upload', async () => {
    renderDocuments(true);
    expect(await screen.findByRole('button', { name: 'UPLOAD: Government Issued Certificate' })).toBeInTheDocument();
    expect(screen.queryByText(READ_ONLY)).not.toBeInTheDocument();
  });
});

describe('DocumentsPage rows the service agreement\'s e-sign can sign', () => {
  it('says the letter can be e-signed with the agreement, beside its download and upload, and that Schedule C was', async () => {
    saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: merchant.uuid });
    const template = (call: string, label: string) => ({ call, label });
    mockFetch(({ url }) =>
      url.endsWith('/merchant_docs_req')
        ? {
            body: {
              version: 1,
              required: [
                { ...category('SIGNED_AUTHORISATION_LETTER', 'Signed Authorisation Letter', null), template: template('generate_authority_letter', 'Download the authorisation letter to sign'), esign_with_agreement: 'offered' },
                { ...category('SC', 'Schedule C', 'Pending'), template: template('generate_schedule_c_document', 'Download Schedule C to sign'), esign_with_agreement: 'signed' },
                { ...category('PANCARD_COMPANY', 'PAN Card of the Company', null), esign_with_agreement: null },
              ],
              optional: [],
            },
          }
        : undefined,
    );
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <DocumentsPage merchant={merchant} canEdit />
      </SWRConfig>,
    );
    const OFFERED = 'Or e-sign it with the service agreement: the one OTP sent to the signing authority signs both, and the signed copy is filed here.';
    const letter = (await screen.findByRole('heading', { name: 'Signed Authorisation Letter' })).closest('li')!;
    expect(letter).toHaveTextContent(OFFERED);
    expect(within(letter).getByRole('button', { name: 'Download the authorisation letter to sign' })).toBeInTheDocument();
    expect(within(letter).getByRole('button', { name: 'UPLOAD: Signed Authorisation Letter' })).toBeInTheDocument();
    const scheduleC = screen.getByRole('heading', { name: 'Schedule C' }).closest('li')!;
    expect(scheduleC).toHaveTextContent('E-signed with the service agreement.');
    expect(within(scheduleC).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getAllByText(OFFERED)).toHaveLength(1);
  });
});

describe('DocumentsPage after a submit', () => {
  it('says the documents were sent until a review moves their status on (no "we will review" under Docs Approved)', async () => {
    saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: merchant.uuid });
    mockFetch(({ method, url }) => {
      if (url.endsWith('/merchant_docs_req')) return { body: { version: 1, required: [category('PANCARD_PARTNERSHIP', 'PAN Card of the Partnership Firm', 'Pending')], optional: [] } };
      if (method === 'POST' && url.endsWith('/submit_documents')) return { body: { message: 'Documents submitted.', merchant: { ...merchant, document_status: 'Docs Received' } } };
      return undefined;
    });
    const cache = new Map();
    const page = (status: string | null) => (
      <SWRConfig value={{ provider: () => cache }}>
        <DocumentsPage merchant={{ ...merchant, document_status: status }} canEdit />
      </SWRConfig>
    );
    const { rerender } = render(page('Pending'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'SUBMIT DOCUMENTS' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Documents submitted.');
    rerender(page('Docs Received'));
    expect(screen.getByRole('status')).toHaveTextContent('Documents submitted.');
    rerender(page('Docs Approved'));
    expect(screen.queryByText('Documents submitted.')).not.toBeInTheDocument();
  });
});
