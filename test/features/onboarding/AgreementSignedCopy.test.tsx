import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/shared/router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../../schemas/analyticsEvents';
import aclPermissions from '../../../schemas/master/acl-permissions.json';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import { setAnalyticsProvider } from '../../../src/shared/analytics/sendAnalytics';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const DOC = '22222222-3333-4444-8555-666666666666';
const DRAFT = '33333333-4444-4555-8666-777777777777';
const company: Merchant = {
  uuid: UUID,
  mid: 8800001,
  pancard_number: 'AAACN4521K',
  pancard_name: 'NIMBUS STORES PRIVATE LIMITED',
  business_entity_id: 6,
  business_entity: { name: 'Private Limited' },
  business_category_id: 2,
  business_sub_category_id: 201,
  monthly_expected_volume: '30001-60000',
  integration_type: 'TOOLS',
  website_detail: null,
  is_service_agreement_esigned: false,
};
const individual: Merchant = { ...company, business_entity_id: 1, business_entity: { name: 'Individual' } };

/** The agreement's category as GET generate_agreement offers it (the documents uploader's shape), and the spec's fields. */
const FIELDS = { document_category: 'SERVICE_AGREEMENT', document_type: 'AGR', kyc_document_type: 'Agreement', status: 'Counter Signed Received', active: 'true' };
const offer = (wanted: boolean) => ({
  wanted,
  fields: FIELDS,
  category: {
    code: 'SERVICE_AGREEMENT',
    label: 'Service Agreement',
    tooltipText: null,
    maxFileSizeLimit: 5,
    template: null,
    uploadLabel: 'ACCEPT',
    subCategory: {
      modalTitle: 'Upload the signed service agreement',
      coachMark: null,
      value: [{ value: 'AGR', label: 'Service Agreement', subLabel: null, coachMark: null, modalTitle: null, modalDescription: null, backOptional: false, sideLabels: null }],
      uploadFrontAndBack: [],
      uploadMultiple: ['AGR'],
    },
  },
});
const state = (status: string, wanted: boolean, remarks: string | null = null) => ({
  generation: { status: 'done', failures: 0 },
  kyc_document: { uuid: DOC, status, remarks, kyc_document_type: 'Agreement', active: true, processed_document: { path: '/api/v1/files/copy', filename: 'copy.pdf' } },
  agreement_file: { path: '/api/v1/files/generated', filename: 'service-agreement.pdf' },
  signed_copy: offer(wanted),
});

