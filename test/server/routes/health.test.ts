import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../server/app';
import { emptyDatabase, testApp, type TestApp } from '../testApp';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers while the process is up', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready when the database is reachable and migrated', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'ready' });
  });

  it('GET /readyz answers 503 on a database whose migrations are not applied', async () => {
    const db = await emptyDatabase();
    const app = await build({ db, appDir: '/nonexistent/', config: { logLevel: 'silent' } });
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ status: 'not ready', reason: 'migrations pending', pending: expect.arrayContaining(['001_initial.sql']) });
    await app.close();
    await db.close();
  });

  it('GET /readyz answers 503 when the database is gone', async () => {
    const db = await emptyDatabase();
    const app = await build({ db, appDir: '/nonexistent/', config: { logLevel: 'silent' } });
    await db.close();
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'not ready', reason: 'database unreachable' });
    await app.close();
  });
});
