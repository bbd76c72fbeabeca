import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extendCatalogues } from '../../../schemas/messages';
import opsTexts from '../../../schemas/messages/ops.en.json';
import ReviewQueuePanel from '../../../src/features/ops/ReviewQueuePanel';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

extendCatalogues(opsTexts);
const MERCHANT = '33333333-4444-4555-8666-777777777777';
const website = {
  kind: 'website',
  uuid: MERCHANT,
  status: 'Verification in Process',
  remarks: null,
  document_category: 'WEBSITE',
  category_label: 'Website',
  document_type: null,
  file: null,
  waiting_since: '2026-11-26T10:00:00.000Z',
  merchant: {
    uuid: MERCHANT,
    mid: '8800042',
    name: 'Meera',
    business_entity: 'Private Limited',
    pancard_number: 'AABCM5678L',
    pancard_name: 'MEERA SHARMA TECHNOLOGIES PRIVATE LIMITED',
    business_name: null,
    gst_number: null,
    document_status: null,
    website_url: 'https://www.meerasharma.example.in',
    android_url: null,
    ios_url: null,
    liveliness_status: 'live',
    domain_status_by_merchant: 'active',
  },
  documents: [{ category_label: 'Proof of domain ownership', status: 'DOCUMENT_SUBMITTED', file: '/api/v1/files/whois', filename: 'whois.png', byte_size: 2048 }],
};
const CATEGORIES = [
  { id: 31, code: 'REFUND_POLICY', label: 'Refund policy' },
  { id: 33, code: 'DOMAIN_OWNERSHIP', label: 'Proof of domain ownership' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the website review with its documents', () => {
  it('shows the documents the merchant sent, and a disapproval asks for another one', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:whois');
    const calls = mockFetch(({ method, url }) => {
      if (url.startsWith('/api/v1/ops/review-queue')) return { body: { documents: [website] } };
      if (url === '/api/v1/ops/document-requirements') return { body: { entities: [], versions: [], published: { version: 1, body: { catalogue: { categories: {}, types: {} }, documents: { requirements: [] } } } } };
      if (url === '/api/v1/document_categories_and_types') return { body: { website_document_categories: CATEGORIES } };
      if (url === '/api/v1/files/whois') return { body: {}, headers: { 'content-type': 'image/png' } };
      if (method === 'POST' && url === `/api/v1/ops/websites/${MERCHANT}/review`) return { body: { merchant: {} } };
      return undefined;
    });
    const user = userEvent.setup();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ReviewQueuePanel mayReview />
      </SWRConfig>,
    );
    await user.click(await screen.findByRole('button', { name: /Website, MID 8800042/ }));
    const dialog = await screen.findByRole('dialog');
    const documents = within(dialog).getByRole('region', { name: opsTexts['ops.queue.websiteDocuments'] });
    expect(within(documents).getByText('Proof of domain ownership · Submitted')).toBeInTheDocument();
    await user.click(within(documents).getByRole('button', { name: 'View whois.png' }));
    expect(await within(documents).findByRole('img', { name: opsTexts['ops.queue.file'] })).toHaveAttribute('src', 'blob:whois');

    await user.click(within(dialog).getByRole('button', { name: opsTexts['ops.queue.decline'] }));
    await user.click(within(dialog).getByRole('combobox', { name: opsTexts['ops.queue.websiteReason'] }));
    await user.click(await screen.findByRole('option', { name: 'Website Incomplete' }));
    await user.click(within(dialog).getByRole('combobox', { name: opsTexts['ops.queue.websiteAskDocument'] }));
    await user.click(await screen.findByRole('option', { name: 'Refund policy' }));
    await user.type(within(dialog).getByRole('textbox', { name: opsTexts['ops.queue.websiteComment'] }), 'Add your refund policy, please.');
    await user.click(within(dialog).getByRole('button', { name: opsTexts['ops.queue.decline'] }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ status: 'Website Incomplete', comment: 'Add your refund policy, please.', req_doc_category: 31 });
    expect(await screen.findByText(opsTexts['ops.queue.websiteDocumentAsked'])).toBeInTheDocument();
  });
});
