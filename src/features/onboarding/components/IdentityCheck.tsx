import { useId, useRef, useState } from 'react';
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

type Address = { address_line: string; city: string; pincode: string; state: string };
type Open = null | 'aadhar-get-otp' | 'aadhar-verify-otp' | 'ckyc' | 'xml';

/**
 * The text of a refused identity call (onboarding spec section 8): a 422's `error_message`, with ", attempts left N"
 * and ", retry after mm:ss minutes" when the server gives them; a field's own message; else the spec's fallback.
 */
export function identityErrorText(error: unknown, field?: string): string {
  if (!(error instanceof ApiRequestError) || error.status !== 422) return t('kyc.somethingWrong');
  const body = error.body as { error_message?: string; attempts_remaining?: number; time_remaining?: number; errors?: FieldErrors };
  if (field && body.errors?.[field]?.[0]) return body.errors[field][0];
  if (!body.error_message) return Object.values(body.errors ?? {})[0]?.[0] ?? t('kyc.somethingWrong');
  let text = body.error_message;
  if (typeof body.attempts_remaining === 'number') text += t('kyc.attemptsLeft', { n: body.attempts_remaining });
  if (typeof body.time_remaining === 'number' && body.time_remaining > 0) {
    const minutes = String(Math.floor(body.time_remaining / 60)).padStart(2, '0');
    const seconds = String(body.time_remaining % 60).padStart(2, '0');
    text += t('kyc.retryAfter', { time: `${minutes}:${seconds}` });
  }
  return text;
}

/**
 * Identity in the KYC step (onboarding spec sections 2 and 4, Aadhaar flow): verify with Aadhaar (consent and number
 * in `aadhar-get-otp`, the OTP in `aadhar-verify-otp`), with the Aadhaar offline e-KYC ZIP and its share code, or with
 * central KYC (date of birth). On success the merchant
 * is refreshed and the address found fills the registered address, for the merchant to check and save.
 */
export function IdentityCheck({ merchant, mayAct, fill }: StepComponentProps) {
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
  const completed = (merchant.kyc_status as { kyc_status?: string } | null)?.kyc_status === 'COMPLETED';
  if (!mayAct && !completed) return null;

  const run = async (work: () => Promise<void>, field?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(identityErrorText(error, field));
    } finally {
      setBusy(false);
    }
  };
  const finish = async (answer: { message: string; merchant: Merchant }) => {
    const address = answer.merchant.saved_kyc_address as Address | null;
    if (address) {
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
      if (!/^[2-9][0-9]{11}$/.test(aadhaar)) throw new ApiRequestError(422, { errors: { aadhaar_number: [t('validation.aadhaar')] } });
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
    });
  const centralKyc = () => run(async () => finish(await apiFetch(`${base}/ckyc`, { method: 'POST', body: { dob } })), 'dob');
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
        {t('kyc.identity.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('kyc.identity.intro')}
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

      <Dialog open={open === 'xml'} onClose={close} aria-labelledby={`${id}-xml`} fullWidth maxWidth="xs">
        <DialogTitle id={`${id}-xml`}>{t('kyc.xml.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('kyc.xml.intro')}</DialogContentText>
          <TextField
            label={t('kyc.xml.shareCode')}
            value={shareCode}
            onChange={(event) => setShareCode(event.target.value.replace(/\D/g, '').slice(0, 4))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 } }}
            fullWidth
            margin="dense"
          />
          <Button variant="outlined" onClick={() => zipInput.current?.click()} sx={{ mt: 1, minHeight: 44 }}>
            {t('kyc.xml.file')}
          </Button>
          <input ref={zipInput} type="file" accept=".zip,application/zip" hidden aria-label={t('kyc.xml.file')} onChange={(event) => setZip(event.target.files?.[0] ?? null)} />
          {zip && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('kyc.xml.chosen', { name: zip.name })}
            </Typography>
          )}
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} sx={{ minHeight: 44 }}>
            {t('documents.cancel')}
          </Button>
          <Button variant="contained" disabled={shareCode.length !== 4 || !zip || busy} onClick={() => void offlineXml()} sx={{ minHeight: 44 }}>
            {t('kyc.aadhaar.verify')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'aadhar-get-otp'} onClose={close} aria-labelledby={`${id}-get`} data-dialog="aadhar-get-otp" fullWidth maxWidth="xs">
        <DialogTitle id={`${id}-get`}>{t('kyc.aadhaar.title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('kyc.aadhaar.number')}
            value={aadhaar}
            onChange={(event) => setAadhaar(event.target.value.replace(/\D/g, '').slice(0, 12))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 12 } }}
            fullWidth
            margin="dense"
          />
          <FormControlLabel control={<Checkbox checked={consent} onChange={(event) => setConsent(event.target.checked)} />} label={t('kyc.aadhaar.consent')} sx={{ mt: 1, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.5 } }} />
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} sx={{ minHeight: 44 }}>
            {t('documents.cancel')}
          </Button>
          <Button variant="contained" disabled={!consent || aadhaar.length !== 12 || busy} onClick={() => void sendOtp()} sx={{ minHeight: 44 }}>
            {t('kyc.aadhaar.sendOtp')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'aadhar-verify-otp'} onClose={close} aria-labelledby={`${id}-verify`} data-dialog="aadhar-verify-otp" fullWidth maxWidth="xs">
        <DialogTitle id={`${id}-verify`}>{t('kyc.aadhaar.verifyTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{sentText}</DialogContentText>
          <TextField
            label={t('kyc.aadhaar.otp')}
            value={otp}
            onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            fullWidth
            margin="dense"
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          <Button onClick={() => void sendOtp()} disabled={busy} sx={{ minHeight: 44 }}>
            {t('kyc.aadhaar.resend')}
          </Button>
          <Button variant="contained" disabled={otp.length !== 6 || busy} onClick={() => void verifyOtp()} sx={{ minHeight: 44 }}>
            {t('kyc.aadhaar.verify')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'ckyc'} onClose={close} aria-labelledby={`${id}-ckyc`} fullWidth maxWidth="xs">
        <DialogTitle id={`${id}-ckyc`}>{t('kyc.ckyc.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('kyc.ckyc.intro')}</DialogContentText>
          <TextField label={t('kyc.ckyc.dob')} type="date" value={dob} onChange={(event) => setDob(event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { autoComplete: 'bday' } }} fullWidth margin="dense" />
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} sx={{ minHeight: 44 }}>
            {t('documents.cancel')}
          </Button>
          <Button variant="contained" disabled={!dob || busy} onClick={() => void centralKyc()} sx={{ minHeight: 44 }}>
            {t('kyc.aadhaar.verify')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
