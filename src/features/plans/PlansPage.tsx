import { useState } from 'react';
import { useNavigate } from '../../shared/router';
import useSWRImmutable from 'swr/immutable';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import en from '../../../schemas/messages/plans.en.json';
import { addTexts } from '../../../schemas/messages';
import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import { useMerchant } from '../../shared/api/hooks';
import { productDashboardUrl } from '../../shared/productDashboard';
import { t } from '../../shared/ui/t';
import { chooseStarter, fetchPricingPlans, generatePaymentParams, PRICING_PLANS_KEY, submitPaymentForm, type PlanFeature, type PricingPlan } from './plansApi';

const texts = { en };

const rupees = (amount: number) => amount.toLocaleString('en-IN');

function PlanPrice({ plan }: { plan: PricingPlan }) {
  if (plan.total === 0) return <Typography variant="h6" component="p">{t('plans.free')}</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Typography variant="h6" component="p">
        {t('plans.perYear', { total: rupees(plan.total) })}
      </Typography>
      {plan.list_price !== null && (
        <Typography component="s" color="text.secondary" aria-label={t('plans.listPriceLabel', { price: rupees(plan.list_price) })}>
          {t('plans.listPrice', { price: rupees(plan.list_price) })}
        </Typography>
      )}
      {plan.discount_percent !== null && (
        <Typography component="span" color="success.main" sx={{ fontWeight: 600 }}>
          {t('plans.discount', { percent: plan.discount_percent })}
        </Typography>
      )}
    </Box>
  );
}

const FeatureValue = ({ value }: { value: boolean | string }) =>
  typeof value === 'string' ? <>{value}</> : value ? <CheckIcon color="success" fontSize="small" titleAccess={t('plans.included')} /> : <span aria-label={t('plans.notIncluded')}>–</span>;

function Comparison({ plans, features }: { plans: PricingPlan[]; features: PlanFeature[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button aria-expanded={open} aria-controls="plan-comparison" onClick={() => setOpen(!open)} sx={{ textTransform: 'none' }}>
        {t('plans.compare')}
      </Button>
      <Collapse in={open} id="plan-comparison">
        <Table size="small" sx={{ '& td, & th': { px: 0.75, fontSize: 13 } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">{t('plans.feature')}</TableCell>
              {plans.map((plan) => (
                <TableCell key={plan.name} component="th" scope="col" align="center">{plan.name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {features.map((feature) => (
              <TableRow key={feature.name}>
                <TableCell component="th" scope="row">{feature.name}</TableCell>
                {plans.map((plan, index) => (
                  <TableCell key={plan.name} align="center">
                    <FeatureValue value={feature.values[index] ?? false} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Collapse>
    </Box>
  );
}

/**
 * The plans screen (platform spec sections 2 and 7, /app/plans): Starter, Business Plus and Business Premium cards
 * from the master data, a collapsible comparison, and a paid plan's review (CHANGE, PROCEED TO PAY), whose payment
 * posts a hidden form to the payment page. Starter turns new_merchant off and goes to /app/onboarding. A payment that
 * fails to start goes, silently, to the product dashboard (spec section 8).
 */
export default function PlansPage() {
  addTexts(texts);
  const navigate = useNavigate();
  const { summary } = useCurrentMerchant();
  const merchant = useMerchant(summary?.uuid).data;
  const plans = useSWRImmutable(PRICING_PLANS_KEY, fetchPricingPlans);
  const [reviewed, setReviewed] = useState<PricingPlan>();
  const [busy, setBusy] = useState(false);
  if (!plans.data || !merchant) return <LinearProgress aria-label={t('plans.loading')} />;

  const dashboard = productDashboardUrl(merchant.product);
  const select = async (plan: PricingPlan) => {
    if (plan.cs_plan_name !== null) return setReviewed(plan);
    setBusy(true);
    try {
      await chooseStarter(merchant.mid);
      navigate('/onboarding');
    } catch {
      setBusy(false);
    }
  };
  const pay = async (plan: PricingPlan) => {
    setBusy(true);
    try {
      submitPaymentForm(await generatePaymentParams(merchant.mid, plan.cs_plan_name!));
    } catch {
      window.location.assign(dashboard);
    }
  };

  return (
    <>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box aria-hidden sx={{ width: 36, height: 36, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: 20 }}>
          ₹
        </Box>
        <Box sx={{ flex: 1 }} />
        {!reviewed && (
          <Link href={dashboard} sx={{ py: 1.5 }}>
            {merchant.new_merchant === true ? t('plans.exploreDashboard') : t('plans.cancel')}
          </Link>
        )}
      </Box>
      <Box component="main" sx={{ p: 2, maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
        {reviewed ? (
          <Card variant="outlined" component="section" aria-labelledby="plan-review">
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography id="plan-review" variant="h5" component="h1">
                {t('plans.review.title')}
              </Typography>
              <Typography variant="h6" component="h2">
                {reviewed.name}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 0.5, m: 0, '& dd': { m: 0, textAlign: 'right' } }}>
                <dt>{t('plans.review.price')}</dt>
                <dd>₹{rupees(reviewed.price)}</dd>
                <dt>{t('plans.review.gst', { percent: reviewed.gst_percent })}</dt>
                <dd>₹{rupees(reviewed.total - reviewed.price)}</dd>
                <Box component="dt" sx={{ fontWeight: 700 }}>{t('plans.review.total')}</Box>
                <Box component="dd" sx={{ fontWeight: 700 }}>₹{rupees(reviewed.total)}</Box>
              </Box>
              <Typography variant="subtitle1" component="h3">
                {t('plans.review.benefits')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {plans.data.features
                  .filter((feature) => feature.values[plans.data!.pricing_plans.indexOf(reviewed)])
                  .map((feature) => {
                    const value = feature.values[plans.data!.pricing_plans.indexOf(reviewed)];
                    return <li key={feature.name}>{typeof value === 'string' ? `${feature.name}: ${value}` : feature.name}</li>;
                  })}
              </Box>
            </CardContent>
            <CardActions sx={{ gap: 1 }}>
              <Button variant="outlined" fullWidth disabled={busy} onClick={() => setReviewed(undefined)}>
                {t('plans.change')}
              </Button>
              <Button variant="contained" fullWidth disabled={busy} onClick={() => void pay(reviewed)}>
                {t('plans.proceed')}
              </Button>
            </CardActions>
          </Card>
        ) : (
          <>
            <Typography variant="h5" component="h1">
              {t('plans.title')}
            </Typography>
            {plans.data.pricing_plans.map((plan, index) => (
              <Card key={plan.name} variant="outlined" component="section" aria-labelledby={`plan-${index}`}>
                <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                  <Typography id={`plan-${index}`} variant="h6" component="h2">
                    {plan.name}
                  </Typography>
                  <PlanPrice plan={plan} />
                  <Typography color="text.secondary">{plan.summary}</Typography>
                </CardContent>
                <CardActions>
                  <Button variant={plan.cs_plan_name === null ? 'outlined' : 'contained'} fullWidth disabled={busy} onClick={() => void select(plan)}>
                    {t('plans.select', { name: plan.name })}
                  </Button>
                </CardActions>
              </Card>
            ))}
            <Comparison plans={plans.data.pricing_plans} features={plans.data.features} />
          </>
        )}
      </Box>
    </>
  );
}
