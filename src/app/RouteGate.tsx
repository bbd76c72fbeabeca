import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../shared/router';
import { storedLeadParams } from '../shared/session/entryParams';
import { activeSession } from '../shared/session/session';
import { usePageTitle } from './pageTitle';
import { NOT_FOUND_TITLE, routeDecision, SCREEN_TITLES, type AppRoute, type RouteFacts } from './routeTable';
import { lazyWithRetry } from '../../ui/lazyWithRetry';

const MerchantGate = lazyWithRetry(() => import('./MerchantGate'));

/** Shows a route's screen when its rule allows it (routeTable.ts), else goes where the rule says. */
export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const location = useLocation();
  usePageTitle(route.screen ? SCREEN_TITLES[route.screen] : NOT_FOUND_TITLE);
  const facts: RouteFacts = { signedIn: activeSession() !== null, termsEligible: false, leadParams: storedLeadParams() };
  if (facts.signedIn && route.readsMerchant) return <MerchantGate route={route} facts={facts}>{children}</MerchantGate>;
  const decision = routeDecision(route, facts, location.pathname + location.search);
  return 'redirect' in decision ? <Navigate to={decision.redirect} replace /> : <>{children}</>;
}

/** A screen outside the route table with its page title (the not-found page of any other path). */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}
