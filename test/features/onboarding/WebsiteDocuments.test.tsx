import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebsiteDocuments } from '../../../src/features/onboarding/WebsiteDocuments';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const WEBSITE = '44444444-5555-4666-8777-888888888888';
const THANKS = 'Thanks for providing document. We will get back to you.';

const merchantAsked = (entries: Array<{ id: number; name: string; status: string | null }>, asked: number | null = 33): Merchant => ({
  uuid: UUID,
  mid: 8800001,
  integration_type: 'THIRD_PARTY',
  website_detail: { uuid: WEBSITE, website_url: 'https://www.sharmastores.in', website_approval_status: 'Website Incomplete', req_doc_category: asked, website_document_categories: entries, comments: [] },
});
const domain = (upload_state: Record<string, unknown> | null, requested = true) => ({
  id: 33,
  code: 'DOMAIN_OWNERSHIP',
  label: 'Proof of domain ownership',
  tooltipText: "The domain's registration or renewal invoice in your business's name.",
  maxFileSizeLimit: 5,
  template: null,
  uploadLabel: null,
  subCategory: null,
  requested,
  upload_state,
});
const uploaded = (status: string, remarks: string | null = null) => ({
  status,
  remarks,
  kyc_document_uuid: '55555555-6666-4777-8888-999999999999',
  document_type: 'WD',
  file: { path: '/api/v1/files/domain', filename: 'invoice.pdf', byte_size: 2048 },
  replaceable: status === 'Pending' || status === 'Declined',
  removable: false,
});

