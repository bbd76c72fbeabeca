import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '../../shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AppHeader } from '../../app/AppHeader';
import { currentMerchantUuid } from '../../shared/api/currentMerchant';
import { useMerchant, useMerchants } from '../../shared/api/hooks';
import type { Merchant } from '../../shared/api/types';
import { useProfileChannel } from '../../shared/api/useProfileChannel';
import { t } from '../../shared/ui/t';
import { IMPS_SLOW_AFTER_MS, LazyStepScreen, type PennyBankDetail } from '../onboarding';
import { NEFT_FALLBACK_AFTER_MS, nowBankScreen } from './nowBankState';
import { CONTACT_US_URL } from '../../shared/ui/contactUs';
import { PRODUCTS } from '../../shared/products';
import en from '../../../schemas/messages/displayName.en.json';
import nowEn from '../../../schemas/messages/now.en.json';
import { addTexts } from '../../../schemas/messages';
import type { DisplayNameSavedState } from './displayNameApi';

const texts = { en };
const nowTexts = { en: nowEn };

/** The NOW product's value of `merchant.product` (until the platform issue derives the product from the host). */
export const NOW_PRODUCT = PRODUCTS.now;
/** Where the contact-us links go (the provider's support address; not in the spec). */

/** The merchant the session acts for, kept current by the live channel. */
export function useSessionMerchant() {
  const merchants = useMerchants();
  const uuid = currentMerchantUuid(merchants.data);
  const merchant = useMerchant(uuid);
  useProfileChannel(merchant.data?.uuid);
  return { merchant: merchant.data, error: merchant.error ?? merchants.error, mutate: merchant.mutate };
}

/**
 * /bank-details (NOW product only; others go to /onboarding): the bank form of the bank step, then, as the test
 * deposit goes, the wait screen, the penny-details screen after an instant deposit, or the NEFT fallback.
 */
export default function NowBankPage() {
  addTexts(texts);
  addTexts(nowTexts);
  const { merchant, error, mutate } = useSessionMerchant();
  const navigate = useNavigate();
  const savedName = (useLocation().state as Partial<DisplayNameSavedState> | null)?.displayNameSaved;
  const bank = merchant?.bank_detail as PennyBankDetail | null | undefined;
  const submittedKey = merchant && bank?.id !== undefined ? `nowBankSubmittedAt:${merchant.uuid}:${bank.id}` : null;
  const submittedAt = submittedKey ? Number(sessionStorage.getItem(submittedKey)) || null : null;
  const [now, setNow] = useState(() => Date.now());
  const screen = merchant ? nowBankScreen(bank, submittedAt, now) : null;

  // Looks again when the 25 seconds of the NEFT fallback are up (a deposit result comes through the live channel).
  useEffect(() => {
    if (screen !== 'impsWaiting' || submittedAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, submittedAt + NEFT_FALLBACK_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [screen, submittedAt]);
  useEffect(() => {
    if (screen === 'pennyDetails') navigate('/penny-details');
  }, [screen, navigate]);

  if (error) return <NowPage><Alert severity="error">{t('onboarding.loadFailed')}</Alert></NowPage>;
  if (!merchant || !screen) return <NowPage><LinearProgress aria-label={t('common.loading')} /></NowPage>;
  if (merchant.product !== NOW_PRODUCT) return <Navigate to="/onboarding" replace />;

  const onSaved = (saved: Merchant) => {
    const id = (saved.bank_detail as PennyBankDetail | null | undefined)?.id;
    if (id !== undefined) sessionStorage.setItem(`nowBankSubmittedAt:${saved.uuid}:${id}`, String(Date.now()));
    setNow(Date.now());
    void mutate(saved, { revalidate: false });
  };

  return (
    <NowPage merchantName={typeof merchant.name === 'string' ? merchant.name : undefined} heading={screen === 'neftFallback' ? t('now.neft.title') : t('now.bank.title')}>
      {typeof savedName === 'string' && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {t('now.displayName.saved', { name: savedName })}
        </Alert>
      )}
      {screen === 'form' && (
        <>
          {bank?.penny_deposit_status === 'FAILED' && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {t('now.bank.incorrect')}
            </Alert>
          )}
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <LazyStepScreen stepId="bank-details" merchant={merchant} readonly={false} onSaved={onSaved} onChanged={(changed) => void mutate(changed, { revalidate: false })} />
          </Suspense>
          <ContactUs />
        </>
      )}
      {screen === 'impsWaiting' && <ImpsWaitScreen since={submittedAt} />}
      {screen === 'neftFallback' && <NeftFallback displayName={typeof merchant.display_name === 'string' ? merchant.display_name : null} />}
      {(screen === 'verified' || screen === 'pennyDetails') && (
        <Alert severity="success" action={<Button onClick={() => navigate('/onboarding')}>{t('now.verified.continue')}</Button>}>
          {t('now.verified.body')}
        </Alert>
      )}
    </NowPage>
  );
}

/** The full-page wait while an instant deposit is on its way; its text changes after 30 seconds. */
function ImpsWaitScreen({ since }: { since: number | null }) {
  const [slow, setSlow] = useState(() => since !== null && Date.now() - since >= IMPS_SLOW_AFTER_MS);
  useEffect(() => {
    if (slow) return;
    const timer = setTimeout(() => setSlow(true), since === null ? IMPS_SLOW_AFTER_MS : Math.max(0, since + IMPS_SLOW_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since, slow]);
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: 6 }} data-now="impsWaiting">
      <CircularProgress aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>{t('now.bank.loader')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t(slow ? 'penny.imps.slow' : 'penny.imps.waiting')}
      </Typography>
    </Box>
  );
}

/**
 * The NEFT fallback: the bank is slow; a test transaction in a few hours; notice by SMS and e-mail. CHOOSE WEBSITE NAME
 * opens the display-name screen (the name the NOW store and payment page show), which comes back here; the name chosen
 * shows above the button.
 */
function NeftFallback({ displayName }: { displayName: string | null }) {
  const navigate = useNavigate();
  return (
    <Box data-now="neftFallback">
      <Box component="ol" sx={{ pl: 3, my: 2, '& li': { mb: 1.5 } }}>
        <li>{t('now.neft.step1')}</li>
        <li>{t('now.neft.step2')}</li>
        <li>{t('now.neft.step3')}</li>
      </Box>
      {displayName && <Typography sx={{ mb: 2, fontWeight: 600 }}>{t('now.displayName.chosen', { name: displayName })}</Typography>}
      <Button variant="contained" fullWidth onClick={() => navigate(`/display-name?${new URLSearchParams({ from: '/bank-details' })}`)} sx={{ minHeight: 44 }}>
        {t('now.neft.chooseWebsite')}
      </Button>
    </Box>
  );
}

/** The contact-us link under the NOW bank form. */
export function ContactUs() {
  addTexts(texts);
  addTexts(nowTexts);
  return (
    <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
      {t('now.bank.help')}{' '}
      <Link href={CONTACT_US_URL} sx={{ display: 'inline-block', minHeight: 44, lineHeight: '44px' }}>
        {t('penny.contactUs')}
      </Link>
    </Typography>
  );
}

/** The NOW screens' frame: the product header (logo, name, logout) and the page heading. */
export function NowPage({ merchantName, heading, children }: { merchantName?: string; heading?: string; children: ReactNode }) {
  addTexts(texts);
  addTexts(nowTexts);
  return (
    <>
      <AppHeader merchantName={merchantName || undefined} />
      <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          {heading ?? t('now.bank.title')}
        </Typography>
        {children}
      </Container>
    </>
  );
}
