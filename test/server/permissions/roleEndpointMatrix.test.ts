import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { appRoutes } from '../testApp';
import { checkEndpoint, endpointsIn, matrixApp, ROLES, type MatrixApp } from './roleMatrix';

let m: MatrixApp;
beforeAll(async () => {
  m = await matrixApp();
});
afterAll(() => m.close());

describe('the role × endpoint matrix', () => {
  it('classifies every route the app registers (the built app and the sandbox included), and no route that is gone', () => {
    const routes = appRoutes(m.t.app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !(route in ENDPOINTS)), 'routes to classify in test/server/permissions/endpoints.ts').toEqual([]);
    expect(Object.keys(ENDPOINTS).filter((key) => !routes.includes(key)), 'classified routes the app no longer registers').toEqual([]);
  });

  it('tries each route without a token, as the owner, six ACL roles, another merchant and three staff roles', () => {
    expect(Object.keys(ROLES)).toHaveLength(12);
  });

  describe.each(['public and session', 'merchant steps', 'documents and agreement', 'team, plans and staff'] as const)('%s', (area) => {
    it.each(endpointsIn(area))('%s, for %s: the others refused, changing nothing', async (key) => {
      expect(await checkEndpoint(m, key)).toEqual([]);
    });
  });
});
