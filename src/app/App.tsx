import { Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from '../shared/router';
import { DelayedLoader } from '../shared/ui/DelayedLoader';
import { RouteGate, Titled } from './RouteGate';
import { APP_ROUTES, NOT_FOUND_TITLE, type ScreenName } from './routeTable';
import { lazyWithRetry } from '../../ui/lazyWithRetry';

const NotFoundPage = lazyWithRetry(() => import('../features/notFound/NotFoundPage'));

/** The lazy screen of each name the route table uses. */
const SCREENS: Record<ScreenName, ComponentType> = {
  signIn: lazyWithRetry(() => import('../features/account/SignInPage')),
  unlock: lazyWithRetry(() => import('../features/account/UnlockPage')),
  onboarding: lazyWithRetry(() => import('../features/onboarding/OnboardingPage')),
  nowBank: lazyWithRetry(() => import('../features/now/NowBankPage')),
  nowDisplayName: lazyWithRetry(() => import('../features/now/DisplayNamePage')),
  pennyDetails: lazyWithRetry(() => import('../features/now/PennyDetailsPage')),
  ops: lazyWithRetry(() => import('../features/ops/OpsPage')),
  teamAccounts: lazyWithRetry(() => import('../features/team/TeamAccountsPage')),
  oauthAuthorize: lazyWithRetry(() => import('../features/oauth/OAuthAuthorizePage')),
  welcome: lazyWithRetry(() => import('../features/welcome/WelcomePage')),
  assessment: lazyWithRetry(() => import('../features/assessment/AssessmentPage')),
  plans: lazyWithRetry(() => import('../features/plans/PlansPage')),
  terms: lazyWithRetry(() => import('../features/terms/TermsPage')),
  password: lazyWithRetry(() => import('../features/password/PasswordPage')),
  aggregator: lazyWithRetry(() => import('../features/aggregator/AggregatorPage')),
  merchantSwitch: lazyWithRetry(() => import('../features/merchantSwitch/MerchantSwitchPage')),
};

/** The routes under /app, from the route table (src/app/routeTable.ts); any other path shows the not-found page. */
export function App() {
  return (
    <Suspense fallback={<DelayedLoader />}>
      <Routes>
        <Route path="/" element={<Navigate to="/account" replace />} />
        {APP_ROUTES.map((route) => {
          const Screen = route.screen ? SCREENS[route.screen] : NotFoundPage;
          // Keyed by route: a gate decides afresh on each route it guards (moving from the terms to onboarding must not
          // reuse the merchant record the terms' gate read before they were accepted).
          return <Route key={route.path} path={route.path} element={<RouteGate key={route.path} route={route}><Screen /></RouteGate>} />;
        })}
        <Route path="*" element={<Titled title={NOT_FOUND_TITLE}><NotFoundPage /></Titled>} />
      </Routes>
    </Suspense>
  );
}
