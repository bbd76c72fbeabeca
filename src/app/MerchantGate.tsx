import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '../shared/router';
import { sessionMerchant, sessionMerchants } from '../shared/api/sessionMerchant';
import type { Merchant, MerchantSummary } from '../shared/api/types';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { hostVariant, PRODUCTS, productVariant } from '../shared/products';
import { DelayedLoader } from '../shared/ui/DelayedLoader';
import { routeDecision, type AppRoute, type RouteFacts } from './routeTable';

/**
 * The gate of a route whose rule reads the merchant record (bank-details, terms, onboarding, team accounts, plans,
 * assessment): loads the session's merchant, then decides (the terms check by the `termsRequired` status). A lazy
 * chunk, so routes that only need a session do not load it.
 */
export default function MerchantGate({ route, facts, children }: { route: AppRoute; facts: RouteFacts; children: ReactNode }) {
  const location = useLocation();
  const [merchant, setMerchant] = useState<{ record?: Merchant; merchants?: MerchantSummary[] } | null>(null);
  useEffect(() => {
    let live = true;
    // The user's merchants too, for a rule that counts them (AppRoute.readsMerchants); absent if that call fails.
    const merchants = route.readsMerchants ? sessionMerchants().catch(() => undefined) : undefined;
    Promise.all([sessionMerchant(), merchants]).then(
      ([record, list]) => live && setMerchant({ record, merchants: list }),
      () => live && setMerchant({}),
    );
    return () => {
      live = false;
    };
  }, [route.readsMerchants]);
  if (!merchant) return <DelayedLoader />;
  const record = merchant.record;
  const termsEligible = record !== undefined && evaluateStatus(record, rulesConfig, { requestedProduct: PRODUCTS[hostVariant()] }).termsRequired === true;
  const decision = routeDecision(route, { ...facts, merchant: record, merchants: merchant.merchants, product: productVariant(record?.product), termsEligible }, location.pathname + location.search);
  return 'redirect' in decision ? <Navigate to={decision.redirect} replace /> : <>{children}</>;
}
