import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { t } from '../shared/ui/t';
import { RequireSession } from './RequireSession';

const SignInPage = lazy(() => import('../features/account/SignInPage'));
const OnboardingPage = lazy(() => import('../features/onboarding/OnboardingPage'));
const NotFoundPage = lazy(() => import('../features/notFound/NotFoundPage'));
const NowBankPage = lazy(() => import('../features/now/NowBankPage'));
const PennyDetailsPage = lazy(() => import('../features/now/PennyDetailsPage'));
const OpsPage = lazy(() => import('../features/ops/OpsPage'));

/** Lazy screens show a loader only after 300 ms (platform spec section 2). */
function DelayedLoader() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  ) : null;
}

/** The routes under /app. */
export function App() {
  return (
    <Suspense fallback={<DelayedLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to="/account" replace />} />
        <Route path="/account" element={<SignInPage />} />
        <Route path="/account/signin" element={<SignInPage />} />
        <Route path="/onboarding/*" element={<RequireSession><OnboardingPage /></RequireSession>} />
        <Route path="/bank-details" element={<RequireSession><NowBankPage /></RequireSession>} />
        <Route path="/penny-details" element={<RequireSession><PennyDetailsPage /></RequireSession>} />
        <Route path="/ops/*" element={<RequireSession><OpsPage /></RequireSession>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
