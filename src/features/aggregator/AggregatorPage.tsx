import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from '../../shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import journey from '../../../schemas/steps/journey.json';
import en from '../../../schemas/messages/aggregator.en.json';
import { addTexts } from '../../../schemas/messages';
import { AppHeader } from '../../app/AppHeader';
import { useCurrentMerchant } from '../../shared/api/currentMerchant';
import { ApiRequestError } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';
import { hasScreen, JourneyProgress, stepLine, stepStatus, stepTitleKey } from '../onboarding';
import { useChild, useChildren, type ChildSummary, type ChildView } from './aggregatorApi';

const texts = { en };

const nameOf = (merchant: Pick<ChildSummary, 'name' | 'business_name'>) => merchant.name?.trim() || merchant.business_name?.trim() || t('aggregator.noName');
const statusOf = (error: unknown) => (error instanceof ApiRequestError ? error.status : 0);

/**
 * The aggregator page (platform spec sections 1-2): the current merchant's child merchants, each a link that sets the
 * childUUID query parameter; with childUUID, that child read-only (name, MID, product and its activation steps with
 * the statuses its own stepper shows). The server decides what the merchant may see; when it is not an aggregator
 * (the children call answers 404) the page says so.
 */
export default function AggregatorPage() {
  addTexts(texts);
  const [params] = useSearchParams();
  const childUuid = params.get('childUUID');
  const { uuid, summary, merchants } = useCurrentMerchant();
  const children = useChildren(uuid);
  const child = useChild(children.data ? uuid : undefined, childUuid);
  const merchantName = summary?.name?.trim() || undefined;

  let content: ReactNode;
  const failed = merchants.error ?? children.error;
  if (failed) content = <ChildrenRefused status={statusOf(failed)} merchantName={merchantName} />;
  else if (!children.data) content = <LinearProgress aria-label={t('common.loading')} />;
  else if (!childUuid) content = <ChildList items={children.data} />;
  else if (child.error) content = <ChildRefused status={statusOf(child.error)} />;
  else if (!child.data) content = <LinearProgress aria-label={t('common.loading')} />;
  else content = <ChildDetails child={child.data} />;

  return (
    <>
      <AppHeader merchantName={merchantName} />
      <Box component="main" sx={{ p: 2, maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
        {content}
      </Box>
    </>
  );
}

function ChildrenRefused({ status, merchantName }: { status: number; merchantName?: string }) {
  let text = t('onboarding.loadFailed');
  if (status === 404) text = merchantName ? t('aggregator.notAggregator', { name: merchantName }) : t('aggregator.notAggregatorNoName');
  else if (status === 403) text = t('noAccess.generic');
  return (
    <>
      <Typography variant="h5" component="h1">
        {t('aggregator.title')}
      </Typography>
      <Alert severity={status === 404 ? 'info' : 'error'}>{text}</Alert>
    </>
  );
}

function ChildList({ items }: { items: ChildSummary[] }) {
  return (
    <>
      <Box>
        <Typography id="aggregator-title" variant="h5" component="h1">
          {t('aggregator.title')}
        </Typography>
        <Typography color="text.secondary">{t('aggregator.intro')}</Typography>
      </Box>
      {items.length === 0 ? (
        <Alert severity="info">{t('aggregator.empty')}</Alert>
      ) : (
        <Paper variant="outlined">
          <List aria-labelledby="aggregator-title" disablePadding>
            {items.map((item, index) => (
              <ListItem key={item.uuid} disablePadding divider={index < items.length - 1}>
                <ListItemButton component={RouterLink} to={`/aggregator?${new URLSearchParams({ childUUID: item.uuid })}`}>
                  <ListItemText
                    primary={nameOf(item)}
                    secondary={[t('aggregator.mid', { mid: item.mid }), item.product && t('aggregator.product', { product: item.product })].filter(Boolean).join(' · ')}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}

function BackToList() {
  return (
    <Button component={RouterLink} to="/aggregator" startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start', minHeight: 44 }}>
      {t('aggregator.back')}
    </Button>
  );
}

function ChildRefused({ status }: { status: number }) {
  return (
    <>
      <BackToList />
      <Alert severity={status === 404 ? 'warning' : 'error'}>{status === 404 ? t('aggregator.childNotFound') : t('onboarding.loadFailed')}</Alert>
    </>
  );
}

function ChildDetails({ child }: { child: ChildView }) {
  const byId = new Map(child.steps.map((step) => [step.id as string, step]));
  return (
    <>
      <BackToList />
      <Box>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {nameOf(child)}
        </Typography>
        <Typography>{t('aggregator.mid', { mid: child.mid })}</Typography>
        {child.product && <Typography>{t('aggregator.product', { product: child.product })}</Typography>}
      </Box>
      <Alert severity="info">{t('aggregator.readOnly')}</Alert>
      <Paper variant="outlined" component="section" aria-labelledby="child-steps" sx={{ p: 2 }}>
        <Typography id="child-steps" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('aggregator.steps')}
        </Typography>
        <JourneyProgress done={child.progress.done} total={child.progress.total} />
        {journey.groups.map((group) => {
          const steps = group.steps.flatMap((step) => byId.get(step.id) ?? []);
          if (!steps.length) return null;
          return (
            <Box key={group.id} component="section" aria-labelledby={`group-${group.id}`}>
              <Typography id={`group-${group.id}`} variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                {t(group.label)}
              </Typography>
              <List dense disablePadding>
                {steps.map((step) => {
                  // The status the child's own stepper shows for the step (src/features/onboarding/StepRow.tsx).
                  const status = stepStatus(step, hasScreen(step.id));
                  return (
                    <ListItem key={step.id} data-step={step.id} data-status={status.label} disableGutters divider sx={{ gap: 1.5, alignItems: 'flex-start' }}>
                      <Box component="span" aria-hidden sx={{ display: 'flex', pt: 0.75 }}>
                        {status.icon}
                      </Box>
                      <ListItemText primary={t(stepTitleKey(step.id))} secondary={stepLine(step)} sx={{ minWidth: 0 }} />
                      <Chip label={status.label} color={status.color} size="small" variant={status.color === 'default' ? 'outlined' : 'filled'} sx={{ mt: 0.75, flexShrink: 0 }} />
                    </ListItem>
                  );
                })}
              </List>
            </Box>
          );
        })}
      </Paper>
    </>
  );
}
