import { Link as RouterLink } from '../../shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import en from '../../../schemas/messages/welcome.en.json';
import { addTexts } from '../../../schemas/messages';
import { evaluateStatus } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import { AppHeader } from '../../app/AppHeader';
import { track } from '../../shared/analytics/analytics';
import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import { useMerchant } from '../../shared/api/hooks';
import { t } from '../../shared/ui/t';
import { productDashboardUrl } from '../../shared/productDashboard';

const texts = { en };

const nameOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The welcome screen (platform spec section 2, /app/welcome): the greeting, ACTIVATE ACCOUNT (to /onboarding),
 * COLLECT PAYMENTS (to the product's dashboard, with the 'Dashboard CTA clicked' event) and the Go Premium nudge when
 * the `goPremium` status rule (rules/status.json) holds.
 */
export default function WelcomePage() {
  addTexts(texts);
  const { summary } = useCurrentMerchant();
  const merchant = useMerchant(summary?.uuid).data;
  if (!merchant) return <LinearProgress aria-label={t('common.loading')} />;

  const name = nameOf(merchant.name) ?? nameOf(merchant.business_name);
  const goPremium = evaluateStatus(merchant, rulesConfig).goPremium === true;
  const collectPayments = () =>
    track('Dashboard CTA clicked', { cta_name: 'COLLECT PAYMENTS', page: 'welcome', type: 'button', mid: merchant.mid, email: merchant.email });

  return (
    <>
      <AppHeader merchantName={nameOf(merchant.business_name) ?? summary?.name ?? undefined} />
      <Box component="main" sx={{ p: 2, maxWidth: 560, mx: 'auto', display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {name ? t('welcome.greeting', { name }) : t('welcome.greetingNoName')}
          </Typography>
          <Typography color="text.secondary">{t('welcome.question')}</Typography>
        </Box>
        <Card variant="outlined">
          <CardContent>
            <Typography>{t('welcome.activateHelp')}</Typography>
          </CardContent>
          <CardActions>
            <Button component={RouterLink} to="/onboarding" variant="contained" fullWidth>
              {t('welcome.activate')}
            </Button>
          </CardActions>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography>{t('welcome.collectHelp')}</Typography>
          </CardContent>
          <CardActions>
            <Button href={productDashboardUrl(merchant.product)} onClick={collectPayments} variant="outlined" fullWidth>
              {t('welcome.collect')}
            </Button>
          </CardActions>
        </Card>
        {goPremium && (
          <Card variant="outlined" component="section" aria-labelledby="go-premium" sx={{ borderColor: 'primary.main' }}>
            <CardContent>
              <Typography id="go-premium" variant="h6" component="h2">
                {t('welcome.premium.title')}
              </Typography>
              <Typography>{t('welcome.premium.text')}</Typography>
            </CardContent>
            <CardActions>
              <Button component={RouterLink} to="/plans">
                {t('welcome.premium.action')}
              </Button>
            </CardActions>
          </Card>
        )}
      </Box>
    </>
  );
}
