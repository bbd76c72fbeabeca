/**
 * One rule of a redirect allow-list, as written in the configuration:
 * - `host.example.com`: that host exactly, over https on its default port;
 * - `*.example.com`: any host under example.com (not example.com itself), over https on the default port;
 * - `https://host.example.com:8443` or `http://127.0.0.1:8080`: that origin exactly (scheme, host and port).
 */
export type HostRule = { kind: 'host'; host: string } | { kind: 'suffix'; suffix: string } | { kind: 'origin'; origin: string };

/** A rule read from the configuration, or the reason it cannot be one. */
export type ParsedHostRule = { rule: HostRule } | { problem: string };

const HOST_NAME = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/;

/** Hosts are compared as the URL API writes them: lower case, IDN in punycode (xn--), no trailing dot. */
function canonicalHost(host: string): string | null {
  try {
    const url = new URL(`https://${host}/`);
    return url.hostname === host && url.port === '' && HOST_NAME.test(host) ? host : null;
  } catch {
    return null;
  }
}

/** Reads one configured entry (see {@link HostRule}); an entry the URL API would rewrite is refused, not guessed at. */
export function parseHostRule(entry: string): ParsedHostRule {
  if (entry.includes('://')) {
    try {
      const url = new URL(entry);
      const plain = (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
      if (plain && canonicalHost(url.hostname) && url.origin === entry.replace(/\/$/, '')) return { rule: { kind: 'origin', origin: url.origin } };
    } catch {
      // refused below
    }
    return { problem: `"${entry}" is not an origin written as the URL API writes it (https://host[:port], lower case, nothing after the host)` };
  }
  if (entry.startsWith('*.')) {
    const suffix = canonicalHost(entry.slice(2));
    return suffix && suffix.includes('.') ? { rule: { kind: 'suffix', suffix } } : { problem: `"${entry}" is not a *.domain rule with a lower-case, punycode domain` };
  }
  const host = canonicalHost(entry);
  return host ? { rule: { kind: 'host', host } } : { problem: `"${entry}" is not a lower-case host name (punycode for IDN)` };
}

/** Reads a list of configured entries; throws one error naming every bad entry. */
export function hostRulesFrom(entries: readonly string[]): HostRule[] {
  const parsed = entries.map(parseHostRule);
  const problems = parsed.flatMap((result) => ('problem' in result ? [result.problem] : []));
  if (problems.length) throw new Error(problems.join('; '));
  return parsed.flatMap((result) => ('rule' in result ? [result.rule] : []));
}

/** The Content-Security-Policy source that admits the same hosts as a rule (form-action of the business form post). */
export function cspSourceOf(rule: HostRule): string {
  if (rule.kind === 'origin') return rule.origin;
  return rule.kind === 'host' ? `https://${rule.host}` : `https://*.${rule.suffix}`;
}

// Whitespace, control characters, backslashes and non-ASCII letters: the URL API drops, rewrites or maps them (a tab
// vanishes, `\` becomes `/`, a full-width `ａ` becomes `a`), so a target holding any is refused rather than reinterpreted.
const REWRITTEN_BY_PARSER = /[^\x21-\x7e]|\\/;

function matches(url: URL, rule: HostRule): boolean {
  if (rule.kind === 'origin') return url.origin === rule.origin;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return rule.kind === 'host' ? url.hostname === rule.host : url.hostname.endsWith(`.${rule.suffix}`);
}

/**
 * The redirect target as an absolute URL when it is allowed, else null. Only an absolute http(s) URL is considered
 * (no scheme-relative `//host`, no path, no `javascript:` or `data:`), without user name or password, whose host
 * (as the URL API parses it) meets a rule exactly: a host named in a query, a user name or a longer host never counts.
 */
export function allowedRedirect(target: unknown, rules: readonly HostRule[]): URL | null {
  if (typeof target !== 'string' || target === '' || REWRITTEN_BY_PARSER.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.username || url.password || !/^https?:$/.test(url.protocol)) return null;
  return rules.some((rule) => matches(url, rule)) ? url : null;
}
