import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { documentCategory } from '../../documentCategories';
import { mockFetch } from '../../fetchMock';

const merchant: Merchant = { uuid: '11111111-2222-3333-4444-555555555555', mid: 8800003, document_status: null };
const category = documentCategory;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the additional-documents step', () => {
  it("shows the merchant's documents and sends them for review with the step's Submit", async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const calls = mockFetch(({ method, url }) => {
      if (url.endsWith('/merchant_docs_req')) return { body: { version: 1, required: [category('PANCARD_PARTNERSHIP', 'PAN Card of the Partnership Firm', 'Pending')], optional: [category('GOVT_ISSUED_CERTIFICATE', 'Government Issued Certificate', null)] } };
      if (method === 'POST' && url.endsWith('/submit_documents')) return { body: { message: 'Documents submitted.', merchant: { ...merchant, document_status: 'Docs Received' } } };
      return undefined;
    });
    const onSaved = vi.fn();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <StepScreen stepId="additional-documents" merchant={merchant} readonly={false} onSaved={onSaved} />
      </SWRConfig>,
    );
    expect(await screen.findByRole('heading', { name: 'PAN Card of the Partnership Firm' })).toBeInTheDocument();
    expect(screen.getByText('Uploaded, not submitted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'UPLOAD: Government Issued Certificate' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'SUBMIT DOCUMENTS' })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'SUBMIT DOCUMENTS' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ document_status: 'Docs Received' });
    expect(calls.some((call) => call.method === 'POST' && call.url === `/api/v1/merchants/${merchant.uuid}/submit_documents`)).toBe(true);
  });
});
