import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from '../../shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RequestReference } from '../../../renderer/ErrorBox';
import { authApi } from '../../shared/api/auth';
import { fieldText, verifyError } from '../../shared/api/authErrors';
import { requestIdOf } from '../../shared/api/fetcher';
import { TextInput } from '../../../ui/TextInput';
import { IdentityField } from './IdentityField';
import { t } from '../../shared/ui/t';

/**
 * /app/account/unlock: the unlock link of a sign-in lock's instruction opens it with the identity and the one-use code
 * filled in; the user presses Unlock (the page never sends the code by itself, so a mail scanner that opens the link
 * uses nothing up). Once unlocked, the user signs in again.
 */
export default function UnlockPage() {
  const [params] = useSearchParams();
  const [identity, setIdentity] = useState(params.get('identity') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; reference?: string } | null>(null);
  const [unlocked, setUnlocked] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await authApi.unlock(identity.trim(), code.trim());
      setUnlocked(true);
    } catch (error) {
      setFailure({ text: fieldText(error, 'identity') ?? fieldText(error, 'code') ?? verifyError(error), reference: requestIdOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'center', p: { xs: 0, sm: 2 }, bgcolor: 'grey.100' }}>
      <Paper elevation={0} sx={{ width: '100%', maxWidth: 420, p: { xs: 2, sm: 4 }, borderRadius: { xs: 0, sm: 2 } }}>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('auth.unlock.title')}
        </Typography>
        {unlocked ? (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {t('auth.unlocked')}
            </Alert>
            <Button component={RouterLink} to="/account" variant="contained" size="large">
              {t('auth.unlock.signIn')}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <Typography>{t('auth.unlock.intro')}</Typography>
            <IdentityField value={identity} onChange={setIdentity} disabled={busy} />
            <TextInput
              id="unlock-code"
              name="code"
              label={t('auth.unlock.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputProps={{ maxLength: 64, autoCapitalize: 'characters', spellCheck: false }}
              required
              disabled={busy}
            />
            {failure && (
              <Alert severity="error" role="alert">
                {failure.text}
                {failure.reference && <RequestReference id={failure.reference} />}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={busy || !identity.trim() || !code.trim()}>
              {t('auth.unlock.submit')}
            </Button>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
