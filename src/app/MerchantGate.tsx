import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { sessionMerchant } from '../shared/api/sessionMerchant';
import type { Merchant } from '../shared/api/types';
import { productVariant } from '../shared/products';
import { DelayedLoader } from '../shared/ui/DelayedLoader';
import { routeDecision, type AppRoute, type RouteFacts } from './routeTable';

/**
 * The gate of a route whose rule reads the merchant record (bank-details, team accounts, plans, assessment): loads the
 * session's merchant, then decides. A lazy chunk, so routes that only need a session do not load it.
 */
export default function MerchantGate({ route, facts, children }: { route: AppRoute; facts: RouteFacts; children: ReactNode }) {
  const location = useLocation();
  const [merchant, setMerchant] = useState<{ record?: Merchant } | null>(null);
  useEffect(() => {
    let live = true;
    sessionMerchant().then(
      (record) => live && setMerchant({ record }),
      () => live && setMerchant({}),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!merchant) return <DelayedLoader />;
  const decision = routeDecision(route, { ...facts, merchant: merchant.record, product: productVariant(merchant.record?.product) }, location.pathname + location.search);
  return 'redirect' in decision ? <Navigate to={decision.redirect} replace /> : <>{children}</>;
}
