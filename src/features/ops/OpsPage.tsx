import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { extendCatalogues } from '../../../schemas/messages';
import opsTexts from '../../../schemas/messages/ops.en.json';
import { AppHeader } from '../../app/AppHeader';
import { ApiRequestError } from '../../shared/api/fetcher';
import { t } from '../../shared/ui/t';
import { useStaffRole } from './api';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

const RequirementsPanel = lazyWithRetry(() => import('./RequirementsPanel'));
const ReviewQueuePanel = lazyWithRetry(() => import('./ReviewQueuePanel'));
const AuditPanel = lazyWithRetry(() => import('./AuditPanel'));
const FixturesPanel = lazyWithRetry(() => import('./FixturesPanel'));

const TABS = ['requirements', 'fixtures', 'review', 'audit'] as const;
type TabName = (typeof TABS)[number];

/**
 * The operations console (/app/ops): the document requirements as versions (draft, check, publish, roll back), the
 * review queue and the audit list. Staff only: the server checks the role on every call; the page only hides what
 * the role may not do.
 */
export default function OpsPage() {
  // The console's texts load with it: merchants never download them.
  extendCatalogues(opsTexts);
  const role = useStaffRole();
  const [tab, setTab] = useState<TabName>('requirements');

  let content;
  if (role.error) {
    const notStaff = role.error instanceof ApiRequestError && role.error.status === 403;
    content = <Alert severity={notStaff ? 'info' : 'error'}>{t(notStaff ? 'ops.notStaff' : 'ops.loadFailed')}</Alert>;
  } else if (!role.data) {
    content = <LinearProgress aria-label={t('common.loading')} />;
  } else {
    const mayEdit = role.data === 'ops_admin';
    const mayReview = role.data !== 'ops_viewer';
    content = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('ops.role', { role: t(`ops.role.${role.data}`) })}
        </Typography>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs value={tab} onChange={(_event, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile aria-label={t('ops.title')}>
            {TABS.map((name) => (
              <Tab key={name} value={name} label={t(`ops.tab.${name}`)} id={`ops-tab-${name}`} aria-controls={`ops-panel-${name}`} sx={{ minHeight: 48 }} />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`ops-panel-${tab}`} aria-labelledby={`ops-tab-${tab}`}>
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            {tab === 'requirements' && <RequirementsPanel mayEdit={mayEdit} />}
            {tab === 'fixtures' && <FixturesPanel mayEdit={mayEdit} />}
            {tab === 'review' && <ReviewQueuePanel mayReview={mayReview} />}
            {tab === 'audit' && <AuditPanel />}
          </Suspense>
        </Box>
      </>
    );
  }

  return (
    <>
      <AppHeader />
      <Container component="main" maxWidth="lg" sx={{ px: { xs: 1, sm: 3 }, py: 2 }}>
        <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
          {t('ops.title')}
        </Typography>
        {content}
      </Container>
    </>
  );
}
