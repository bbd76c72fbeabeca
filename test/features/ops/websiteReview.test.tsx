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
  status: 'Pending',
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
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the website review in the operations queue', () => {
  it('shows the addresses and the checks, and disapproves with one of the spec\'s values and a comment', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const calls = mockFetch(({ method, url }) => {
      if (url.startsWith('/api/v1/ops/review-queue')) return { body: { documents: [website] } };
      if (url === '/api/v1/ops/document-requirements') return { body: { entities: [], versions: [], published: { version: 1, body: { catalogue: { categories: {}, types: {} }, documents: { requirements: [] } } } } };
      if (method === 'POST' && url === `/api/v1/ops/websites/${MERCHANT}/review`) return { body: { merchant: {} } };
      return undefined;
    });
    const user = userEvent.setup();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ReviewQueuePanel mayReview />
      </SWRConfig>,
    );
    expect(await screen.findByText(/Website sent for review/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Website, MID 8800042/ }));
    const dialog = await screen.findByRole('dialog');
    // The list shows less than a review needs: opening the item asked for its merchant's items whole.
    expect(calls.some((call) => call.method === 'GET' && call.url.startsWith('/api/v1/ops/review-queue') && call.url.includes(`merchant=${MERCHANT}`))).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'https://www.meerasharma.example.in' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(dialog).getByText('live')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: opsTexts['ops.queue.decline'] }));
    await user.click(within(dialog).getByRole('combobox', { name: opsTexts['ops.queue.websiteReason'] }));
    await user.click(await screen.findByRole('option', { name: 'Website Under Construction' }));
    await user.type(within(dialog).getByRole('textbox', { name: opsTexts['ops.queue.websiteComment'] }), 'The shop pages are empty.');
    await user.click(within(dialog).getByRole('button', { name: opsTexts['ops.queue.decline'] }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ status: 'Website Under Construction', comment: 'The shop pages are empty.' });
    expect(await screen.findByText(opsTexts['ops.queue.websiteDisapproved'])).toBeInTheDocument();
  });
});
