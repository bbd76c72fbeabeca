// Anything the URL API would drop, rewrite or decode (whitespace, control characters, backslashes, non-ASCII letters,
// percent escapes) is refused outright rather than compared after reinterpretation.
const REWRITTEN_OR_ENCODED = /[^\x21-\x7e]|\\|%/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The URL of a redirect URI fit to be registered or named: absolute https (http on loopback only), no user name, password or fragment. */
function plainRedirectUri(value: string): URL | null {
  if (REWRITTEN_OR_ENCODED.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!scheme || url.username || url.password || url.hash || value.includes('#')) return null;
  return url;
}

/**
 * Whether a partner's redirect URI can be registered: {@link plainRedirectUri}, and written exactly as the URL API
 * writes it (lower-case scheme and host, no default port, a path), so a request can be compared with it as a string.
 */
export function isRegistrableRedirectUri(value: string): boolean {
  return plainRedirectUri(value)?.href === value;
}

/**
 * The redirect URI of an authorize request when it is exactly the partner's registered one, else null. Both the text
 * and the parsed scheme, host, port, path and query must agree: no extra path, no added query, no user name, no case
 * change, no backslash or percent escape, no default port written out.
 */
export function registeredRedirectUri(given: unknown, registered: string): URL | null {
  if (typeof given !== 'string' || given !== registered) return null;
  const url = plainRedirectUri(given);
  const expected = plainRedirectUri(registered);
  if (!url || !expected || url.href !== given) return null;
  const same = url.protocol === expected.protocol && url.hostname === expected.hostname && url.port === expected.port && url.pathname === expected.pathname && url.search === expected.search;
  return same ? url : null;
}
