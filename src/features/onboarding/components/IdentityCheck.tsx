import { useId, useRef, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldErrors } from '../../../../schemas/types';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { keys } from '../../../shared/api/keys';
import { uploadForm } from '../../../shared/api/upload';
import type { Merchant } from '../../../shared/api/types';
import { t } from '../../../shared/ui/t';
import type { StepComponentProps } from '../stepComponents';
import { loadDocumentTexts } from '../../documents/documentTexts';
import { loadComponentTexts } from './componentTexts';

type Address = { address_line: string; city: string; pincode: string; state: string };
type Open = null | 'aadhar-get-otp' | 'aadhar-verify-otp' | 'ckyc' | 'xml';

/**
 * The text of a refused identity call, as onboarding spec section 8 words it per call. Aadhaar OTP calls (`otp`):
 * only a 422 shows the server's `error_message`, with ", attempts left N" and ", retry after mm:ss minutes" when the
 * server gives them, else "Something went wrong try after some time". Central KYC, consent, address and XML
 * (`other`): the server's message or `error_message` whatever the status, else "Something went wrong please try
 * after some time". A field's own message comes first in both.
 */
export function identityErrorText(error: unknown, field?: string, call: 'otp' | 'other' = 'otp'): string {
  loadComponentTexts();
  const fallback = t(call === 'otp' ? 'kyc.somethingWrong' : 'kyc.somethingWrongPlease');
  if (!(error instanceof ApiRequestError) || (call === 'otp' && error.status !== 422) || error.status === 0) return fallback;
  const body = (error.body ?? {}) as { error_message?: string; message?: string; error?: string; attempts_remaining?: number; time_remaining?: number; errors?: FieldErrors };
  if (field && body.errors?.[field]?.[0]) return body.errors[field][0];
  if (call === 'other') return body.message ?? body.error_message ?? body.error ?? Object.values(body.errors ?? {})[0]?.[0] ?? fallback;
  if (!body.error_message) return Object.values(body.errors ?? {})[0]?.[0] ?? fallback;
  let text = body.error_message;
  if (typeof body.attempts_remaining === 'number') text += t('kyc.attemptsLeft', { n: body.attempts_remaining });
  if (typeof body.time_remaining === 'number' && body.time_remaining > 0) {
    const minutes = String(Math.floor(body.time_remaining / 60)).padStart(2, '0');
    const seconds = String(body.time_remaining % 60).padStart(2, '0');
    text += t('kyc.retryAfter', { time: `${minutes}:${seconds}` });
  }
  return text;
}

/** What the KYC step's context (schemas/steps/kyc.step.json, projected from the record) says about its entity. */
interface KycContext {
  /** The entity's registered address may be its signatory's own (schemas/master/business-entities.json). */
  registered_address_from_signatory?: boolean;
}

/**
 * Identity in the KYC step (onboarding spec sections 2 and 4, Aadhaar flow): verify with Aadhaar (consent and number
 * in `aadhar-get-otp`, the OTP in `aadhar-verify-otp`), with the Aadhaar offline e-KYC ZIP and its share code, or with
 * central KYC (date of birth). On success the merchant is refreshed; where the step's context says the entity's
 * registered address may be its signatory's own, the address found fills it, for the merchant to check and save.
 * Anywhere else it verifies the signatory only, and says so: the registered address is the business's.
 */
