import { useEffect, useState } from 'react';
import { authApi } from '../../shared/api/auth';
import { ApiRequestError } from '../../shared/api/fetcher';
import { sessionMerchant } from '../../shared/api/sessionMerchant';
import { activeSession, clearSession } from '../../shared/session/session';
import { DelayedLoader } from '../../shared/ui/DelayedLoader';
import { t } from '../../shared/ui/t';
import { HandoffMessage } from './HandoffMessage';
import { loadHandoffTexts } from './handoffTexts';
import { logoutTargets, redirectRules } from './redirectRules';
import { logoutDestination } from './serviceLoginHandoff';

/** Ends the session on the server; true when it ended (or had already: 401), false when the call failed. */
async function endSession(): Promise<boolean> {
  try {
    await authApi.logout();
    return true;
  } catch (error) {
    return error instanceof ApiRequestError && error.status === 401;
  }
}

/**
 * /account/service_logout (platform spec section 2): reads the user's dashboard preference and product, ends the
 * session here and on the server, then goes to the page's logout address or the product's logout target when the
 * logout allow-list (product, help and onboarding hosts) admits it, else to /app. A failure of the logout call (other
 * than an already ended session) shows '400 Something went wrong.'.
 */
export default function ServiceLogoutPage() {
  loadHandoffTexts();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const signedIn = activeSession() !== null;
    void (async () => {
      const merchant = signedIn ? await sessionMerchant().catch(() => undefined) : undefined;
      const ended = signedIn ? await endSession() : true;
      const [rules, targets] = await Promise.all([redirectRules('logout_redirect_hosts').catch(() => []), logoutTargets().catch(() => ({}))]);
      clearSession();
      if (ended) window.location.replace(logoutDestination(query, rules, targets, merchant));
      else setFailed(true);
    })();
  }, []);
  return failed ? <HandoffMessage title={t('handoff.failed')} /> : <DelayedLoader />;
}
