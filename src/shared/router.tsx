import {
  Children,
  createContext,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

// The app's router: the part of React Router's API the app uses (BrowserRouter with a basename, MemoryRouter for
// tests, Routes and Route with static paths, splats and index routes, nested Routes, Navigate, Link, useNavigate,
// useLocation, useSearchParams), with React Router's meanings. React Router ships as one module of 12 KiB gzip, most of
// it data routers, loaders and actions the app does not use, on every first load; this is under 1.5 KiB.

/** Where the app is: a path under the basename, its query (with `?`), hash and history state. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** A target: an absolute path (`/onboarding?x=1`), one relative to the route (`staff`), or `..` with `relative="path"`. */
export type To = string;
type NavigateFunction = (to: To, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  /** Moves to an absolute path (with its query and hash). */
  go(path: string, options?: NavigateOptions): void;
  /** The href of an absolute path (with the basename). */
  href(path: string): string;
}

const RouterContext = createContext<RouterValue | null>(null);
/** The path the enclosing route matched (without its splat): relative targets and nested routes start from it. */
const RouteBaseContext = createContext('');

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks need a BrowserRouter or MemoryRouter above them');
  return router;
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};
const currentHref = () => window.location.pathname + window.location.search + window.location.hash;

/** The location of `href` (a path with query and hash) under `basename`. */
function locationOf(href: string, basename: string, state: unknown): Location {
  const { pathname, search, hash } = new URL(href, 'http://app');
  const inApp = pathname === basename ? '/' : basename && pathname.startsWith(`${basename}/`) ? pathname.slice(basename.length) : pathname;
  return { pathname: inApp, search, hash, state };
}

/** The router of the app in the browser: the address bar under `basename`, with the browser's history. */
export function BrowserRouter({ basename = '', children }: { basename?: string; children: ReactNode }) {
  const href = useSyncExternalStore(subscribe, currentHref);
  const value = useMemo<RouterValue>(
    () => ({
      location: locationOf(href, basename, window.history.state as unknown),
      go(path, options) {
        window.history[options?.replace ? 'replaceState' : 'pushState'](options?.state ?? null, '', basename + path);
        for (const listener of listeners) listener();
      },
      href: (path) => basename + path,
    }),
    [href, basename],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** A router kept in memory (tests): it starts at the last of `initialEntries` (full paths, with the basename). */
export function MemoryRouter({ basename = '', initialEntries = ['/'], children }: { basename?: string; initialEntries?: string[]; children: ReactNode }) {
  const [entry, setEntry] = useState(() => ({ href: initialEntries[initialEntries.length - 1] ?? '/', state: null as unknown }));
  const value = useMemo<RouterValue>(
    () => ({
      location: locationOf(entry.href, basename, entry.state),
      go: (path, options) => setEntry({ href: basename + path, state: options?.state ?? null }),
      href: (path) => basename + path,
    }),
    [entry, basename],
  );
  return <RouterContext value={value}>{children}</RouterContext>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** The absolute path (with query and hash, an empty one dropped) of `to` from the enclosing route at `location`. */
function resolve(to: To, base: string, location: Location, relative?: 'path' | 'route'): string {
  const [path = '', search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(to)!.slice(1);
  let pathname = path;
  if (!path.startsWith('/')) {
    const segments = (relative === 'path' ? location.pathname : base).split('/').filter(Boolean);
    for (const segment of path.split('/')) {
      if (segment === '..') segments.pop();
      else if (segment && segment !== '.') segments.push(segment);
    }
    pathname = `/${segments.join('/')}`;
  }
  return pathname + (search.length > 1 ? search : '') + (hash.length > 1 ? hash : '');
}

export function useNavigate(): NavigateFunction {
  const { go, location } = useRouter();
  const base = useContext(RouteBaseContext);
  return useCallback((to, options) => go(resolve(to, base, location), options), [go, base, location]);
}

/** The location's query, and a way to replace it. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { location, go } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      go(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [go, location.pathname],
  );
  return [params, set];
}

/** Moves to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  relative?: 'path' | 'route';
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link within the app: a real `<a href>` (opens in a new tab, copies), followed in place on a plain click. */
export function Link({ to, relative, replace, state, onClick, target, ...anchor }: LinkProps) {
  const router = useRouter();
  const base = useContext(RouteBaseContext);
  const path = resolve(to, base, router.location, relative);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && (!target || target === '_self');
    if (event.defaultPrevented || !plain) return;
    event.preventDefault();
    router.go(path, { replace, state });
  };
  return <a {...anchor} target={target} href={router.href(path)} onClick={follow} />;
}

interface RouteProps {
  /** A static path (`/account`, `staff`), one ending in a splat (`/onboarding/*`), or `*` for any other path. */
  path?: string;
  /** The route of the enclosing route's own path. */
  index?: boolean;
  element: ReactNode;
}

/** One route of a {@link Routes}; it renders nothing itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/**
 * The element of the route that matches the location, as React Router ranks them: a path matched whole, else the
 * longest splat that matches, else `*`. Paths are relative to the enclosing route's.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const base = useContext(RouteBaseContext);
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route);
  const here = location.pathname.replace(/\/+$/, '') || '/';
  let best: { element: ReactNode; base: string; rank: number } | undefined;
  for (const { props } of routes) {
    const splat = props.path === '*' || props.path?.endsWith('/*') === true;
    const own = props.index ? base || '/' : resolve((props.path ?? '').replace(/\/?\*$/, '') || '.', base, location);
    const matches = splat ? here === own || here.startsWith(own === '/' ? '/' : `${own}/`) : here === own;
    if (!matches) continue;
    const rank = splat ? (props.path === '*' ? 0 : own.length) : Number.MAX_SAFE_INTEGER;
    if (!best || rank > best.rank) best = { element: props.element, base: own === '/' ? '' : own, rank };
  }
  return best ? <RouteBaseContext value={best.base}>{best.element}</RouteBaseContext> : null;
}
