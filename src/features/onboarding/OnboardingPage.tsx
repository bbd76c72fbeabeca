import { Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import journey from '../../../schemas/steps/journey.json';
import { evaluate, type StepFlags } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import { AppHeader } from '../../app/AppHeader';
import { useMerchant, useMerchants, usePermissions } from '../../shared/api/hooks';
import { activeSession } from '../../shared/session/session';
import { t } from '../../shared/ui/t';
import { OnboardingTabs } from './OnboardingTabs';
import { stepScreens } from './stepScreens';
import { StepRow } from './StepRow';
import { tabVisibility } from './tabVisibility';

const PROFILE_EDIT = ['update_user_profile', 'update_profile_restricted'];

/** /onboarding: the activation steps in their two groups, each step's status from the rules. */
export default function OnboardingPage() {
  const { pathname } = useLocation();
  const merchants = useMerchants();
  const uuid = activeSession()?.merchant_uuid ?? merchants.data?.[0]?.uuid;
  const { data: merchant, error, mutate } = useMerchant(uuid);
  const permissions = usePermissions(merchant?.mid);
  const flags = useMemo(() => (merchant ? (evaluate(merchant, rulesConfig) as Record<string, StepFlags | undefined>) : null), [merchant]);
  const [open, setOpen] = useState<string | null>(null);

  const failed = error ?? merchants.error ?? permissions.error;
  if (failed) {
    return (
      <Page title={t('onboarding.title')}>
        <Alert severity="error">{t('onboarding.loadFailed')}</Alert>
      </Page>
    );
  }
  if (!merchant || !flags || !permissions.data) {
    return (
      <Page title={t('onboarding.title')}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 3 }}>
          <CircularProgress size={24} />
          <Typography>{t('onboarding.loading')}</Typography>
        </Box>
      </Page>
    );
  }

  const canEdit = permissions.data.some((name) => PROFILE_EDIT.includes(name));
  const firstTodo = journey.groups.flatMap((group) => group.steps).find((step) => stepScreens[step.id] && flags[step.id]?.todo)?.id ?? null;
  const renderScreen = (stepId: string) => {
    const Screen = stepScreens[stepId];
    if (!Screen) return undefined;
    return (
      <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
        <Screen merchant={merchant} readonly={!canEdit || !flags[stepId]!.editable} onSaved={(saved) => mutate(saved, { revalidate: false })} />
      </Suspense>
    );
  };
  const openStep = open ?? firstTodo;
  const tabs = tabVisibility(merchant);

  return (
    <Page title={String(merchant.name ?? t('onboarding.title'))} tabs={<OnboardingTabs visibility={tabs} />}>
      {pathname === '/onboarding' ? (
        journey.groups.map((group) => (
          <Paper key={group.id} component="section" variant="outlined" sx={{ mb: 3 }} aria-labelledby={`${group.id}-label`}>
            <Box sx={{ px: 2, pt: 2, pb: 1 }}>
              <Typography id={`${group.id}-label`} component="h2" variant="overline" color="text.secondary">
                {t(group.label)}
              </Typography>
              {group.title && (
                <Typography component="p" variant="h6">
                  {t(group.title)}
                </Typography>
              )}
            </Box>
            {group.steps
              .filter((step) => flags[step.id] && !flags[step.id]!.hidden && !flags[step.id]!.omitted)
              .map((step) => (
                <StepRow key={step.id} id={step.id} title={t(step.title)} flags={flags[step.id]!} expanded={openStep === step.id} onToggle={() => setOpen(openStep === step.id ? '' : step.id)}>
                  {renderScreen(step.id)}
                </StepRow>
              ))}
          </Paper>
        ))
      ) : (
        <Alert severity="info">{t('onboarding.notYetAvailable')}</Alert>
      )}
    </Page>
  );
}

function Page({ title, tabs, children }: { title: string; tabs?: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <AppHeader title={title} />
      <Container component="main" maxWidth="md" sx={{ px: { xs: 1, sm: 3 }, py: 2 }}>
        <Typography component="h1" sx={visuallyHidden}>
          {t('onboarding.title')}
        </Typography>
        {tabs && <Box sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>{tabs}</Box>}
        {children}
      </Container>
    </>
  );
}
