import type { ProductVariant } from '../productHosts';

/** The names a logout target is configured under: the one-dashboard preference, then each product variant. */
export const LOGOUT_TARGET_NAMES = ['one_dashboard', 'business', 'money', 'now'] as const satisfies ReadonlyArray<'one_dashboard' | ProductVariant>;

/** Product logout addresses by name (server setting LOGOUT_URLS). */
export type LogoutTargets = Partial<Record<(typeof LOGOUT_TARGET_NAMES)[number], string>>;
