import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from '../shared/router';
import { DelayedLoader } from '../shared/ui/DelayedLoader';
import { RouteGate, Titled } from './RouteGate';
import { APP_ROUTES, NOT_FOUND_TITLE, type ScreenName } from './routeTable';

const NotFoundPage = lazy(() => import('../features/notFound/NotFoundPage'));

/** The lazy screen of each name the route table uses. */
const SCREENS: Record<ScreenName, LazyExoticComponent<ComponentType>> = {
  signIn: lazy(() => import('../features/account/SignInPage')),
  unlock: lazy(() => import('../features/account/UnlockPage')),
  onboarding: lazy(() => import('../features/onboarding/OnboardingPage')),
  nowBank: lazy(() => import('../features/now/NowBankPage')),
  pennyDetails: lazy(() => import('../features/now/PennyDetailsPage')),
  ops: lazy(() => import('../features/ops/OpsPage')),
  teamAccounts: lazy(() => import('../features/team/TeamAccountsPage')),
  oauthAuthorize: lazy(() => import('../features/oauth/OAuthAuthorizePage')),
  welcome: lazy(() => import('../features/welcome/WelcomePage')),
  assessment: lazy(() => import('../features/assessment/AssessmentPage')),
  plans: lazy(() => import('../features/plans/PlansPage')),
  terms: lazy(() => import('../features/terms/TermsPage')),
  password: lazy(() => import('../features/password/PasswordPage')),
  aggregator: lazy(() => import('../features/aggregator/AggregatorPage')),
  merchantSwitch: lazy(() => import('../features/merchantSwitch/MerchantSwitchPage')),
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
