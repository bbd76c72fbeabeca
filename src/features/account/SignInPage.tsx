import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from '../../shared/router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RequestReference } from '../../../renderer/ErrorBox';
import { OtpBoxes } from '../../../widgets/OtpBoxesWidget';
import { authApi } from '../../shared/api/auth';
import { ApiRequestError, requestIdOf } from '../../shared/api/fetcher';
import { sendOtpError, verifyError } from '../../shared/api/authErrors';
import { activeSession, saveSession } from '../../shared/session/session';
import { UNLOCK_ROUTE } from '../../../common/session/unlockLink';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch';
import { TextInput } from '../../../ui/TextInput';
import { IdentityField } from './IdentityField';
import { t } from '../../shared/ui/t';
import { useCountdown } from './useCountdown';

/** A link standing on its own is a control: a fingertip's height (44 px) to tap. */
const TAP_TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

const RESEND_SECONDS = 20;
const OTP_LENGTH = 4;

type Mode = 'otp' | 'password';
/** A failed call as the page shows it: the spec's text, and the request id to quote. */
/** A failure to show; `locked`: the sign-in is locked (423), so the way to the unlock screen is offered beside it. */
type Failure = { text: string; reference?: string; locked?: boolean };

/** Where to go after signing in: the redirectTo parameter if it is a path of this app, else onboarding. */
export function landingPath(redirectTo: string | null): string {
  return redirectTo && redirectTo.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : '/onboarding';
}

/**
 * The hand-off that sent the user here (/account/service_login without a session): its address with the whole query,
 * to go back to once signed in; null when the user came from elsewhere.
 */
export function handoffReturn(params: URLSearchParams): string | null {
  return params.has('redirect_to') ? `/account/service_login?${params}` : null;
}

/** /app/account: sign in with an e-mail or mobile number and an OTP, or with a password. */
export default function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = landingPath(params.get('redirectTo'));
  const handoff = handoffReturn(params);
  // Back to the hand-off (outside /app: a page load), else to the app path asked for.
  const land = useCallback(() => (handoff ? window.location.replace(handoff) : navigate(target, { replace: true })), [handoff, navigate, target]);
  const [mode, setMode] = useState<Mode>('otp');
  const [identity, setIdentity] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sendFailure, setSendFailure] = useState<Failure | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sandbox, setSandbox] = useState(false);
  const resendIn = useCountdown(sentAt, RESEND_SECONDS);

  useEffect(() => {
    if (activeSession()) land();
  }, [land]);
  useEffect(() => {
    authApi.appConfig().then((config) => setSandbox(config.sandbox), () => setSandbox(false));
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const sendOtp = (event?: FormEvent) => {
    event?.preventDefault();
    return run(async () => {
      setSendFailure(null);
      setFailure(null);
      try {
        await authApi.sendOtp(identity.trim());
        setSentTo(identity.trim());
        setSentAt(Date.now());
        setOtp('');
      } catch (error) {
        setSendFailure({ text: sendOtpError(error), reference: requestIdOf(error) });
      }
    });
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      setFailure(null);
      try {
        const token = mode === 'otp' ? await authApi.verifyOtp(sentTo ?? identity.trim(), otp) : await authApi.login(identity.trim(), password);
        saveSession(token);
        land();
      } catch (error) {
        setFailure({ text: verifyError(error), reference: requestIdOf(error), locked: error instanceof ApiRequestError && error.status === 423 });
      }
    });
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setFailure(null);
    setSendFailure(null);
  };

  const failureAlert = failure && (
    <Alert severity="error" role="alert">
      {failure.text}
      {failure.locked && (
        <>
          {' '}
          <Link component={RouterLink} to={`${UNLOCK_ROUTE}?${new URLSearchParams({ identity: sentTo ?? identity.trim() })}`} sx={TAP_TARGET}>
            {t('auth.unlock.haveCode')}
          </Link>
        </>
      )}
      {failure.reference && <RequestReference id={failure.reference} />}
    </Alert>
  );

  const sendFailureAlert = sendFailure && (
    <Alert severity="error" role="alert">
      <AlertTitle>{t('auth.sendFailedTitle')}</AlertTitle>
      {sendFailure.text}
      {sendFailure.reference && <RequestReference id={sendFailure.reference} />}
    </Alert>
  );

  const identityField = <IdentityField value={identity} onChange={setIdentity} disabled={busy || (mode === 'otp' && sentTo !== null)} />;

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'center', p: { xs: 0, sm: 2 }, bgcolor: 'grey.100' }}>
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 420, p: { xs: 2, sm: 4 }, borderRadius: { xs: 0, sm: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {t('auth.title')}
          </Typography>
          <LanguageSwitch />
        </Box>

        {mode === 'otp' && sentTo === null && (
          <Stack component="form" spacing={2} onSubmit={sendOtp} noValidate>
            {identityField}
            {sendFailureAlert}
            <Button type="submit" variant="contained" size="large" disabled={busy || !identity.trim()}>
              {t('auth.sendOtp')}
            </Button>
          </Stack>
        )}

        {mode === 'otp' && sentTo !== null && (
          <Stack component="form" spacing={2} onSubmit={signIn} noValidate>
            <Typography>
              {t('auth.otpSent', { identity: sentTo })}{' '}
              <Link component="button" type="button" onClick={() => setSentTo(null)} sx={TAP_TARGET}>
                {t('auth.changeIdentity')}
              </Link>
            </Typography>
            <OtpBoxes id="otp" label={t('auth.otp.label')} value={otp} onChange={setOtp} length={OTP_LENGTH} autoFocus disabled={busy} error={failure !== null} required />
            {failureAlert}
            {sendFailureAlert}
            <Button type="submit" variant="contained" size="large" disabled={busy || otp.length !== OTP_LENGTH}>
              {t('auth.verifyOtp')}
            </Button>
            <Button type="button" variant="text" onClick={() => sendOtp()} disabled={busy || resendIn > 0}>
              {resendIn > 0 ? t('auth.resendIn', { seconds: resendIn }) : t('auth.resendOtp')}
            </Button>
            {sandbox && (
              <Alert severity="info">
                {t('auth.sandboxHint')}{' '}
                <Link href={`/sandbox/inbox?recipient=${encodeURIComponent(sentTo)}`} target="_blank" rel="noopener" sx={TAP_TARGET}>
                  {t('auth.openInbox')}
                </Link>
              </Alert>
            )}
          </Stack>
        )}

        {mode === 'password' && (
          <Stack component="form" spacing={2} onSubmit={signIn} noValidate>
            {identityField}
            <TextInput
              id="password"
              name="password"
              type="password"
              label={t('auth.password.label')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              required
              disabled={busy}
            />
            {failureAlert}
            <Button type="submit" variant="contained" size="large" disabled={busy || !identity.trim() || !password}>
              {t('auth.signIn')}
            </Button>
          </Stack>
        )}

        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Link component="button" type="button" onClick={() => switchMode(mode === 'otp' ? 'password' : 'otp')} sx={TAP_TARGET}>
            {mode === 'otp' ? t('auth.withPassword') : t('auth.withOtp')}
          </Link>
        </Box>
      </Paper>
    </Box>
  );
}
