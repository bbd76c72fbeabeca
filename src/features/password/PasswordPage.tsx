import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/password.en.json';
import { addTexts } from '../../../schemas/messages';
import { OtpBoxes } from '../../../widgets/OtpBoxesWidget';
import { AppHeader } from '../../app/AppHeader';
import { logout } from '../../app/nav/logout';
import { apiFetch, ApiRequestError, errorText } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';

const texts = { en };

const OTP_LENGTH = 4;
/** Seconds between the confirmation and signing out (platform spec sections 4, 9: logout after password change 4 s). */
export const LOGOUT_AFTER_SECONDS = 4;

type FieldErrors = Partial<Record<'password' | 'confirm' | 'otp', string[]>>;

/** The refusal of a call as field errors (the server's `errors`: the password's checks, the OTP's `code`) or one text. */
function refusal(error: unknown): { fields: FieldErrors; text: string | null } {
  if (!(error instanceof ApiRequestError)) return { fields: {}, text: t('error.generic') };
  const errors = error.body.errors as Record<string, string[]> | undefined;
  if (error.status === 422 && errors && (errors.password || errors.code || errors.otp)) {
    return { fields: { password: errors.password, otp: errors.code ?? errors.otp }, text: null };
  }
  return { fields: {}, text: errorText(error.body, error.status) };
}

/** Messages one per line (the server gives each failed password check its own). */
const lines = (messages?: string[]) => messages?.map((text) => <span key={text} style={{ display: 'block' }}>{text}</span>);

/** A new-password input (autofill offers to generate one): its errors one per line, else its hint. */
function PasswordField({ id, label, value, onChange, disabled, errors, hint }: { id: string; label: string; value: string; onChange(value: string): void; disabled: boolean; errors?: string[]; hint?: string }) {
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      required
      error={Boolean(errors)}
      helperText={lines(errors) ?? hint}
      slotProps={{ htmlInput: { maxLength: 100 } }}
    />
  );
}

/**
 * /account/password (platform spec sections 4, 5, 7): the signed-in user sets a new password, proved by an OTP to their
 * own e-mail and mobile. The server checks the strength rules (each failed one its own message) and ends every
 * session; the page confirms and signs out after 4 seconds, to sign in again with the new password.
 */
export default function PasswordPage() {
  addTexts(texts);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [otp, setOtp] = useState('');
  const [otpSent, setOtpSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [updated, setUpdated] = useState(false);
  useEffect(() => {
    if (!updated) return;
    const timer = setTimeout(() => void logout(), LOGOUT_AFTER_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [updated]);

  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setFields({});
    try {
      await call();
    } catch (error) {
      const refused = refusal(error);
      setFields(refused.fields);
      setFailure(refused.text);
    } finally {
      setBusy(false);
    }
  };
  const mismatch = () => {
    if (password === confirm) return false;
    setFields({ confirm: [t('password.mismatch')] });
    return true;
  };
  const sendOtp = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch()) return;
    void run(async () => {
      await apiFetch('/api/v1/user/update_password/send_otp', { method: 'POST' });
      setOtpSent(true);
    });
  };
  const update = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch()) return;
    void run(async () => {
      await apiFetch('/api/v1/user/update_password', { method: 'PUT', body: { password, otp } });
      setUpdated(true);
    });
  };
  return (
    <>
      <AppHeader />
      <Box component="main" sx={{ p: 2, maxWidth: 480, mx: 'auto' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {t('password.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('password.intro')}</Typography>
        {updated ? (
          <Alert severity="success" role="status">
            {t('password.updated', { seconds: LOGOUT_AFTER_SECONDS })}
          </Alert>
        ) : (
          <Stack component="form" spacing={2} onSubmit={otpSent ? update : sendOtp} noValidate>
            <PasswordField id="new-password" label={t('password.new')} value={password} onChange={setPassword} disabled={busy} errors={fields.password} hint={t('password.rules')} />
            <PasswordField id="confirm-password" label={t('password.confirm')} value={confirm} onChange={setConfirm} disabled={busy} errors={fields.confirm} />
            {otpSent && (
              <>
                <Typography>{t('password.otpSent')}</Typography>
                <OtpBoxes id="password-otp" label={t('password.otpLabel')} value={otp} onChange={setOtp} length={OTP_LENGTH} autoFocus disabled={busy} error={Boolean(fields.otp)} required />
                {fields.otp && (
                  <Alert severity="error" role="alert">
                    {lines(fields.otp)}
                  </Alert>
                )}
              </>
            )}
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={busy || !password || !confirm || (otpSent && otp.length !== OTP_LENGTH)}>
              {otpSent ? t('password.update') : t('password.sendOtp')}
            </Button>
          </Stack>
        )}
      </Box>
    </>
  );
}
