import { lazyWithRetry } from '../../ui/lazyWithRetry';

/** The paths of the hand-off screens outside /app (platform spec section 2). */
export const HANDOFF_PATHS: readonly string[] = ['/account/service_login', '/account/service_logout'];

/** The hand-off screen of the page's path: one lazy chunk, loaded only on those paths. */
export const HandoffScreen = lazyWithRetry(() => import('../features/handoff/HandoffScreen'));