/** A stand-in for XMLHttpRequest (the uploader's progress): records where each form went, answers `answer`. */
function fakeXhr(answer: unknown) {
  const sent: Array<{ url: string; form: FormData }> = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    url = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => {
        this.status = 201;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function renderStep(merchant: Merchant, progress: () => unknown, { mayAct = true, mergeRefused = false, permissions = ['update_user_profile'] } = {}) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url }) => {
    if (url.startsWith('/api/v1/oauth/token/info')) return { body: { acl_role: { name: 'Owner', acl_permissions: permissions.map((name) => ({ name, scopes: [] })) } } };
    if (url === `/api/v1/merchants/${UUID}/generate_agreement` && method === 'GET') return { body: progress() };
    if (url === `/api/v1/merchants/${UUID}`) return { body: { merchant } };
    if (url.startsWith(`/api/v1/merchants/${UUID}/kyc_documents/existing_pages`)) return { body: { uuid: null, uploaded_documents: [] } };
    if (method === 'PUT' && url === `/api/v1/merchants/${UUID}/kyc_documents/${DRAFT}/merge_documents`) {
      return mergeRefused ? { status: 422, body: { error: 'The pages could not be merged.' } } : { body: { kyc_document: { uuid: DRAFT, status: 'Counter Signed Received' }, merchant } };
    }
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, focusThrottleInterval: 0 }}>
      <MemoryRouter>
        <StepScreen
          stepId="service-agreement"
          merchant={merchant}
          readonly={!mayAct}
          mayAct={mayAct}
          permitted={permissions.some((name) => aclPermissions.profile_edit.includes(name))}
          onSaved={vi.fn()}
        />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the signed copy of the service agreement', () => {
  it('is uploaded page by page through the documents uploader with the spec\'s fields; no other is offered while it is reviewed', async () => {
    let current = state('accepted', true);
    const sent = fakeXhr({ attachment: { id: 7, kyc_document_uuid: DRAFT }, kyc_document: { uuid: DRAFT } });
    const { calls, user } = renderStep(company, () => current);

    // A company signs and stamps (the ready dialog's words), and the upload button reads ACCEPT, as for an agreement.
    const section = await screen.findByRole('region', { name: 'Upload the signed and stamped copy' });
    expect(within(section).getByText('jpg, jpeg, pdf, png less than 5 MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-SIGN AGREEMENT' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'ACCEPT: Upload the signed and stamped copy' }));

    const dialog = await screen.findByRole('dialog', { name: 'Service Agreement' });
    await user.upload(within(dialog).getByLabelText('Page 1'), new File(['%PDF-1.4'], 'signed page 1.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(`/api/v1/merchants/${UUID}/kyc_documents`);
    expect(Object.fromEntries([...sent[0]!.form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual(FIELDS);
    expect((sent[0]!.form.get('uploaded_documents') as File).name).toBe('signed page 1.pdf');

    current = state('Counter Signed Received', false);
    await user.click(await within(dialog).findByRole('button', { name: 'DONE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ document_order: [7], document_category: 'SERVICE_AGREEMENT', document_type: 'AGR' });
    // No other copy while this one is reviewed (the row says it is: rules/steps.json), and no e-sign of the agreement it replaces.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^ACCEPT:/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'E-SIGN AGREEMENT' })).not.toBeInTheDocument();
  });

  it('shows a refused merge in the dialog and reports document_merge_failed to analytics, with no personal data', async () => {
    const reported: AnalyticsEvent[][] = [];
    setAnalyticsProvider({ send: async (events) => void reported.push(events) });
    try {
      fakeXhr({ attachment: { id: 7, kyc_document_uuid: DRAFT }, kyc_document: { uuid: DRAFT } });
      const { user } = renderStep(company, () => state('accepted', true), { mergeRefused: true });
      const section = await screen.findByRole('region', { name: 'Upload the signed and stamped copy' });
      await user.click(within(section).getByRole('button', { name: 'ACCEPT: Upload the signed and stamped copy' }));
      const dialog = await screen.findByRole('dialog', { name: 'Service Agreement' });
      await user.upload(within(dialog).getByLabelText('Page 1'), new File(['%PDF-1.4'], 'signed page 1.pdf', { type: 'application/pdf' }));
      await user.click(await within(dialog).findByRole('button', { name: 'DONE' }));
      expect(await within(dialog).findByText('The pages could not be merged.')).toBeInTheDocument();
      await waitFor(() => expect(reported).toEqual([[{ name: 'document_merge_failed', properties: { document_category: 'SERVICE_AGREEMENT', status: 422 } }]]));
    } finally {
      setAnalyticsProvider({ send: async () => undefined });
    }
  });

  it("shows a declined copy's reason with REUPLOAD; an individual uploads the signed copy, without a stamp", async () => {
    renderStep(individual, () => state('Declined', true, 'The signature is missing on page 3.'));
    expect(await screen.findByText('Declined: The signature is missing on page 3.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'REUPLOAD: Upload the signed copy' })).toBeInTheDocument();
  });

  it('offers no upload in a step not open to the member, who holds the permission', async () => {
    const { calls } = renderStep(company, () => state('accepted', true), { mayAct: false });
    expect(await screen.findByRole('button', { name: 'Download Agreement' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/v1/oauth/token/info'))).toBe(true));
    expect(screen.queryByRole('button', { name: /^ACCEPT:/ })).not.toBeInTheDocument();
  });

  it('shows a member who may not change documents the upload, which opens the no-access modal instead of the uploader', async () => {
    const sent = fakeXhr({});
    const { user } = renderStep(company, () => state('accepted', true), { mayAct: false, permissions: ['user_profile'] });
    await user.click(await screen.findByRole('button', { name: 'ACCEPT: Upload the signed and stamped copy' }));
    const modal = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
    await user.click(within(modal).getByRole('button', { name: 'Ok, got it!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Service Agreement' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('lets a member who may change documents only (update_profile_restricted) upload the copy', async () => {
    const { user } = renderStep(company, () => state('accepted', true), { permissions: ['update_profile_restricted'] });
    await user.click(await screen.findByRole('button', { name: 'ACCEPT: Upload the signed and stamped copy' }));
    expect(await screen.findByRole('dialog', { name: 'Service Agreement' })).toBeInTheDocument();
  });

  it('tells the host app OnboardingCompleted when the copy is approved while the page is open', async () => {
    const posted: string[] = [];
    vi.stubGlobal('Android', { postMessage: (json: string) => void posted.push(json) });
    let current = state('Counter Signed Received', false);
    renderStep(company, () => current);
    expect(await screen.findByRole('button', { name: 'Download Agreement' })).toBeInTheDocument();
    expect(posted).toEqual([]);
    current = state('Approved', false);
    // The live channel's agreement_status makes the app read the agreement again (here: the window regains focus).
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(posted.map((json) => JSON.parse(json) as { event: string })).toContainEqual(expect.objectContaining({ event: 'OnboardingCompleted' })));
  });
});
