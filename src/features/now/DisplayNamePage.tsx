import { Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/displayName.en.json';
import { addTexts } from '../../../schemas/messages';
import { loadValidatorOfStep } from '../../../renderer/stepValidators';
import type { Merchant } from '../../shared/api/types';
import { Navigate, useNavigate, useSearchParams } from '../../shared/router';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';
import { t } from '../../shared/ui/t';
import { returnPath, useDisplayNameSuggestions, type DisplayNameSavedState } from './displayNameApi';
import { NOW_PRODUCT, NowPage, useSessionMerchant } from './NowBankPage';

const texts = { en };

/** The form (the form renderer) and its precompiled validators (schemas/now/display-name.json), loaded side by side. */
const DisplayNameForm = lazyWithRetry(() => Promise.all([import('./DisplayNameForm'), loadValidatorOfStep('display-name')]).then(([module]) => module));

/**
 * /display-name (NOW product only), opened by CHOOSE WEBSITE NAME on the NEFT fallback: the merchant chooses the name
 * their store and payment page show to customers, from the names GET fetch_display_name suggests or typed, checked by
 * schemas/now/display-name.json here and on the server. Once saved they go back to where they came from (`?from=`,
 * default the bank screen), which confirms the name above what comes next.
 */
export default function DisplayNamePage() {
  addTexts(texts);
  const { merchant, error, mutate } = useSessionMerchant();
  const suggestions = useDisplayNameSuggestions(merchant?.uuid);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = returnPath(search.get('from'));

  if (error || suggestions.error) return <NowPage heading={t('now.displayName.title')}><Alert severity="error">{t('onboarding.loadFailed')}</Alert></NowPage>;
  if (!merchant || !suggestions.data) return <NowPage heading={t('now.displayName.title')}><LinearProgress aria-label={t('common.loading')} /></NowPage>;
  if (merchant.product !== NOW_PRODUCT) return <Navigate to="/onboarding" replace />;

  const onSaved = (saved: Merchant, name: string) => {
    void mutate(saved, { revalidate: false });
    void suggestions.mutate();
    navigate(back, { state: { displayNameSaved: name } satisfies DisplayNameSavedState });
  };

  return (
    <NowPage merchantName={typeof merchant.name === 'string' ? merchant.name : undefined} heading={t('now.displayName.title')}>
      <Typography sx={{ mb: 2 }}>{t('now.displayName.intro')}</Typography>
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <DisplayNameForm merchantUuid={merchant.uuid} saved={suggestions.data.display_name} suggestions={suggestions.data.suggestions} onSaved={onSaved} />
      </Suspense>
      <Box sx={{ mt: 1 }}>
        <Button fullWidth onClick={() => navigate(back)} sx={{ minHeight: 44 }}>
          {t('now.displayName.back')}
        </Button>
      </Box>
    </NowPage>
  );
}
