import { authApi } from '../../shared/api/auth';
import { sendToHost } from '../../shared/host/hostMessaging';
import { clearSession } from '../../shared/session/session';

/** Ends the server session, clears local data, tells a native app or embedding page, and goes to /app/account. */
export async function logout(): Promise<void> {
  await authApi.logout().catch(() => undefined);
  clearSession();
  // A native app or an embedding page closes its view of the app.
  sendToHost({ event: 'Logout' });
  window.location.assign('/app/account');
}
