import { useEffect, useRef, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { apiFetch } from '../../../shared/api/fetcher';
import { keys } from '../../../shared/api/keys';
import { ErrorDialog } from '../../../shared/ui/ErrorDialog';
import { t } from '../../../shared/ui/t';
import type { StepComponentProps } from '../stepComponents';
import { loadComponentTexts } from './componentTexts';

/** How often a waiting request is read again when no live message has come (the live channel tells at once). */
export const UPI_POLL_MS = 3_000;

/** A bank-check request as the API answers it (schemas/api/upi-verifications.json). */
export interface UpiVerification {
  uuid: string;
  status: 'WAITING' | 'PAID' | 'NAME_MISMATCH' | 'USED' | 'EXPIRED';
  upi_link: string;
  amount: string;
  expires_at: string;
  payer?: { bank_account_number?: string; ifsc_code?: string; holder_name: string; bank_name?: string };
  expected_name?: string;
}

/** "14:05": minutes and seconds left until `until`, never below zero. */
export function timeLeft(until: string, now: number): string {
  const seconds = Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The bank check by a ₹1 UPI payment, above the bank form (README, "Bank check by a ₹1 UPI payment"): the merchant
 * pays from the business's account with any UPI app; the payment fills the account number and IFSC, and submitting
 * them verifies the account at once (the server decides: edited details get the test deposit). Shown while the bank
 * is not verified and the merchant may change the form.
 */
export function UpiBankVerification({ merchant, readonly, mayAct, permitted = true, fill }: StepComponentProps) {
  loadComponentTexts();
  const bank = merchant.bank_detail as { bank_verification_status?: string | null } | null | undefined;
  if (bank?.bank_verification_status === 'verified' || readonly || !mayAct || !permitted) return null;
  return <UpiCard merchantUuid={merchant.uuid} fill={fill} />;
}

function UpiCard({ merchantUuid, fill }: { merchantUuid: string; fill: StepComponentProps['fill'] }) {
  const [reference, setReference] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  const { data: request } = useSWR(reference ? keys.upiVerification(merchantUuid, reference) : null, (path: string) => apiFetch<{ upi_verification: UpiVerification }>(path).then((body) => body.upi_verification), {
    refreshInterval: (latest) => (latest?.status === 'WAITING' ? UPI_POLL_MS : 0),
  });

  const start = async () => {
    setBusy(true);
    try {
      const answer = await apiFetch<{ upi_verification: UpiVerification }>(`/api/v1/merchants/${merchantUuid}/bank_details/upi_verifications`, { method: 'POST', body: {} });
      const created = answer.upi_verification;
      await mutate(keys.upiVerification(merchantUuid, created.uuid), created, { revalidate: false });
      setReference(created.uuid);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t('error.generic'));
    } finally {
      setBusy(false);
    }
  };

  // A paid request fills the form, once.
  const filled = useRef<string | null>(null);
  useEffect(() => {
    if (request?.status !== 'PAID' || filled.current === request.uuid) return;
    filled.current = request.uuid;
    fill({ bank_account_number: request.payer?.bank_account_number, ifsc_code: request.payer?.ifsc_code });
  }, [request, fill]);

  const shown = reference && request?.uuid === reference ? request : null;
  return (
    // A region named by its title, not a heading: the card shows under a step's heading on the profile and under the
    // page's own on the NOW bank page, so no one heading level fits both.
    <Card variant="outlined" component="section" aria-labelledby="upi-title" sx={{ mb: 2 }} data-upi={shown?.status ?? 'start'}>
      <CardContent>
        <Typography id="upi-title" component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('upi.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('upi.body')}
        </Typography>
        {shown?.status === 'WAITING' ? (
          <Waiting request={shown} onCancel={() => setReference(null)} />
        ) : (
          <>
            {shown && <Outcome request={shown} />}
            {shown?.status !== 'PAID' && (
              <Button variant="contained" onClick={() => void start()} disabled={busy || (reference !== null && !shown)} sx={{ minHeight: 44 }}>
                {t('upi.pay')}
              </Button>
            )}
          </>
        )}
      </CardContent>
      {problem && <ErrorDialog message={problem} onClose={() => setProblem(null)} />}
    </Card>
  );
}

/** Waiting for the payment: the link to the UPI app, the time left, and Cancel. */
function Waiting({ request, onCancel }: { request: UpiVerification; onCancel(): void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // A web page (the sandbox's UPI app) opens beside the app; a upi:// intent hands over to the phone's UPI app.
  const web = ['http:', 'https:'].includes(new URL(request.upi_link, window.location.href).protocol);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Button variant="contained" href={request.upi_link} {...(web ? { target: '_blank', rel: 'noopener' } : {})} sx={{ minHeight: 44, justifySelf: 'start' }}>
        {t('upi.open')}
      </Button>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography variant="body2">{t('upi.waiting', { time: timeLeft(request.expires_at, now) })}</Typography>
      </Box>
      <Button variant="text" onClick={onCancel} sx={{ minHeight: 44, justifySelf: 'start' }}>
        {t('upi.cancel')}
      </Button>
    </Box>
  );
}

/** What came of the request, read out as it arrives. */
function Outcome({ request }: { request: UpiVerification }) {
  const { status, payer } = request;
  if (status === 'PAID' || status === 'USED') {
    return (
      <Alert severity="success" role="status" sx={{ mb: 1.5 }}>
        {t('upi.paid', { bank: payer?.bank_name ?? '', ending: (payer?.bank_account_number ?? '').slice(-4) })}
      </Alert>
    );
  }
  return (
    <Alert severity={status === 'NAME_MISMATCH' ? 'warning' : 'info'} role="status" sx={{ mb: 1.5 }}>
      {status === 'NAME_MISMATCH' ? t('upi.nameMismatch', { name: payer?.holder_name ?? '', expected: request.expected_name ?? '' }) : t('upi.expired')}
    </Alert>
  );
}
