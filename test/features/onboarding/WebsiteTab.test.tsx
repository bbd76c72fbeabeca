import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluate } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import { WebsiteTab } from '../../../src/features/onboarding/WebsiteTab';
import { MemoryRouter } from '../../../src/shared/router';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const WEBSITE = '44444444-5555-4666-8777-888888888888';
/** A website the reviewer declined, asking for proof of the domain, with a comment. */
const merchant: Merchant = {
  uuid: UUID,
  mid: 8800001,
  integration_type: 'THIRD_PARTY',
  website_url: 'https://www.sharmastores.in',
  website_approval_status: 'Website Incomplete',
  website_detail: {
    uuid: WEBSITE,
    website_url: 'https://www.sharmastores.in',
    website_approval_status: 'Website Incomplete',
    req_doc_category: 33,
    website_document_categories: [{ id: 33, status: null }],
    comments: [{ id: 1, comment: 'Please show that the domain is registered to your company.', commenter: 'reviewer', created_at: '2026-11-20T10:00:00Z' }],
  },
};
const domain = { id: 33, code: 'DOMAIN_OWNERSHIP', label: 'Proof of domain ownership', tooltipText: null, maxFileSizeLimit: 5, template: null, uploadLabel: null, subCategory: null, requested: true, upload_state: null };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the Website tab', () => {
  it('shows a member without the permission the upload and the reply box, each opening the no-access modal and sending nothing', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const calls = mockFetch(({ url }) => (url === `/api/v1/website_details/${WEBSITE}/website_documents` ? { body: { document_type_id: 30, categories: [domain] } } : undefined));
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <WebsiteTab merchant={merchant} flags={evaluate(merchant, rulesConfig)['website-details']!} reviewLabel="Website Error" canEdit={false} onChanged={vi.fn()} />
        </MemoryRouter>
      </SWRConfig>,
    );
    const user = userEvent.setup();
    const noAccess = async () => {
      const modal = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
      await user.click(within(modal).getByRole('button', { name: 'Ok, got it!' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await user.click(await screen.findByRole('button', { name: 'UPLOAD: Proof of domain ownership' }));
    await noAccess();
    await user.type(screen.getByLabelText('Your reply'), 'The invoice is attached.');
    await user.click(screen.getByRole('button', { name: 'SEND' }));
    await noAccess();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
