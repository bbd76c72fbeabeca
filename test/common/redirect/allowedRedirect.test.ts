import { describe, expect, it } from 'vitest';
import { allowedRedirect, cspSourceOf, hostRulesFrom, parseHostRule } from '../../../common/redirect/allowedRedirect';

const RULES = hostRulesFrom(['allowed.com', '*.provider.in', 'http://127.0.0.1:8080']);

describe('allowedRedirect()', () => {
  const refused: Array<[string, string | undefined]> = [
    ['a scheme-relative address', '//evil.com'],
    ['a scheme-relative address to the allowed host', '//allowed.com/x'],
    ['a path of this site', '/app/onboarding'],
    ['the allowed host as a label of a longer host', 'https://allowed.com.evil.com'],
    ['a longer host ending in the allowed name', 'https://notallowed.com'],
    ['the allowed host named in the query', 'https://evil.com/?x=allowed.com'],
    ['the allowed host named in the path', 'https://evil.com/allowed.com'],
    ['the allowed host named in the fragment', 'https://evil.com#allowed.com'],
    ['the allowed host as a user name', 'https://allowed.com@evil.com'],
    ['user name and password on the allowed host', 'https://user:secret@allowed.com/'],
    ['a user name on the allowed host', 'https://user@allowed.com/'],
    ['a backslash after the scheme', 'https:\\\\evil.com'],
    ['a backslash after the scheme, allowed host', 'https:\\\\allowed.com'],
    ['a slash and a backslash', '/\\evil.com'],
    ['a backslash in the authority', 'https://allowed.com\\@evil.com'],
    ['a mixed-case foreign host', 'https://EVIL.com'],
    ['a mixed-case longer host', 'https://ALLOWED.COM.evil.com'],
    ['an IDN look-alike (Cyrillic a)', 'https://\u0430llowed.com/'],
    ['a punycode look-alike', 'https://xn--llowed-2nf.com/'],
    ['a full-width look-alike', 'https://\uff41llowed.com/'],
    ['javascript:', 'javascript:alert(document.domain)//allowed.com'],
    ['mixed-case JavaScript:', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a leading space', ' https://allowed.com/'],
    ['a tab inside the scheme', 'ht\ttps://allowed.com/'],
    ['a newline inside the host', 'https://allo\nwed.com/'],
    ['a NUL character', 'https://allowed.com\u0000.evil.com/'],
    ['a trailing non-breaking space', 'https://allowed.com/\u00a0'],
    ['a percent-encoded dot joining hosts', 'https://allowed.com%2eevil.com/'],
    ['a percent-encoded slash in the host', 'https://evil.com%2fallowed.com/'],
    ['a percent-encoded at sign', 'https://allowed.com%40evil.com/'],
    ['an encoded whole address', 'https%3A%2F%2Fallowed.com%2F'],
    ['an encoded scheme-relative address', '%2F%2Fevil.com'],
    ['plain http to an https-only host', 'http://allowed.com/'],
    ['another port of an https-only host', 'https://allowed.com:8443/'],
    ['a trailing dot', 'https://allowed.com./'],
    ['the bare domain of a suffix rule', 'https://provider.in/'],
    ['a host ending like the suffix without the dot', 'https://evilprovider.in/'],
    ['another port of an allowed origin', 'http://127.0.0.1:8081/'],
    ['https to an http origin', 'https://127.0.0.1:8080/'],
    ['an IP address written in hex for an allowed origin', 'http://0x7f000001:8081/'],
    ['ftp', 'ftp://allowed.com/'],
    ['an empty string', ''],
    ['no string at all', undefined],
  ];
  it.each(refused)('refuses %s', (_name, target) => {
    expect(allowedRedirect(target, RULES)).toBeNull();
  });

  const allowed: Array<[string, string, string]> = [
    ['the host', 'https://allowed.com', 'https://allowed.com/'],
    ['a path, query and fragment', 'https://allowed.com/merchant-dashboard/?a=1&b=two#/transactions', 'https://allowed.com/merchant-dashboard/?a=1&b=two#/transactions'],
    ['the explicit default port', 'https://allowed.com:443/x', 'https://allowed.com/x'],
    ['the host in mixed case (the same host)', 'HTTPS://Allowed.COM/x', 'https://allowed.com/x'],
    ['a host under a suffix rule', 'https://dashboard.provider.in/home', 'https://dashboard.provider.in/home'],
    ['a deeper host under a suffix rule', 'https://a.b.provider.in/', 'https://a.b.provider.in/'],
    ['an exact origin with its port', 'http://127.0.0.1:8080/sandbox?x=1', 'http://127.0.0.1:8080/sandbox?x=1'],
    ['an IP address written in hex for an allowed origin (the same address)', 'http://0x7f000001:8080/', 'http://127.0.0.1:8080/'],
  ];
  it.each(allowed)('allows %s', (_name, target, href) => {
    expect(allowedRedirect(target, RULES)?.href).toBe(href);
  });

  it('allows nothing with an empty list', () => {
    expect(allowedRedirect('https://allowed.com/', [])).toBeNull();
  });
});

describe('parseHostRule()', () => {
  it.each(['allowed.com', '*.provider.in', 'https://a.example.com:8443', 'http://127.0.0.1:8080', 'xn--80ak6aa92e.com'])('reads %s', (entry) => {
    expect(parseHostRule(entry)).toHaveProperty('rule');
  });
  it.each(['Allowed.com', 'allowed.com.', 'allowed.com:8443', '*.com', '*.', 'аllowed.com', 'https://allowed.com/path', 'https://user@allowed.com', 'ftp://allowed.com', 'https://Allowed.com', 'allowed.com/x', '', 'https://*.allowed.com'])('refuses %j', (entry) => {
    expect(parseHostRule(entry)).toHaveProperty('problem');
  });
  it('names every bad entry of a list at once', () => {
    expect(() => hostRulesFrom(['ok.com', 'Bad.com', 'bad/'])).toThrow(/Bad\.com.*bad\//);
  });
  it('gives the Content-Security-Policy source of each rule', () => {
    expect(RULES.map(cspSourceOf)).toEqual(['https://allowed.com', 'https://*.provider.in', 'http://127.0.0.1:8080']);
  });
});