export function IdentityCheck({ merchant, data, mayAct, fill }: StepComponentProps) {
  loadDocumentTexts();
  loadComponentTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState<Open>(null);
  const [consent, setConsent] = useState(false);
  const [aadhaar, setAadhaar] = useState('');
  const [otp, setOtp] = useState('');
  const [dob, setDob] = useState('');
  const [shareCode, setShareCode] = useState('');
  const [zip, setZip] = useState<File | null>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const [sentText, setSentText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const base = `/api/v1/merchants/${merchant.uuid}/kyc`;
  const fillsRegisteredAddress = (data.$context as KycContext | undefined)?.registered_address_from_signatory === true;
  const completed = (merchant.kyc_status as { kyc_status?: string } | null)?.kyc_status === 'COMPLETED';
  if (!mayAct && !completed) return null;

  const run = async (work: () => Promise<void>, field?: string, call: 'otp' | 'other' = 'otp') => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(identityErrorText(error, field, call));
    } finally {
      setBusy(false);
    }
  };
  const finish = async (answer: { message: string; merchant: Merchant }) => {
    const address = answer.merchant.saved_kyc_address as Address | null;
    if (address && fillsRegisteredAddress) {
      fill({
        'registration_address.address_line': address.address_line,
        'registration_address.pincode': address.pincode,
        'registration_address.city': address.city,
        'registration_address.state': address.state,
      });
    }
    setOpen(null);
    setDone(answer.message);
    await mutate(keys.merchant(merchant.uuid), answer.merchant, { revalidate: false });
  };
  const sendOtp = () =>
    run(async () => {
      await apiFetch(`${base}/aadhaar_consent`, { method: 'POST', body: { consent: true } });
      const answer = await apiFetch<{ message: string }>(`${base}/aadhaar_send_otp`, { method: 'POST', body: { aadhaar_number: aadhaar } });
      setSentText(answer.message);
      setOtp('');
      setOpen('aadhar-verify-otp');
    }, 'aadhaar_number');
  const verifyOtp = () => run(async () => finish(await apiFetch(`${base}/aadhaar_verify_otp`, { method: 'POST', body: { aadhaar_number: aadhaar, otp } })), 'otp');
  const offlineXml = () =>
    run(async () => {
      const form = new FormData();
      form.append('share_code', shareCode);
      if (zip) form.append('file', zip, zip.name);
      await finish(await uploadForm<{ message: string; merchant: Merchant }>(`${base}/aadhaar_xml`, form, () => undefined));
    }, undefined, 'other');
  const centralKyc = () => run(async () => finish(await apiFetch(`${base}/ckyc`, { method: 'POST', body: { dob } })), 'dob', 'other');
  const close = () => {
    setOpen(null);
    setProblem(null);
  };

  if (completed) {
    return (
      <Alert severity="success" role="status" sx={{ mt: 2 }}>
        {done ?? t('kyc.completedLine')}
      </Alert>
    );
  }

  return (
    <Box component="section" aria-labelledby={`${id}-title`} sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={`${id}-title`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t(fillsRegisteredAddress ? 'kyc.identity.title' : 'kyc.identity.signatoryOnly.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(fillsRegisteredAddress ? 'kyc.identity.intro' : 'kyc.identity.signatoryOnly.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setOpen('aadhar-get-otp')} sx={{ minHeight: 44 }}>
          {t('kyc.aadhaar.start')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('xml')} sx={{ minHeight: 44 }}>
          {t('kyc.xml.start')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('ckyc')} sx={{ minHeight: 44 }}>
          {t('kyc.ckyc.start')}
        </Button>
      </Box>

      <IdentityDialog
        open={open === 'xml'}
        title={t('kyc.xml.title')}
        problem={problem}
        onClose={close}
        primary={{ label: t('kyc.aadhaar.verify'), disabled: shareCode.length !== 4 || !zip || busy, onClick: () => void offlineXml() }}
      >
        <DialogContentText>{t('kyc.xml.intro')}</DialogContentText>
        <DigitsField label={t('kyc.xml.shareCode')} value={shareCode} length={4} onChange={setShareCode} />
        <Button variant="outlined" onClick={() => zipInput.current?.click()} sx={{ mt: 1, minHeight: 44 }}>
          {t('kyc.xml.file')}
        </Button>
        <input ref={zipInput} type="file" accept=".zip,application/zip" hidden aria-label={t('kyc.xml.file')} onChange={(event) => setZip(event.target.files?.[0] ?? null)} />
        {zip && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('kyc.xml.chosen', { name: zip.name })}
          </Typography>
        )}
      </IdentityDialog>

      <IdentityDialog
        open={open === 'aadhar-get-otp'}
        name="aadhar-get-otp"
        title={t('kyc.aadhaar.title')}
        problem={problem}
        onClose={close}
        primary={{ label: t('kyc.aadhaar.sendOtp'), disabled: !consent || aadhaar.length !== 12 || busy, onClick: () => void sendOtp() }}
      >
        <DigitsField label={t('kyc.aadhaar.number')} value={aadhaar} length={12} onChange={setAadhaar} />
        <FormControlLabel control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />} label={t('kyc.aadhaar.consent')} sx={{ mt: 1, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.5 } }} />
      </IdentityDialog>

      <IdentityDialog
        open={open === 'aadhar-verify-otp'}
        name="aadhar-verify-otp"
        title={t('kyc.aadhaar.verifyTitle')}
        problem={problem}
        onClose={close}
        secondary={{ label: t('kyc.aadhaar.resend'), disabled: busy, onClick: () => void sendOtp() }}
        primary={{ label: t('kyc.aadhaar.verify'), disabled: otp.length !== 6 || busy, onClick: () => void verifyOtp() }}
      >
        <DialogContentText>{sentText}</DialogContentText>
        <DigitsField label={t('kyc.aadhaar.otp')} value={otp} length={6} onChange={setOtp} autoComplete="one-time-code" />
      </IdentityDialog>

      <IdentityDialog
        open={open === 'ckyc'}
        title={t('kyc.ckyc.title')}
        problem={problem}
        onClose={close}
        primary={{ label: t('kyc.aadhaar.verify'), disabled: !dob || busy, onClick: () => void centralKyc() }}
      >
        <DialogContentText>{t('kyc.ckyc.intro')}</DialogContentText>
        <TextField label={t('kyc.ckyc.dob')} type="date" value={dob} onChange={(event) => setDob(event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'bday' } }} fullWidth margin="dense" />
      </IdentityDialog>
    </Box>
  );
}

interface DialogAction {
  label: string;
  disabled: boolean;
  onClick(): void;
}

/** One identity dialog: a title, its fields, the refusal if any, and its actions (CANCEL unless another is given). */
function IdentityDialog({
  open,
  name,
  title,
  problem,
  onClose,
  primary,
  secondary,
  children,
}: {
  open: boolean;
  /** The spec's name of the dialog, when it has one (aadhar-get-otp, aadhar-verify-otp). */
  name?: string;
  title: string;
  problem: string | null;
  onClose(): void;
  primary: DialogAction;
  secondary?: DialogAction;
  children: ReactNode;
}) {
  const id = useId();
  const second = secondary ?? { label: t('documents.cancel'), disabled: false, onClick: onClose };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={id} data-dialog={name} fullWidth maxWidth="xs">
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {problem && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={second.onClick} disabled={second.disabled} sx={{ minHeight: 44 }}>
          {second.label}
        </Button>
        <Button variant="contained" disabled={primary.disabled} onClick={primary.onClick} sx={{ minHeight: 44 }}>
          {primary.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A field of digits only (Aadhaar number, OTP, share code), cut to its length, with the numeric keypad on phones. */
function DigitsField({ label, value, length, onChange, autoComplete = 'off' }: { label: string; value: string; length: number; onChange(value: string): void; autoComplete?: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, length))}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete, maxLength: length } }}
      fullWidth
      margin="dense"
    />
  );
}
