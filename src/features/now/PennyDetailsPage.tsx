import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { productDashboardUrl } from '../../shared/productDashboard';
import { t } from '../../shared/ui/t';
import { PennyPanel } from '../onboarding';
import { ContactUs, NowPage, useSessionMerchant } from './NowBankPage';

/**
 * /penny-details: after an instant deposit, the amount the merchant read on the bank statement (the penny panel's
 * amount entry, with its attempts), then, once verified, on to the product home: the dashboard of the merchant's
 * product variant (schemas/master/product-variants.json; onboarding spec, routes).
 */
export default function PennyDetailsPage() {
  const { merchant, error } = useSessionMerchant();
  if (error) return <NowPage><Alert severity="error">{t('onboarding.loadFailed')}</Alert></NowPage>;
  if (!merchant) return <NowPage><LinearProgress aria-label={t('common.loading')} /></NowPage>;
  const verified = (merchant.bank_detail as { bank_verification_status?: string } | null | undefined)?.bank_verification_status === 'verified';
  return (
    <NowPage merchantName={typeof merchant.name === 'string' ? merchant.name : undefined} heading={t('penny.amount.title')}>
      {verified ? (
        <Alert severity="success" role="status" action={<Button href={productDashboardUrl(merchant.product)} sx={{ minHeight: 44 }}>{t('now.verified.continue')}</Button>}>
          {t('now.verified.body')}
        </Alert>
      ) : (
        <>
          <PennyPanel merchant={merchant} data={{}} readonly mayAct fill={() => undefined} />
          <ContactUs />
        </>
      )}
    </NowPage>
  );
}
