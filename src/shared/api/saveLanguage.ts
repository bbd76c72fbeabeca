import { activeSession } from '../session/session';

/**
 * Tells the server the signed-in user's language (PUT /api/v1/user/language), in which it writes their e-mails and
 * SMS. Sent with keepalive, so it outlives the reload that follows; nothing is sent before sign-in.
 */
export function saveLanguage(language: string): void {
  const session = activeSession();
  if (!session) return;
  void fetch('/api/v1/user/language', {
    method: 'PUT',
    keepalive: true,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ language }),
  }).catch(() => undefined);
}
