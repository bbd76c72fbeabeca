import ServiceLoginPage from './ServiceLoginPage';
import ServiceLogoutPage from './ServiceLogoutPage';

/** /account/service_logout or /account/service_login, by the page's path (both live outside the /app router). */
export default function HandoffScreen() {
  return window.location.pathname === '/account/service_logout' ? <ServiceLogoutPage /> : <ServiceLoginPage />;
}
