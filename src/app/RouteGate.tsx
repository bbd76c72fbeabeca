import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { storedUtmParams } from '../shared/session/entryParams';
import { activeSession } from '../shared/session/session';
import { routeDecision, type AppRoute, type RouteFacts } from './routeTable';

const MerchantGate = lazy(() => import('./MerchantGate'));

/** Shows a route's screen when its rule allows it (routeTable.ts), else goes where the rule says. */
export function RouteGate({ route, children }: { route: AppRoute; children: ReactNode }) {
  const location = useLocation();
  const facts: RouteFacts = { signedIn: activeSession() !== null, termsEligible: false, utmParams: storedUtmParams() };
  if (facts.signedIn && route.readsMerchant) return <MerchantGate route={route} facts={facts}>{children}</MerchantGate>;
  const decision = routeDecision(route, facts, location.pathname + location.search);
  return 'redirect' in decision ? <Navigate to={decision.redirect} replace /> : <>{children}</>;
}
