import { useState } from 'react';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import en from '../../../schemas/messages/live.en.json';
import { addTexts } from '../../../schemas/messages';
import { track } from '../../shared/analytics/analytics';
import { apiFetch } from '../../shared/api/fetcher';
import { downloadFile } from '../../shared/api/download';
import { keys } from '../../shared/api/keys';
import type { Merchant } from '../../shared/api/types';
import { productDashboardUrl } from '../../shared/productDashboard';
import { t } from '../../shared/ui/t';

const texts = { en };

/** The settlement line for each settlement status the platform spec names (null: not started). */
const SETTLEMENT_TEXTS: Record<string, string> = { Active: 'live.settlement.active', 'Thirdparty Hold': 'live.settlement.hold' };

interface AgreementFile {
  kyc_document: { processed_document: { path: string; filename: string } | null } | null;
}

/**
 * The end of the journey, once every step is completed: the merchant is live. What is possible now (collect payments,
 * on the dashboard of their product), where their money goes (the settlement status, the bank account), and the
 * signed service agreement to keep. The steps stay below, completed, for reference.
 */
export default function LiveNow({ merchant }: { merchant: Merchant }) {
  addTexts(texts);
  const agreement = useSWR(keys.agreement(merchant.uuid), (path: string) => apiFetch<AgreementFile>(path));
  const signed = agreement.data?.kyc_document?.processed_document ?? null;
  const [problem, setProblem] = useState(false);
  const bank = merchant.bank_detail as { bank_account_number?: string | null } | null | undefined;
  const account = String(bank?.bank_account_number ?? '').slice(-4);
  const settlement = SETTLEMENT_TEXTS[String(merchant.settlement_status)] ?? 'live.settlement.none';
  const collect = () => track('Dashboard CTA clicked', { cta_name: 'COLLECT PAYMENTS', page: 'onboarding_live', type: 'button', mid: merchant.mid, email: merchant.email });

  return (
    <Paper component="section" variant="outlined" aria-labelledby="live-heading" sx={{ p: 2, mb: 3, borderColor: 'success.main' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <CheckCircleIcon color="success" />
        <Typography id="live-heading" component="h2" variant="h6">
          {t('live.heading')}
        </Typography>
      </Box>
      <Typography sx={{ mb: 1 }}>{t('live.text')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('live.collectHelp')}
      </Typography>
      <Button href={productDashboardUrl(merchant.product)} onClick={collect} variant="contained" sx={{ minHeight: 44, mb: 2 }}>
        {t('live.collect')}
      </Button>
      <Typography component="h3" variant="subtitle2">
        {t('live.settlement.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="settlement-status">
        {t(settlement, { account })}
      </Typography>
      {signed && (
        <>
          <Typography component="h3" variant="subtitle2">
            {t('live.agreement.title')}
          </Typography>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setProblem(false);
              void downloadFile(signed.path, signed.filename).catch(() => setProblem(true));
            }}
            sx={{ minHeight: 44, textAlign: 'start' }}
          >
            {t('live.agreement.download')}
          </Link>
          {problem && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('live.agreement.error')}
            </Alert>
          )}
        </>
      )}
    </Paper>
  );
}
