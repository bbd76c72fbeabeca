import { useEffect, useState } from 'react';
import { useNavigate } from '../../shared/router';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/terms.en.json';
import { addTexts } from '../../../schemas/messages';
import { AppHeader } from '../../app/AppHeader';
import { ApiRequestError, errorText } from '../../shared/api/fetcher';
import { sessionMerchant } from '../../shared/api/sessionMerchant';
import { hostVariant, PRODUCTS, productVariant, variantOf } from '../../shared/products';
import { t } from '../../shared/ui/t';
import { acceptProductTerms } from './termsApi';

const texts = { en };

/** How long the confirmation shows before the activation steps open. */
export const CONTINUE_AFTER_MS = 1500;

/**
 * /terms-conditions (platform spec section 2): a merchant who opens the app on another product's host (the route's
 * rule: the `termsRequired` status) reads that product's terms ({host}/tnc), ticks that they accept them and goes on;
 * the server moves the account to that product, and the activation steps open.
 */
export default function TermsPage() {
  addTexts(texts);
  const navigate = useNavigate();
  const merchant = useSWR('terms/sessionMerchant', sessionMerchant, { revalidateOnFocus: false, shouldRetryOnError: false });
  const [agreed, setAgreed] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => navigate('/onboarding', { replace: true }), CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const requested = hostVariant();
  const product = variantOf(requested);
  if (merchant.error) {
    const error = merchant.error;
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error instanceof ApiRequestError ? errorText(error.body, error.status) : t('error.generic')}
      </Alert>
    );
  }
  if (!merchant.data) return <LinearProgress aria-label={t('common.loading')} />;
  const record = merchant.data;
  const current = variantOf(productVariant(record.product) ?? 'business').name;

  const accept = async () => {
    setState('sending');
    setFailure(null);
    try {
      await acceptProductTerms(record.uuid, PRODUCTS[requested]);
      setState('done');
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? errorText(error.body, error.status) : t('error.generic'));
      setState('idle');
    }
  };

  return (
    <>
      <AppHeader merchantName={typeof record.business_name === 'string' ? record.business_name : undefined} />
      <Box component="main" sx={{ p: 2, maxWidth: 560, mx: 'auto', display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('terms.title', { product: product.name })}
        </Typography>
        <Typography>{t('terms.intro', { mid: record.mid, current, product: product.name })}</Typography>
        <Link href={product.terms} target="_blank" rel="noopener noreferrer" sx={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
          {t('terms.read', { product: product.name })}
        </Link>
        <FormControlLabel
          control={<Checkbox checked={agreed} disabled={state !== 'idle'} onChange={(event) => setAgreed(event.target.checked)} />}
          label={t('terms.acceptLabel', { product: product.name })}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        {state === 'done' && (
          <Alert severity="success" role="status">
            {t('terms.accepted', { product: product.name })}
          </Alert>
        )}
        <Button variant="contained" disabled={!agreed || state !== 'idle'} onClick={() => void accept()} sx={{ minHeight: 44, justifySelf: 'start' }}>
          {state === 'sending' ? t('terms.accepting', { product: product.name }) : t('terms.accept')}
        </Button>
      </Box>
    </>
  );
}
