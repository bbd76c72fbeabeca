/** The app's unlock screen (a route of src/app/routeTable.ts, under the app's /app base): the unlock link opens it. */
export const UNLOCK_ROUTE = '/account/unlock';

/**
 * The link of a sign-in lock's unlock instruction: the unlock screen on the app's public origin, with the locked
 * identity and its one-use code filled in (the server sends it; the screen reads both from the query).
 */
export function unlockLink(publicUrl: string, identity: string, code: string): string {
  return `${publicUrl}/app${UNLOCK_ROUTE}?${new URLSearchParams({ identity, code })}`;
}
