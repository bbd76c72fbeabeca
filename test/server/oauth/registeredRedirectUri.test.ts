import { describe, expect, it } from 'vitest';
import { isRegistrableRedirectUri, registeredRedirectUri } from '../../../server/oauth/registeredRedirectUri';

const REGISTERED = 'https://partner.example.com/oauth/callback';

describe('registeredRedirectUri()', () => {
  it('accepts the registered URI written exactly', () => {
    expect(registeredRedirectUri(REGISTERED, REGISTERED)?.href).toBe(REGISTERED);
  });

  it('accepts a registered query written exactly', () => {
    const withQuery = 'https://partner.example.com/cb?tenant=7';
    expect(registeredRedirectUri(withQuery, withQuery)?.href).toBe(withQuery);
  });

  const refused: Array<[string, unknown]> = [
    ['an extra path segment', `${REGISTERED}/more`],
    ['a parent-directory path', 'https://partner.example.com/oauth/callback/../../evil'],
    ['a dot segment that parses to the same path', 'https://partner.example.com/oauth/./callback'],
    ['a trailing slash', `${REGISTERED}/`],
    ['a shorter path', 'https://partner.example.com/oauth'],
    ['an added query', `${REGISTERED}?next=https://evil.com`],
    ['an empty query', `${REGISTERED}?`],
    ['a fragment', `${REGISTERED}#x`],
    ['a user name', 'https://evil.com@partner.example.com/oauth/callback'],
    ['the registered host as a user name', 'https://partner.example.com@evil.com/oauth/callback'],
    ['user name and password', 'https://u:p@partner.example.com/oauth/callback'],
    ['upper case in the path', 'https://partner.example.com/OAuth/callback'],
    ['upper case in the host', 'https://PARTNER.example.com/oauth/callback'],
    ['upper case in the scheme', 'HTTPS://partner.example.com/oauth/callback'],
    ['a backslash in the path', 'https://partner.example.com\\oauth\\callback'],
    ['a backslash to another host', 'https:\\\\evil.com/oauth/callback'],
    ['a percent-encoded path character', 'https://partner.example.com/oauth/c%61llback'],
    ['a percent-encoded slash', 'https://partner.example.com/oauth%2Fcallback'],
    ['a percent-encoded host', 'https://partner.example.com%2eevil.com/oauth/callback'],
    ['the whole URI percent-encoded', encodeURIComponent(REGISTERED)],
    ['a longer host', 'https://partner.example.com.evil.com/oauth/callback'],
    ['another subdomain', 'https://evil.partner.example.com/oauth/callback'],
    ['plain http', 'http://partner.example.com/oauth/callback'],
    ['the default port written out', 'https://partner.example.com:443/oauth/callback'],
    ['another port', 'https://partner.example.com:8443/oauth/callback'],
    ['a trailing dot on the host', 'https://partner.example.com./oauth/callback'],
    ['a scheme-relative address', '//partner.example.com/oauth/callback'],
    ['a path only', '/oauth/callback'],
    ['javascript:', 'javascript:alert(1)//partner.example.com/oauth/callback'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a leading space', ` ${REGISTERED}`],
    ['a trailing newline', `${REGISTERED}\n`],
    ['a tab inside', 'https://partner.example.com/oauth/\tcallback'],
    ['a NUL character', `${REGISTERED}\u0000`],
    ['a Cyrillic look-alike host', 'https://p\u0430rtner.example.com/oauth/callback'],
    ['a full-width look-alike', 'https://\uff50artner.example.com/oauth/callback'],
    ['an empty string', ''],
    ['no string at all', undefined],
    ['a number', 42],
  ];
  it.each(refused)('refuses %s', (_name, given) => {
    expect(registeredRedirectUri(given, REGISTERED)).toBeNull();
  });
});

describe('isRegistrableRedirectUri()', () => {
  it.each([REGISTERED, 'http://127.0.0.1:8080/sandbox/partner/callback', 'http://localhost:3000/cb', 'https://partner.example.com/cb?tenant=7'])('accepts %s', (uri) => {
    expect(isRegistrableRedirectUri(uri)).toBe(true);
  });

  it.each([
    'http://partner.example.com/cb',
    'https://PARTNER.example.com/cb',
    'https://partner.example.com',
    'https://partner.example.com:443/cb',
    'https://u@partner.example.com/cb',
    'https://partner.example.com/cb#x',
    'https://partner.example.com/c%61',
    'javascript:alert(1)',
    '/cb',
  ])('refuses %s', (uri) => {
    expect(isRegistrableRedirectUri(uri)).toBe(false);
  });
});
