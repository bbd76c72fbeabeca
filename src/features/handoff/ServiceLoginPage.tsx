import { useEffect, useRef, useState } from 'react';
import { authApi } from '../../shared/api/auth';
import { ApiRequestError } from '../../shared/api/fetcher';
import { clearSession } from '../../shared/session/session';
import { DelayedLoader } from '../../shared/ui/DelayedLoader';
import { t } from '../../shared/ui/t';
import { HandoffMessage } from './HandoffMessage';
import { loadHandoffTexts } from './handoffTexts';
import type { ServiceLoginStep } from './serviceLoginHandoff';
import { serviceLoginStep } from './serviceLoginStep';

type Shown = ServiceLoginStep | { kind: 'failed' } | { kind: 'working' };

/**
 * /account/service_login (platform spec section 2): hands the signed-in user to another of the provider's products.
 * Refusals and failures show the spec's texts; every other step leaves the page (a 401 on the way already went to
 * /app/account with the query, see the fetcher).
 */
export default function ServiceLoginPage() {
  loadHandoffTexts();
  const [shown, setShown] = useState<Shown>({ kind: 'working' });
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let live = true;
    serviceLoginStep(new URLSearchParams(window.location.search)).then(
      (step) => live && setShown(step),
      (error: unknown) => live && setShown(error instanceof ApiRequestError && error.status === 401 ? { kind: 'working' } : { kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (shown.kind === 'signIn' || shown.kind === 'redirect') window.location.replace(shown.href);
    if (shown.kind === 'post') form.current?.submit();
    if (shown.kind === 'logout') {
      const href = shown.href;
      void authApi
        .logout()
        .catch(() => undefined)
        .then(() => {
          clearSession();
          window.location.replace(href);
        });
    }
  }, [shown]);

  if (shown.kind === 'refused' && shown.reason === 'notProvided') return <HandoffMessage title={t('handoff.notProvided')} />;
  if (shown.kind === 'refused') return <HandoffMessage title={t('handoff.notAllowedTitle')} detail={t('handoff.notAllowed')} />;
  if (shown.kind === 'failed') return <HandoffMessage title={t('handoff.failed')} />;
  return (
    <>
      <DelayedLoader />
      {shown.kind === 'post' && (
        <form ref={form} method="post" action={shown.action} hidden>
          <input type="hidden" name="authToken" value={shown.fields.authToken} />
          <input type="hidden" name="merchantId" value={shown.fields.merchantId} />
        </form>
      )}
    </>
  );
}
