import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { OtpBoxes } from '../../../../widgets/OtpBoxesWidget';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { t } from '../../../shared/ui/t';
import { otpSentText, type OtpChannel } from './otpSentText';
import { useOtpDialog } from './useOtpDialog';
import { loadComponentTexts } from './componentTexts';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

const OTP_LENGTH = 4;

export interface OtpConfirmDialogProps {
  /** What the OTP authorises (POST /otps scope), e.g. update_website_details. */
  scope: string;
  merchantUuid: string;
  /** The alternative token of a verified code: the change may be sent with it. */
  onVerified(token: string): void;
  onCancel(): void;
}

/**
 * The OTP a sensitive change needs before it is sent (a step definition's `submit.otp`; the spec's verify-otp-website
 * dialog for the website): sends a code to the user's e-mail and mobile as it opens, names the channels the server says
 * it used, takes the 4 digits and verifies them for the alternative token. Errors say what the server said (a wrong
 * code with the attempts left), else the spec's generic text.
 */
export function OtpConfirmDialog({ scope, merchantUuid, onVerified, onCancel }: OtpConfirmDialogProps) {
  loadComponentTexts();
  loadStepFormTexts();
  const id = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [code, setCode] = useState('');
  const { busy, problem, run, codeSent, mayResend } = useOtpDialog(problemText);
  const [channels, setChannels] = useState<OtpChannel[] | null>(null);
  const sentText = otpSentText(channels);
  const send = () =>
    run(async () => {
      const answer = await apiFetch<{ channels?: OtpChannel[] }>('/api/v1/otps', { method: 'POST', body: { otp: { scope, merchant_uuid: merchantUuid, channels: ['email', 'sms'], type: 'SignIn' } } });
      setChannels(answer.channels ?? ['email', 'sms']);
      codeSent();
    });
  const verify = () =>
    run(async () => {
      const verified = await apiFetch<{ alternative_token: string }>('/api/v1/otps/verify', { method: 'POST', body: { otp: { scope, merchant_uuid: merchantUuid, code } } });
      onVerified(verified.alternative_token);
    });
  // Once, as the dialog opens (not again on a re-render).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void send();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog open onClose={onCancel} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t('otp.dialog.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {sentText && <Typography variant="body2">{sentText}</Typography>}
          <OtpBoxes id={`${id}-otp`} label={t('otp.dialog.label')} value={code} onChange={setCode} length={OTP_LENGTH} autoFocus disabled={busy} error={problem !== null} required />
          <Box>
            <Button onClick={() => void send()} disabled={busy || !mayResend} sx={{ minHeight: 44 }}>
              {t('otp.dialog.resend')}
            </Button>
          </Box>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy} sx={{ minHeight: 44 }}>
          {t('otp.dialog.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void verify()} disabled={busy || code.length !== OTP_LENGTH} sx={{ minHeight: 44 }}>
          {t('otp.dialog.verify')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A failed OTP call's text (spec section 8): the code's error, else the server's message, else the generic one. */
function problemText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('otp.dialog.sendFailed');
  const errors = error.body.errors as Record<string, string[]> | undefined;
  const listed = errors?.code ?? (errors ? Object.values(errors).flat() : undefined);
  if (listed?.length) return listed.join(' ');
  return typeof error.body.error === 'string' ? error.body.error : t('otp.dialog.sendFailed');
}
