import { message } from '../../../schemas/messages';
import { activeSession, appSource, clearSession } from '../session/session';

/** A non-OK answer of the API: its status, parsed body and the server's request id (quoted to support). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly requestId?: string,
  ) {
    super(errorText(body, status));
  }
}

/**
 * The server's id of a request that failed on the server's side (5xx), for the reference line under
 * the error text; a refusal the merchant can fix (4xx) needs no reference.
 */
export function requestIdOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 500 ? error.requestId : undefined;
}

/** Where the app sends a user whose session ended; replaced in tests. */
export const navigation = {
  toSignIn(redirectTo: string): void {
    window.location.assign(`/app/account?redirectTo=${encodeURIComponent(redirectTo)}`);
  },
  /** From /account/service_login: sign-in keeps the page's query (redirect_to and the rest), platform spec section 8. */
  toSignInKeepingQuery(search: string): void {
    window.location.assign(`/app/account${search}`);
  },
};

/** The text to show for a failed call: messages, errors or error of the body (platform spec section 8). */
export function errorText(body: Record<string, unknown>, status = 0): string {
  if (status >= 500) return message('error.server');
  for (const key of ['messages', 'errors', 'error']) {
    const value = body[key];
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.join(', ');
    if (value && typeof value === 'object') {
      const lists = Object.values(value).filter(Array.isArray) as string[][];
      if (lists.length) return lists.map((list) => list.join(', ')).join(', ');
    }
  }
  return message('error.generic');
}

/**
 * Calls the API with the stored bearer token. A 401 (except on sign-in calls) clears the
 * session and goes to sign-in with redirectTo set to where the user was.
 */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signIn?: boolean; headers?: Record<string, string> } = {}): Promise<T> {
  const session = activeSession();
  const headers: Record<string, string> = { ...init.headers, accept: 'application/json', source: appSource() };
  if (session) headers.authorization = `Bearer ${session.access_token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  } catch {
    throw new ApiRequestError(0, { error: message('error.network') });
  }
  const body = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (response.status === 401 && !init.signIn) {
    clearSession();
    if (window.location.pathname === '/account/service_login') navigation.toSignInKeepingQuery(window.location.search);
    else navigation.toSignIn(window.location.pathname.replace(/^\/app/, '') + window.location.search);
  }
  if (!response.ok) throw new ApiRequestError(response.status, body as Record<string, unknown>, response.headers.get('x-request-id') ?? undefined);
  return body as T;
}
