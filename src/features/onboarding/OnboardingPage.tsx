import { Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from '../../shared/router';
import useSWR from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import journey from '../../../schemas/steps/journey.json';
import { evaluate, evaluateAll } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import { AppHeader } from '../../app/AppHeader';
import { apiFetch } from '../../shared/api/fetcher';
import { currentMerchantUuid } from '../../shared/api/currentMerchant';
import { useMerchant, useMerchants, usePermissions } from '../../shared/api/hooks';
import { useProfileChannel } from '../../shared/api/useProfileChannel';
import type { Merchant } from '../../shared/api/types';
import { StatusSnackbar } from '../../shared/ui/StatusSnackbar';
import { t } from '../../shared/ui/t';
import { JourneyProgress } from './JourneyProgress';
import { isDueNow, isShown, stepProgress, stepTitleKey, stepToOpen, type JourneyFlags } from './journeySteps';
import { OnboardingTabs } from './OnboardingTabs';
import { useRedirectAfterBankVerified } from './penny/useRedirectAfterBankVerified';
import { DocumentsPage } from '../documents';
import { hasScreen, LazyStepScreen } from './stepScreens';
import { StepRow } from './StepRow';
import { tabVisibility } from './tabVisibility';
import { useKeepInView } from './useKeepInView';
import { ProgressBar } from '../../../ui/ProgressBar';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

// The Website tab (its thread's reply box brings the text input) loads with the tab, not with the stepper.
const WebsiteTab = lazyWithRetry(() => import('./WebsiteTab').then((module) => ({ default: module.WebsiteTab })));
// The end state loads once every step is completed: no merchant waits for it on the way.
const LiveNow = lazyWithRetry(() => import('./LiveNow'));

const PROFILE_EDIT = ['update_user_profile', 'update_profile_restricted'];


/**
 * /onboarding: the activation steps in their two groups, each step's status and reason from the
 * rules, with the page heading, notice and progress at the top. After a step is saved the page
 * confirms it, closes the step and opens the next to-do step.
 */
export default function OnboardingPage() {
  const { pathname } = useLocation();
  const merchants = useMerchants();
  const uuid = currentMerchantUuid(merchants.data);
  const { data: merchant, error, mutate } = useMerchant(uuid);
  const permissions = usePermissions(merchant?.mid);
  const rules = useMemo(() => (merchant ? evaluateAll(merchant, rulesConfig) : null), [merchant]);
  useProfileChannel(merchant?.uuid);
  const flags = rules?.steps as JourneyFlags | undefined;
  // The open step: null lets the rules choose (the first to-do step); '' is none.
  const [open, setOpen] = useState<string | null>(null);
  // The rules choose once, when the record first arrives: a change that arrives later (the live channel, another
  // member's save) never moves the merchant to another step; a save or a click does.
  if (open === null && flags) setOpen(stepToOpen(flags, hasScreen) ?? '');
  // A link may ask for a step (`/onboarding?step=<id>`: another step's way to it, a message's link): it opens once per
  // asking, if the merchant can open it (shown, not locked, with a screen).
  const [params] = useSearchParams();
  const asked = params.get('step');
  const [answered, setAnswered] = useState<string | null>(null);
  const [arriving, setArriving] = useState<string | null>(null);
  if (asked !== answered && flags) {
    setAnswered(asked);
    const step = asked ? flags[asked] : undefined;
    if (asked && isShown(step) && !step.locked && hasScreen(asked)) {
      setOpen(asked);
      setArriving(asked);
    }
  }
  const chosen = open ?? (flags ? stepToOpen(flags, hasScreen) : null);
  const redirecting = useRedirectAfterBankVerified(
    rules ? rules.status.bankVerified === true : undefined,
    rules ? (rules.status.bankVerifiedRedirect as string | null) : undefined,
    pathname === '/onboarding' && chosen === journey.bankVerifiedRedirectFrom,
  );
  // `arriving` (above): the step to bring into view once its row has opened or closed after a save or a link.
  const [confirmation, setConfirmation] = useState({ message: '', open: false, count: 0 });
  const keepInView = useKeepInView();
  // The step open now, for a save that completes after the merchant has opened another one.
  const openNow = useRef<string | null>(null);
  useLayoutEffect(() => {
    openNow.current = flags ? chosen : null;
  });

  // A user who acts for no merchant has nothing to fill here: operations staff go to their console.
  if (merchants.data && merchants.data.length === 0 && !uuid) return <NoMerchant />;
  const failed = error ?? merchants.error ?? permissions.error;
  if (failed) {
    return (
      <Page>
        <Alert severity="error">{t('onboarding.loadFailed')}</Alert>
      </Page>
    );
  }
  if (!merchant || !rules || !flags || !permissions.data) {
    return (
      <Page>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 3 }}>
          <CircularProgress size={24} />
          <Typography>{t('onboarding.loading')}</Typography>
        </Box>
      </Page>
    );
  }

  const canEdit = permissions.data.some((name) => PROFILE_EDIT.includes(name));
  const onSaved = (stepId: string) => (saved: Merchant, options?: { stay?: boolean }) => {
    void mutate(saved, { revalidate: false });
    const next = options?.stay ? null : stepToOpen(evaluate(saved, rulesConfig) as JourneyFlags, hasScreen, stepId);
    // A merchant who opened another step while this one was saving stays there: only the confirmation shows.
    const elsewhere = openNow.current !== null && openNow.current !== '' && openNow.current !== stepId;
    if (!elsewhere) {
      setOpen(options?.stay ? stepId : (next ?? ''));
      setArriving(next ?? stepId);
    }
    const step = t(stepTitleKey(stepId));
    const message = next ? t('onboarding.savedNext', { step, next: t(stepTitleKey(next)) }) : t('onboarding.saved', { step });
    setConfirmation(({ count }) => ({ message, open: true, count: count + 1 }));
  };
  // SKIP FOR NOW: the next to-do step opens; this one stays to do.
  const skip = (stepId: string) => {
    const next = stepToOpen(flags, hasScreen, stepId);
    setOpen(next ?? '');
    setArriving(next);
  };
  const renderScreen = (stepId: string) => {
    if (!hasScreen(stepId)) return undefined;
    return (
      <Suspense fallback={<ProgressBar label={t('common.loading')} />}>
        <LazyStepScreen
          stepId={stepId}
          merchant={merchant}
          readonly={!canEdit || !flags[stepId]!.editable}
          mayAct={canEdit && !flags[stepId]!.locked}
          permitted={canEdit}
          onSaved={onSaved(stepId)}
          onChanged={(changed) => void mutate(changed, { revalidate: false })}
          onSkipped={flags[stepId]!.todo ? () => skip(stepId) : undefined}
        />
      </Suspense>
    );
  };
  // The step a save opened is brought into view (header focused) each time a row finishes opening or closing: the
  // saved step closing above it moves it after it opened. A click on any row ends this.
  const bringArrivingIntoView = () => {
    if (arriving) keepInView(`${arriving}-header`);
  };
  const openStep = chosen;
  const tabs = tabVisibility(merchant);
  const notice = rules.status.journeyNotice;
  const progress = stepProgress(flags);
  const live = rules.status.activationJourney === true && progress.total > 0 && progress.done === progress.total;
  const dueStep = journey.groups.flatMap((group) => group.steps).find((step) => hasScreen(step.id) && isDueNow(flags[step.id]));
  const openDue = (stepId: string) => {
    setOpen(stepId);
    setArriving(stepId);
    keepInView(`${stepId}-header`);
  };

  return (
    <Page merchantName={typeof merchant.name === 'string' && merchant.name ? merchant.name : undefined} heading={live ? t('onboarding.heading.live') : t(String(rules.status.journeyHeading))} tabs={<OnboardingTabs visibility={tabs} product={merchant.product} documentsDue={isDueNow(flags['additional-documents'])} />}>
      {pathname === '/onboarding' ? (
        <>
          {typeof notice === 'string' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t(notice)}
            </Alert>
          )}
          {redirecting && (
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              {t('penny.redirecting')}
            </Alert>
          )}
          {live && (
            <Suspense fallback={<ProgressBar label={t('common.loading')} />}>
              <LiveNow merchant={merchant} />
            </Suspense>
          )}
          <JourneyProgress done={progress.done} total={progress.total} due={dueStep ? { id: dueStep.id, title: t(dueStep.title) } : null} onOpenDue={openDue} />
          {journey.groups.map((group) => (
            <Paper key={group.id} component="section" variant="outlined" sx={{ mb: 3 }} aria-labelledby={`${group.id}-label`}>
              <Box sx={{ px: 2, pt: 2, pb: 1 }}>
                <Typography id={`${group.id}-label`} component="h2" variant="overline" color="text.secondary">
                  {t(group.label)}
                </Typography>
              </Box>
              {group.steps
                .filter((step) => isShown(flags[step.id]))
                .map((step) => (
                  <StepRow
                    key={step.id}
                    id={step.id}
                    title={t(step.title)}
                    flags={flags[step.id]!}
                    expanded={openStep === step.id}
                    onToggle={() => {
                      setArriving(null);
                      setOpen(openStep === step.id ? '' : step.id);
                    }}
                    onSettled={bringArrivingIntoView}
                  >
                    {renderScreen(step.id)}
                  </StepRow>
                ))}
            </Paper>
          ))}
        </>
      ) : pathname === '/onboarding/website' && tabs.website ? (
        <Suspense fallback={<ProgressBar label={t('common.loading')} />}>
          <WebsiteTab
            merchant={merchant}
            flags={flags['website-details']!}
            reviewLabel={typeof rules.status.websiteStatusLabel === 'string' ? rules.status.websiteStatusLabel : null}
            canEdit={canEdit}
            onChanged={(changed) => void mutate(changed, { revalidate: false })}
          />
        </Suspense>
      ) : pathname === '/onboarding/documents' ? (
        <Suspense fallback={<ProgressBar label={t('common.loading')} />}>
          <DocumentsPage merchant={merchant} canEdit={canEdit} />
        </Suspense>
      ) : (
        // A tab this merchant does not have (the Website tab of a NOW merchant): their profile, where every step is.
        <Navigate to="/onboarding" replace />
      )}
      {/* Outside the tabs: a confirmation runs out once, whichever tab the merchant moves to (shown again on coming back
          to the profile, it covered the next dialog's title). */}
      <StatusSnackbar
        key={confirmation.count}
        message={confirmation.message}
        open={confirmation.open}
        onClose={() => setConfirmation((shown) => ({ ...shown, open: false }))}
      />
    </Page>
  );
}

