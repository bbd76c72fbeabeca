import rulesConfig from '../../../rules/config';
import { evaluateStatus } from '../../../rules/evaluate';
import { apiFetch } from '../../shared/api/fetcher';
import type { Merchant, MerchantSummary } from '../../shared/api/types';
import { activeSession } from '../../shared/session/session';
import { redirectRules } from './redirectRules';
import { redirectTarget, signedInStep, signInHref, type ServiceLoginStep } from './serviceLoginHandoff';

/**
 * Works out the step of /account/service_login for the page's query: the allow-list from the server, the stored
 * session, the merchants call and the merchant record (profileCompleted is the rules' status of that name).
 */
export async function serviceLoginStep(query: URLSearchParams): Promise<ServiceLoginStep> {
  const target = redirectTarget(query, await redirectRules('redirect_hosts'));
  if (!(target instanceof URL)) return target;
  const session = activeSession();
  if (!session) return { kind: 'signIn', href: signInHref(query) };
  const { merchants } = await apiFetch<{ merchants: MerchantSummary[] }>('/api/v1/merchants');
  const chosen = session.merchant_uuid ? merchants.find((summary) => summary.uuid === session.merchant_uuid) : merchants[0];
  const mids = merchants.map((summary) => summary.mid);
  if (!chosen) return signedInStep(target, query, { token: session.access_token, merchant: undefined, mids, profileCompleted: false });
  const { merchant } = await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${encodeURIComponent(chosen.uuid)}`);
  const profileCompleted = evaluateStatus(merchant, rulesConfig).profileCompleted === true;
  return signedInStep(target, query, { token: session.access_token, merchant, mids, profileCompleted });
}