/** A stand-in for XMLHttpRequest (the uploader's progress): records where each form went. */
function fakeXhr() {
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
        this.responseText = JSON.stringify({ kyc_document: {} });
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function renderDocuments(merchant: Merchant, list: () => unknown, { mayAct = true, permitted = true, submit = () => ({ body: { message: THANKS, merchant } }) as { status?: number; body: unknown } } = {}) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  // One cache, kept across a rerender (as the app keeps it while the tab is open).
  const cache = new Map();
  const swr = { provider: () => cache, dedupingInterval: 0 };
  const onChanged = vi.fn();
  const calls = mockFetch(({ method, url }) => {
    if (url === `/api/v1/website_details/${WEBSITE}/website_documents`) return { body: list() };
    if (method === 'POST' && url === `/api/v1/website_details/${WEBSITE}/submit_website_documents`) return submit();
    return undefined;
  });
  const view = render(
    <SWRConfig value={swr}>
      <WebsiteDocuments merchant={merchant} mayAct={mayAct} permitted={permitted} onChanged={onChanged} />
    </SWRConfig>,
  );
  /** The tab shown again with another merchant record (its answer stored, or a review heard). */
  const rerender = (next: Merchant) =>
    view.rerender(
      <SWRConfig value={swr}>
        <WebsiteDocuments merchant={next} mayAct={mayAct} permitted={permitted} onChanged={onChanged} />
      </SWRConfig>,
    );
  return { calls, onChanged, view, rerender, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the website documents on the Website tab', () => {
  it('shows nothing until the reviewer asks for a document', () => {
    const { view, calls } = renderDocuments(merchantAsked([], null), () => ({ document_type_id: 30, categories: [] }));
    expect(view.container).toBeEmptyDOMElement();
    expect(calls).toHaveLength(0);
  });

  it('uploads the asked document through the documents uploader to create_website_documents, then submits it with the spec\'s thanks', async () => {
    let state: Record<string, unknown> | null = null;
    const sent = fakeXhr();
    const merchant = merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: null }]);
    const { user, onChanged } = renderDocuments(merchant, () => ({ document_type_id: 30, categories: [domain(state)] }));
    const section = await screen.findByRole('region', { name: 'Documents for your website' });
    const row = within(section).getByRole('listitem', { name: 'Proof of domain ownership' });
    expect(within(row).getByText(/Asked for by the reviewer: The domain's registration/)).toBeInTheDocument();
    expect(within(row).getByText('Not uploaded')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'SUBMIT DOCUMENT' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'UPLOAD: Proof of domain ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of domain ownership' });
    state = uploaded('Pending');
    await user.upload(within(dialog).getByLabelText('Proof of domain ownership'), new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent[0]!.url).toBe(`/api/v1/website_details/${WEBSITE}/create_website_documents`);
    expect(sent[0]!.form.get('document_category_id')).toBe('33');
    expect(sent[0]!.form.get('document_type_id')).toBe('30');
    expect((sent[0]!.form.get('processed_document') as File).name).toBe('invoice.pdf');
    expect(await screen.findByText('Proof of domain ownership uploaded. Submit your documents once every required one is uploaded.')).toBeInTheDocument();
    expect(await within(section).findByText('File: invoice.pdf')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'REPLACE: Proof of domain ownership' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'SUBMIT DOCUMENT' }));
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(merchant);
  });

  it("shows a declined document's reason with REUPLOAD, and nothing to submit until it is uploaded again", async () => {
    const merchant = merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'Declined' }]);
    renderDocuments(merchant, () => ({ document_type_id: 30, categories: [domain(uploaded('Declined', 'The invoice is in another name.'))] }));
    expect(await screen.findByText('Declined: The invoice is in another name.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'REUPLOAD: Proof of domain ownership' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SUBMIT DOCUMENT' })).not.toBeInTheDocument();
  });

  it('says so when the submission fails', async () => {
    const merchant = merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'Pending' }]);
    const { user, onChanged } = renderDocuments(merchant, () => ({ document_type_id: 30, categories: [domain(uploaded('Pending'))] }), { submit: () => ({ status: 500, body: {} }) });
    await user.click(await screen.findByRole('button', { name: 'SUBMIT DOCUMENT' }));
    expect(await screen.findByText('Could not submit data. Refresh the page and try again.')).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('keeps the thanks through its own answer, and drops it when a review arrives', async () => {
    const asked = merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'Pending' }]);
    const submitted = merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'DOCUMENT_SUBMITTED' }], null);
    (submitted.website_detail as { website_approval_status: string }).website_approval_status = 'Verification in Process';
    let state = uploaded('Pending');
    const { user, rerender } = renderDocuments(asked, () => ({ document_type_id: 30, categories: [domain(state, state.status === 'Pending')] }), { submit: () => ({ body: { message: THANKS, merchant: submitted } }) });
    state = uploaded('DOCUMENT_SUBMITTED');
    await user.click(await screen.findByRole('button', { name: 'SUBMIT DOCUMENT' }));
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    // The Website tab stores the answer's merchant: the thanks stays.
    rerender(submitted);
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(screen.getByText(THANKS)).toBeInTheDocument();
    // The reviewer approves (heard on the live channel): the list is read again, the thanks is old news.
    state = uploaded('Approved');
    const approved = merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'Approved' }], null);
    (approved.website_detail as { website_approval_status: string }).website_approval_status = 'Website OK';
    rerender(approved);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByText(THANKS)).not.toBeInTheDocument();
  });

  it('offers nothing to send while the step is not open to the member, who holds the permission', async () => {
    renderDocuments(merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'Pending' }]), () => ({ document_type_id: 30, categories: [domain(uploaded('Pending'))] }), { mayAct: false });
    expect(await screen.findByText('File: invoice.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /UPLOAD|REPLACE|SUBMIT/ })).not.toBeInTheDocument();
  });

  it('shows a member without the permission to change documents UPLOAD and SUBMIT DOCUMENT, which open the no-access modal and send nothing', async () => {
    const sent = fakeXhr();
    const { calls, user } = renderDocuments(
      merchantAsked([{ id: 33, name: 'Proof of domain ownership', status: 'Pending' }]),
      () => ({ document_type_id: 30, categories: [domain(uploaded('Pending'))] }),
      { mayAct: false, permitted: false },
    );
    for (const name of ['REPLACE: Proof of domain ownership', 'SUBMIT DOCUMENT']) {
      await user.click(await screen.findByRole('button', { name }));
      const modal = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
      await user.click(within(modal).getByRole('button', { name: 'Ok, got it!' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(sent).toEqual([]);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