/** The page frame: app bar, one h1 (the rules' heading once the record is known), header tabs. */
function Page({ merchantName, heading, tabs, children }: { merchantName?: string; heading?: string; tabs?: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <AppHeader merchantName={merchantName} />
      <Container component="main" maxWidth="md" sx={{ px: { xs: 1, sm: 3 }, py: 2 }}>
        <Typography component="h1" variant="h5" sx={heading ? { mb: 1.5, px: { xs: 1, sm: 0 } } : visuallyHidden}>
          {heading ?? t('onboarding.title')}
        </Typography>
        {tabs && <Box sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>{tabs}</Box>}
        {children}
      </Container>
    </>
  );
}

/** For a user who acts for no merchant: staff are taken to the operations console, anyone else is told why. */
function NoMerchant() {
  // The same key and answer as the console's own role query (src/features/ops/api.ts): the role, or an error.
  const staff = useSWR('/api/v1/ops/me', (path: string) => apiFetch<{ role: string }>(path).then((body) => body.role), { shouldRetryOnError: false });
  if (staff.data) return <Navigate to="/ops" replace />;
  return (
    <Page>
      {staff.isLoading ? <ProgressBar label={t('common.loading')} /> : <Alert severity="info">{t('onboarding.noMerchant')}</Alert>}
    </Page>
  );
}
