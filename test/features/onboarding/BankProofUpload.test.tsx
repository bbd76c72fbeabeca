import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankProofUpload } from '../../../src/features/onboarding/components/BankProofUpload';
import type { Merchant } from '../../../src/shared/api/types';
import { PROOF_WANTED_BANK_DETAIL } from '../../bankDetails';

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const bank = (fields: Record<string, unknown> = {}) => ({ ...PROOF_WANTED_BANK_DETAIL, ...fields });
const merchantWith = (fields: Record<string, unknown> = {}): Merchant => ({ uuid: UUID, mid: 8800002, product: 'PayUbiz', bank_detail: bank(fields) });
const SUBMITTED = 'Proof Submitted sucessfully! - Bank details proof received. We will verify it within the next 24-48 hours.';

/** A stand-in for XMLHttpRequest: reports upload progress, then answers as `answer` says. */
function fakeXhr(answer: { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 300);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const renderUpload = (merchant: Merchant, mayAct = true) =>
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <BankProofUpload merchant={merchant} data={{}} readonly mayAct={mayAct} fill={() => undefined} />
    </SWRConfig>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('BankProofUpload', () => {
  it('shows nothing while no proof is wanted (verified, or one under review)', () => {
    expect(renderUpload(merchantWith({ bank_verification_status: 'verified' })).container).toBeEmptyDOMElement();
    expect(renderUpload(merchantWith({ bank_verification_status: 'pending', bank_verification_proof: 'BS' })).container).toBeEmptyDOMElement();
  });

  it('uploads the chosen kind of proof with progress, and says it was received', async () => {
    const sent = fakeXhr({ status: 200, body: { message: SUBMITTED, merchant: merchantWith({ bank_verification_status: 'pending', bank_verification_proof: 'BS' }) } });
    const user = userEvent.setup();
    renderUpload(merchantWith());
    expect(screen.getByText('jpg, jpeg, pdf, png less than 5 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Bank Statement' }));
    expect(screen.getByText(/Mobile screenshots or SMS are not valid/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose file'), new File(['%PDF-1.4'], 'statement.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Chosen: statement.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload proof' }));
    expect(await screen.findByText('Uploading ... 50%')).toBeInTheDocument();
    expect(await screen.findByText(SUBMITTED)).toBeInTheDocument();
    expect(sent[0]!.get('proof_type')).toBe('BS');
    expect((sent[0]!.get('file') as File).name).toBe('statement.pdf');
  });

  it("refuses a file of 5 MB or more before sending it, and shows the server's refusal of another", async () => {
    fakeXhr({ status: 422, body: { errors: { file: ['Error: only PDF, PNG and JPG files are allowed'] } } });
    const user = userEvent.setup({ applyAccept: false });
    renderUpload(merchantWith());
    await user.click(screen.getByRole('radio', { name: 'Cancelled Cheque' }));
    await user.upload(screen.getByLabelText('Choose file'), new File([new Uint8Array(5 * 1024 * 1024)], 'big.pdf'));
    expect(screen.getByText('Error: File size exceeded, should be less than 5MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload proof' })).toBeDisabled();
    await user.upload(screen.getByLabelText('Choose file'), new File(['MZ'], 'cheque.png'));
    await user.click(screen.getByRole('button', { name: 'Upload proof' }));
    await waitFor(() => expect(screen.getByText('Error: only PDF, PNG and JPG files are allowed')).toBeInTheDocument());
  });

  it('lets a merchant without permission look but not upload', () => {
    renderUpload(merchantWith(), false);
    expect(screen.getByRole('radio', { name: 'Passbook' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload proof' })).toBeDisabled();
  });

  it('tells a team member without the permission that uploading is not theirs, and sends nothing', async () => {
    const sent = fakeXhr({ status: 200, body: {} });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <BankProofUpload merchant={merchantWith()} data={{}} readonly mayAct={false} permitted={false} fill={() => undefined} />
      </SWRConfig>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Upload proof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok, got it!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
  });

  it('says why operations declined the last proof, above the upload of another', () => {
    renderUpload(merchantWith({ bank_verification_status: 'need_bank_proof_doc', bank_verification_remarks: 'The cheque is not cancelled' }));
    expect(screen.getByText('Your last bank proof was declined: The cheque is not cancelled. Send another one.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cancelled Cheque' })).toBeInTheDocument();
  });
});
