import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { apiFetch, ApiRequestError } from '../../../shared/api/fetcher';
import { keys } from '../../../shared/api/keys';
import type { Merchant } from '../../../shared/api/types';
import { t } from '../../../shared/ui/t';
import { NoAccessDialog } from '../../../shared/ui/NoAccessDialog';
import { attemptsLeftTexts, canBecomePennyAmount, pennyAmountOf, pennyPanelState, type PennyBankDetail } from '../penny/pennyPanelState';
import type { StepComponentProps } from '../stepComponents';
import { CONTACT_US_URL } from '../../../shared/ui/contactUs';
import { loadStepFormTexts } from '../../../../schemas/stepFormTexts';

/** The IMPS wait text becomes the longer-than-expected one after this (onboarding spec section 9). */
export const IMPS_SLOW_AFTER_MS = 30_000;
/** Where the contact-us link of the exhausted attempts goes (the provider's support page; not in the spec). */

/**
 * The bank account verification panel (penny test, onboarding spec sections 2 and 4): one state per row of the
 * spec's table, from the merchant's bank detail, which the live channel keeps current.
 */
export function PennyPanel({ merchant, mayAct, permitted = true }: StepComponentProps) {
  loadStepFormTexts();
  const bank = merchant.bank_detail as PennyBankDetail | null | undefined;
  const state = pennyPanelState(bank);
  switch (state) {
    case 'impsWaiting':
      return <ImpsWaiting key={bank?.id} />;
    case 'verificationPending':
      return (
        <Alert severity="info" sx={{ mt: 2 }} data-penny="verificationPending">
          <Typography component="h3" variant="subtitle2">
            {t('penny.pending.title')}
          </Typography>
          {t('penny.pending.body')}
        </Alert>
      );
    case 'amountEntry':
      // Without the permission the amount can be typed and VERIFY opens the no-access modal (spec section 6).
      return <AmountEntry merchant={merchant} readonly={permitted && !mayAct} permitted={permitted} />;
    case 'attemptsExhausted':
      return <AttemptTexts attemptsLeft={0} />;
    case 'failed':
      return <FailedOnce merchantUuid={merchant.uuid} bankDetailId={bank?.id} />;
    default:
      return null;
  }
}

/** IMPS, not yet initiated: the loader, whose text becomes "Its taking longer than expected..." after 30 s. */
function ImpsWaiting() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), IMPS_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box role="status" sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center' }} data-penny="impsWaiting">
      <CircularProgress size={24} aria-hidden />
      <Typography variant="body2">{t(slow ? 'penny.imps.slow' : 'penny.imps.waiting')}</Typography>
    </Box>
  );
}

/** FAILED: the failure text, shown once per bank detail (remembered on the device). */
function FailedOnce({ merchantUuid, bankDetailId }: { merchantUuid: string; bankDetailId?: number }) {
  const storageKey = `pennyFailedShown:${merchantUuid}:${bankDetailId ?? ''}`;
  const [shown] = useState(() => localStorage.getItem(storageKey) === null);
  useEffect(() => {
    localStorage.setItem(storageKey, '1');
  }, [storageKey]);
  if (!shown) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-penny="failed">
      {t('penny.failed')}
    </Alert>
  );
}

/** What a wrong amount says, from attempts_left (onboarding spec section 8). */
function AttemptTexts({ attemptsLeft }: { attemptsLeft: number }) {
  const [first, ...rest] = attemptsLeftTexts(attemptsLeft);
  return (
    <Alert severity={attemptsLeft > 1 ? 'error' : attemptsLeft === 1 ? 'warning' : 'error'} sx={{ mt: 2 }} role="alert" data-penny={attemptsLeft === 0 ? 'attemptsExhausted' : 'attemptsLeft'}>
      <strong>{t(first!.key, first!.params)}</strong>
      {rest.map((text) => (
        <Typography key={text.key} variant="body2">
          {t(text.key, text.params)}
        </Typography>
      ))}
      {attemptsLeft === 0 && (
        <Link href={CONTACT_US_URL} sx={{ display: 'inline-block', mt: 1, minHeight: 44, lineHeight: '44px' }}>
          {t('penny.contactUs')}
        </Link>
      )}
    </Alert>
  );
}

/** The longest text the amount field takes: the spec's default for text inputs (the amount itself is at most 10). */
const TYPED_MAX_LENGTH = 100;

/**
 * SUCCESS with attempts left: the amount the merchant read on the statement, checked by verify_penny. The field keeps
 * what the merchant typed (`₹2.38`, `Rs. 2/-`); the amount sent is that text normalised, as the server normalises it.
 * A keystroke that leaves a text no amount can come from is blocked (spec section 5); a text pasted or filled in at
 * once is kept as it is, and a wrong amount stays in the field, for the merchant to correct.
 */
function AmountEntry({ merchant, readonly, permitted }: { merchant: Merchant; readonly: boolean; permitted: boolean }) {
  const { mutate } = useSWRConfig();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ attemptsLeft: number } | { text: string } | null>(null);
  const [noAccess, setNoAccess] = useState(false);

  const verify = async () => {
    if (busy || readonly) return;
    if (!permitted) return setNoAccess(true);
    const amount = pennyAmountOf(typed);
    if (amount === '' || amount === '.') return setProblem({ text: t('validation.pennyAmount') });
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${merchant.uuid}/verify_penny`, { method: 'POST', body: { penny_amount: amount } });
      await mutate(keys.merchant(merchant.uuid), answer.merchant, { revalidate: false });
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.body : {};
      if (typeof body.attempts_left === 'number') {
        setProblem({ attemptsLeft: body.attempts_left });
        if (body.merchant) await mutate(keys.merchant(merchant.uuid), body.merchant as Merchant, { revalidate: false });
        else await mutate(keys.merchant(merchant.uuid));
      } else {
        const fieldErrors = body.errors as Record<string, string[]> | undefined;
        setProblem({ text: fieldErrors?.penny_amount?.[0] ?? (error instanceof Error ? error.message : t('error.generic')) });
      }
    } finally {
      setBusy(false);
    }
  };
  // The panel sits inside the bank form: Enter verifies the amount instead of submitting the bank details again.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void verify();
  };

  return (
    <Box component="section" aria-labelledby="penny-amount-title" sx={{ mt: 2 }} data-penny="amountEntry">
      <Typography id="penny-amount-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('penny.amount.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('penny.amount.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          id="penny-amount"
          label={t('penny.amount.label')}
          value={typed}
          onChange={({ target: { value } }) => {
            const keystroke = value.length === typed.length + 1;
            if (!keystroke || canBecomePennyAmount(value)) setTyped(value);
          }}
          onKeyDown={onKeyDown}
          disabled={readonly}
          error={problem !== null && 'text' in problem}
          helperText={problem !== null && 'text' in problem ? problem.text : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: TYPED_MAX_LENGTH } }}
        />
        <Button variant="contained" onClick={() => void verify()} disabled={readonly || busy} sx={{ minHeight: 56 }}>
          {busy ? t('penny.amount.checking') : t('penny.amount.submit')}
        </Button>
      </Box>
      {problem !== null && 'attemptsLeft' in problem && <AttemptTexts attemptsLeft={problem.attemptsLeft} />}
      {noAccess && <NoAccessDialog onClose={() => setNoAccess(false)} />}
    </Box>
  );
}
