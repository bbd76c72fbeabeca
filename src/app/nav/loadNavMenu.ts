/**
 * Loads the header's menus. The top bar imports this one-line module rather than the menus: the list of chunks a
 * lazy import preloads is written into the importing chunk, and the menus' (about twenty chunks) would otherwise sit
 * in the first load of every screen with a top bar.
 */
export const loadNavMenu = () => import('./NavMenu');
