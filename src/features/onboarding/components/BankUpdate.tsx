import { useId, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { OtpBoxes } from '../../../../widgets/OtpBoxesWidget';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { keys } from '../../../shared/api/keys';
import type { Merchant } from '../../../shared/api/types';
import { t } from '../../../shared/ui/t';
import type { StepComponentProps } from '../stepComponents';
import { otpSentText, type OtpChannel } from './otpSentText';
import { useOtpDialog } from './useOtpDialog';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/** A merchant's bank-update allowance (GET bank_update_timing; onboarding spec section 3). */
interface Timing {
  updateAttemptsLeft: number;
  nextUpdateTime: string | null;
}
interface Details {
  holder_name: string;
  bank_account_number: string;
  ifsc_code: string;
}
const SCOPE = 'update_bank_details';

/** "24 Nov 2026, 3:30 pm IST", as the server words its "Come back after" text. */
const indianTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })} IST`;

/** The prompt about attempts left (spec section 8): under 10 and more than 1, the count; exactly 1, the last one. */
function attemptsPrompt(left: number): string | null {
  if (left === 1) return t('bankUpdate.lastAttempt');
  if (left > 1 && left < 10) return t('bankUpdate.attemptsLeft', { attempts: left });
  return null;
}

/**
 * The bank update (onboarding spec sections 2, 4, 8): once bank details are sent and the form keeps them, "Change bank
 * account" opens a modal in two steps — the new holder name, account number and IFSC, then the OTP sent by e-mail and
 * SMS — and submits the change with the token the OTP gives. Offered only while update attempts are left; details
 * equal to the saved ones are refused with a warning and nothing is sent. Settlements on hold after a change are said.
 */
export function BankUpdate({ merchant, readonly, mayAct }: StepComponentProps) {
  loadComponentTexts();
  loadStepFormTexts();
  const bank = merchant.bank_detail as (Details & { bank_verification_status?: string | null }) | null | undefined;
  const offered = Boolean(bank) && readonly && mayAct;
  const timing = useSWR<Timing>(offered ? `/api/v1/merchants/${merchant.uuid}/bank_update_timing` : null, (path: string) => apiFetch<Timing>(path));
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  // The time the component opened: holds and waits are shown against it (a re-render must not change them).
  const [openedAt] = useState(() => Date.now());
  const hold = typeof merchant.settlement_hold_until === 'string' && new Date(merchant.settlement_hold_until).getTime() > openedAt ? merchant.settlement_hold_until : null;

  const left = timing.data?.updateAttemptsLeft ?? 0;
  const waitUntil = timing.data?.nextUpdateTime && new Date(timing.data.nextUpdateTime).getTime() > openedAt ? timing.data.nextUpdateTime : null;
  return (
    <Box sx={{ mt: 2 }}>
      {done && <Alert severity="success" role="status" sx={{ mb: 1 }}>{t('bankUpdate.done')}</Alert>}
      {hold && <Alert severity="info" sx={{ mb: 1 }}>{t('bankUpdate.hold', { time: indianTime(hold) })}</Alert>}
      {offered && timing.data && left > 0 && (
        <>
          {waitUntil ? (
            <Typography variant="body2" color="text.secondary">{t('bankUpdate.comeBack', { time: indianTime(waitUntil) })}</Typography>
          ) : (
            <Button variant="outlined" onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
              {t('bankUpdate.open')}
            </Button>
          )}
          {attemptsPrompt(left) && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{attemptsPrompt(left)}</Typography>}
        </>
      )}
      {open && bank && (
        <BankUpdateDialog
          merchant={merchant}
          saved={bank}
          onClose={(outcome) => {
            setOpen(false);
            // An addendum is shown by the step's Addenda; a change made is said here.
            if (outcome) {
              setDone(outcome === 'changed');
              void timing.mutate();
            }
          }}
        />
      )}
    </Box>
  );
}

function BankUpdateDialog({ merchant, saved, onClose }: { merchant: Merchant; saved: Details; onClose(outcome: 'changed' | 'addendum' | null): void }) {
  const id = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { mutate } = useSWRConfig();
  const [details, setDetails] = useState<Details>({ holder_name: saved.holder_name ?? '', bank_account_number: '', ifsc_code: '' });
  const [stage, setStage] = useState<'details' | 'otp'>('details');
  const [code, setCode] = useState('');
  const { busy, problem, setProblem, run, codeSent, mayResend } = useOtpDialog(problemText);
  const [channels, setChannels] = useState<OtpChannel[] | null>(null);
  const sentText = otpSentText(channels);

  const normalised: Details = {
    holder_name: details.holder_name.trim(),
    bank_account_number: details.bank_account_number.replace(/[\s-]/g, ''),
    ifsc_code: details.ifsc_code.trim().toUpperCase(),
  };
  const sendOtp = async () => {
    const answer = await apiFetch<{ channels?: OtpChannel[] }>(`/api/v1/otps`, { method: 'POST', body: { otp: { scope: SCOPE, merchant_uuid: merchant.uuid, channels: ['email', 'sms'], type: 'SignIn' } } });
    setChannels(answer.channels ?? ['email', 'sms']);
    codeSent();
  };
  const next = () =>
    run(async () => {
      if (Object.values(normalised).some((value) => value === '')) return setProblem(t('validation.required'));
      const same = normalised.holder_name === saved.holder_name && normalised.bank_account_number === saved.bank_account_number && normalised.ifsc_code === saved.ifsc_code;
      if (same) return setProblem(t('bankUpdate.same'));
      await sendOtp();
      setStage('otp');
    });
  const submit = () =>
    run(async () => {
      const verified = await apiFetch<{ alternative_token: string }>('/api/v1/otps/verify', { method: 'POST', body: { otp: { scope: SCOPE, merchant_uuid: merchant.uuid, code } } });
      const answer = await apiFetch<{ merchant: Merchant; addendum: unknown }>(`/api/v1/merchants/${merchant.uuid}/bank_details`, {
        method: 'POST',
        body: { bank_detail: normalised },
        headers: { 'alternative-token': verified.alternative_token },
      });
      await mutate(keys.merchant(merchant.uuid), answer.merchant, { revalidate: false });
      if (answer.addendum) await mutate(keys.addenda(merchant.uuid));
      onClose(answer.addendum ? 'addendum' : 'changed');
    });
  const field = (name: keyof Details, label: string, extra: { autoComplete?: string; inputMode?: 'numeric' | 'text'; maxLength?: number } = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      required
      value={details[name]}
      onChange={(event) => setDetails((current) => ({ ...current, [name]: event.target.value }))}
      disabled={busy}
      slotProps={{ htmlInput: { autoComplete: extra.autoComplete ?? 'off', inputMode: extra.inputMode, maxLength: extra.maxLength } }}
    />
  );

  return (
    <Dialog open onClose={() => onClose(null)} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{stage === 'details' ? t('bankUpdate.title') : t('bankUpdate.otp.title')}</DialogTitle>
      <DialogContent>
        {stage === 'details' ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('holder_name', t('bank.holderName.label'), { autoComplete: 'name' })}
            {field('bank_account_number', t('bank.accountNumber.label'), { inputMode: 'numeric', maxLength: 24 })}
            {field('ifsc_code', t('bank.ifsc.label'), { maxLength: 11 })}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {sentText && <Typography variant="body2">{sentText}</Typography>}
            <OtpBoxes id={`${id}-otp`} label={t('bankUpdate.otp.label')} value={code} onChange={setCode} length={4} autoFocus disabled={busy} error={problem !== null} required />
            <Box>
              <Button onClick={() => void run(sendOtp)} disabled={busy || !mayResend} sx={{ minHeight: 44 }}>
                {t('bankUpdate.otp.resend')}
              </Button>
            </Box>
          </Stack>
        )}
        {problem && (
          <Alert severity={problem === t('bankUpdate.same') ? 'warning' : 'error'} sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {stage === 'details' ? (
          <>
            <Button onClick={() => onClose(null)} sx={{ minHeight: 44 }}>{t('bankUpdate.cancel')}</Button>
            <Button variant="contained" onClick={() => void next()} disabled={busy} sx={{ minHeight: 44 }}>{t('bankUpdate.next')}</Button>
          </>
        ) : (
          <>
            <Button onClick={() => (setStage('details'), setCode(''), setProblem(null))} disabled={busy} sx={{ minHeight: 44 }}>{t('bankUpdate.back')}</Button>
            <Button variant="contained" onClick={() => void submit()} disabled={busy || code.length !== 4} sx={{ minHeight: 44 }}>{t('bankUpdate.submit')}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The text of a failed call: a bank update error from bank_details or bank_account (spec section 8), else the server's. */
function problemText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('error.generic');
  const errors = error.body.errors as Record<string, string[]> | undefined;
  const listed = errors?.bank_details ?? errors?.bank_account ?? errors?.bank_detail ?? errors?.code ?? (errors ? Object.values(errors).flat() : undefined);
  return listed?.length ? listed.join(' ') : error.message;
}
