import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { call, signInStaff, testApp, type TestApp } from '../testApp';

let t: TestApp;
let admin: string;
/** A fixture body the console keeps (the first stored one). */
let fixtureBody: unknown;

const FIXTURES = '/api/v1/ops/document-requirements/fixtures';
/** Fixture names holding NUL, as a path carries them (percent-encoded): text PostgreSQL cannot store. */
const NUL_NAMES = ['%00', 'a%00b', 'Partnership%20documents%00'];

beforeAll(async () => {
  t = await testApp();
  admin = await signInStaff(t, 'ops_admin');
  fixtureBody = (await call(t, admin, 'GET', FIXTURES)).json().fixtures[0].body;
});
afterAll(() => t.close());

const fixtureState = async () => ({
  fixtures: await t.db.query('select name, body from requirement_fixtures order by name'),
  audit: (await t.db.query('select id from ops_audit')).length,
});

describe('operations fixture names', () => {
  it('refuses to save a fixture whose name holds NUL (422 on name), keeping every fixture and the audit as they were', async () => {
    const before = await fixtureState();
    for (const name of NUL_NAMES) {
      const answer = await call(t, admin, 'PUT', `${FIXTURES}/${name}`, { body: fixtureBody });
      expect(answer.statusCode, name).toBe(422);
      expect(answer.json()).toEqual({ errors: { name: [message('validation.invalidCharacters')] } });
    }
    expect(await fixtureState()).toEqual(before);
  });

  it('answers 404 to deleting a fixture whose name holds NUL (no fixture has one), deleting nothing', async () => {
    const before = await fixtureState();
    for (const name of NUL_NAMES) {
      const answer = await call(t, admin, 'DELETE', `${FIXTURES}/${name}`);
      expect(answer.statusCode, name).toBe(404);
      expect(answer.json()).toEqual({ error: message('error.notFound'), code: 'NOT_FOUND' });
    }
    expect(await fixtureState()).toEqual(before);
  });

  it('still saves and deletes a fixture named with other characters', async () => {
    const name = encodeURIComponent('Société — ü 😀');
    expect((await call(t, admin, 'PUT', `${FIXTURES}/${name}`, { body: fixtureBody })).statusCode).toBe(200);
    expect((await call(t, admin, 'DELETE', `${FIXTURES}/${name}`)).json()).toEqual({ deleted: 'Société — ü 😀' });
  });
});
