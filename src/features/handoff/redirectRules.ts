import { authApi } from '../../shared/api/auth';
import { hostRulesFrom, type HostRule } from '../../../common/redirect/allowedRedirect';
import { LOGOUT_TARGET_NAMES, type LogoutTargets } from '../../../common/redirect/logoutTargets';

/**
 * The allow-list of a hand-off screen, as the server's configuration gives it (GET /api/v1/app_config:
 * REDIRECT_HOSTS for service_login; with LOGOUT_REDIRECT_HOSTS for service_logout). The server checked the entries at
 * start; an answer that is not a list of good entries allows nothing.
 */
export async function redirectRules(which: 'redirect_hosts' | 'logout_redirect_hosts'): Promise<HostRule[]> {
  const list = (await authApi.appConfig())[which];
  if (!Array.isArray(list) || !list.every((entry): entry is string => typeof entry === 'string')) return [];
  try {
    return hostRulesFrom(list);
  } catch {
    return [];
  }
}

/** The product logout targets of the server's configuration (LOGOUT_URLS), by name; strings only. */
export async function logoutTargets(): Promise<LogoutTargets> {
  const targets = (await authApi.appConfig()).logout_urls;
  if (!targets || typeof targets !== 'object') return {};
  return Object.fromEntries(Object.entries(targets).filter(([name, url]) => (LOGOUT_TARGET_NAMES as readonly string[]).includes(name) && typeof url === 'string'));
}
