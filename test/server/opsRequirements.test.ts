import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { call, freePort, partnershipWithSignatory, signInStaff, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
const BASE = '/api/v1/ops/document-requirements';


/** A Partnership merchant with a verified PAN and a signing authority. */
async function partnership(): Promise<{ token: string; uuid: string }> {
  return partnershipWithSignatory(t, `ops.partner.${++count}.${Date.now()}@example.com`);
}

interface Requirement {
  category: string;
  required: boolean;
  types?: string[];
  entities?: string[];
  when?: unknown;
  $comment?: string;
}
interface Body {
  catalogue: Record<string, unknown>;
  documents: { requirements: Requirement[] };
}

/** The published body with the government certificate (GST certificate only) required of a Partnership. */
function gstCertificateRequiredForPartnership(body: Body): Body {
  const requirements = body.documents.requirements.map((requirement) => {
    const { entities } = requirement;
    if (requirement.category === 'GOVT_ISSUED_CERTIFICATE' && !requirement.required && entities?.includes('Partnership')) {
      return { ...requirement, entities: entities.filter((entity) => entity !== 'Partnership') };
    }
    return requirement;
  });
  requirements.push({ category: 'GOVT_ISSUED_CERTIFICATE', required: true, types: ['GST_CERTIFICATE'], entities: ['Partnership'] });
  return { ...body, documents: { ...body.documents, requirements } };
}

const docsRequired = async (m: { token: string; uuid: string }) => {
  const answer = await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`);
  expect(answer.statusCode).toBe(200);
  const json = answer.json<{ version: number; required: Array<{ code: string; subCategory: { value: Array<{ value: string }> } | null }>; optional: Array<{ code: string }> }>();
  return { version: json.version, required: json.required.map((category) => category.code), optional: json.optional.map((category) => category.code), json };
};

describe('the operations console calls', () => {
  let admin: string;
  let viewer: string;
  let reviewer: string;
  let merchant: { token: string; uuid: string };
  let published: Body;

  beforeAll(async () => {
    admin = await signInStaff(t, 'ops_admin');
    viewer = await signInStaff(t, 'ops_viewer');
    reviewer = await signInStaff(t, 'ops_reviewer');
    merchant = await partnership();
    const answer = await call(t, viewer, 'GET', BASE);
    expect(answer.statusCode).toBe(200);
    published = answer.json<{ published: { body: Body } }>().published.body;
  });

  it('start from version 1, the shipped requirements, published, with the repository\'s document fixtures', async () => {
    const answer = (await call(t, viewer, 'GET', BASE)).json();
    expect(answer.published.version).toBe(1);
    expect(answer.versions).toEqual([expect.objectContaining({ version: 1, status: 'published', pinned_merchants: 0 })]);
    expect(answer.entities.find((row: { entity: string }) => row.entity === 'Partnership').documents.optional).toEqual(['GOVT_ISSUED_CERTIFICATE']);
    const fixtures = (await call(t, viewer, 'GET', `${BASE}/fixtures`)).json().fixtures as Array<{ name: string }>;
    expect(fixtures.map((fixture) => fixture.name)).toContain('Partnership documents');
  });

  it('answer only staff, by role: a merchant gets 403 everywhere, a viewer or reviewer reads but cannot change', async () => {
    const draft = { body: published, note: 'role check' };
    const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; edits: boolean }> = [
      { method: 'GET', url: BASE, edits: false },
      { method: 'GET', url: `${BASE}/versions/1`, edits: false },
      { method: 'GET', url: `${BASE}/versions/1/diff?against=1`, edits: false },
      { method: 'GET', url: `${BASE}/versions/1/fixtures`, edits: false },
      { method: 'GET', url: `${BASE}/fixtures`, edits: false },
      { method: 'GET', url: '/api/v1/ops/audit', edits: false },
      { method: 'GET', url: '/api/v1/ops/me', edits: false },
      { method: 'GET', url: '/api/v1/ops/review-queue?entity=Partnership', edits: false },
      { method: 'POST', url: `${BASE}/versions`, payload: draft, edits: true },
      { method: 'POST', url: `${BASE}/versions/1/publish`, edits: true },
      { method: 'POST', url: `${BASE}/versions/1/rollback`, edits: true },
      { method: 'POST', url: `${BASE}/migrate`, payload: {}, edits: true },
      { method: 'PUT', url: `${BASE}/fixtures/x`, payload: { body: {} }, edits: true },
      { method: 'DELETE', url: `${BASE}/fixtures/x`, edits: true },
    ];
    for (const route of routes) {
      const as = (token: string | null) => call(t, token, route.method, route.url, route.payload);
      expect((await as(null)).statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      expect((await as(merchant.token)).statusCode, `${route.method} ${route.url} as a merchant`).toBe(403);
      for (const token of [viewer, reviewer]) {
        const status = (await as(token)).statusCode;
        if (route.edits) expect(status, `${route.method} ${route.url} as a viewer or reviewer`).toBe(403);
        else expect(status, `${route.method} ${route.url} as a viewer or reviewer`).toBe(200);
      }
    }
    // Nothing was created or changed by the refused calls.
    expect((await call(t, viewer, 'GET', BASE)).json().versions).toHaveLength(1);
  });

  it('answer 404 to a malformed or unknown version, never 5xx', async () => {
    for (const version of ['0', '01', '1e0', '-1', '1.0', ' 1', '0x1', '99999999999999999999', '999999', 'x']) {
      for (const path of ['', '/diff', '/fixtures']) {
        expect((await call(t, viewer, 'GET', `${BASE}/versions/${encodeURIComponent(version)}${path}`)).statusCode, `${version}${path}`).toBe(404);
      }
      expect((await call(t, admin, 'POST', `${BASE}/versions/${encodeURIComponent(version)}/publish`)).statusCode, `publish ${version}`).toBe(404);
      expect((await call(t, admin, 'POST', `${BASE}/versions/${encodeURIComponent(version)}/rollback`)).statusCode, `rollback ${version}`).toBe(404);
    }
    expect((await call(t, viewer, 'GET', `${BASE}/versions/1/diff?against=abc`)).statusCode).toBe(404);
    expect((await call(t, admin, 'DELETE', `${BASE}/fixtures/${encodeURIComponent('no such fixture')}`)).statusCode).toBe(404);
  });

  it('refuse a fixture the runner cannot read, and keep nothing of it', async () => {
    const refused = await call(t, admin, 'PUT', `${BASE}/fixtures/broken`, { body: { merchant: {}, expect: { documents: { required: [] } }, base: 'merchant.example.json' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.body[0]).toContain('base');
    expect(((await call(t, viewer, 'GET', `${BASE}/fixtures`)).json().fixtures as Array<{ name: string }>).map((fixture) => fixture.name)).not.toContain('broken');
  });

  it('refuse a staff token on a merchant\'s calls', async () => {
    expect((await call(t, admin, 'GET', `/api/v1/merchants/${merchant.uuid}/merchant_docs_req`)).statusCode).toBe(403);
  });

  it('refuse an invalid draft with the JSON-Schema errors by path, and a matrix naming what the catalogue lacks', async () => {
    const lowerCase = structuredClone(published);
    lowerCase.documents.requirements[0]!.category = 'pan card';
    const refused = await call(t, admin, 'POST', `${BASE}/versions`, { body: lowerCase, note: 'bad' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toContain('body.documents.requirements.0.category');

    const unknown = structuredClone(published);
    unknown.documents.requirements.push({ category: 'NO_SUCH_CATEGORY', required: true });
    const unknownAnswer = await call(t, admin, 'POST', `${BASE}/versions`, { body: unknown, note: 'bad' });
    expect(unknownAnswer.statusCode).toBe(422);
    expect(unknownAnswer.json().errors[`body.documents.requirements.${unknown.documents.requirements.length - 1}`]).toEqual(['category NO_SUCH_CATEGORY is not in the catalogue']);

    const badLogic = structuredClone(published);
    badLogic.documents.requirements[0]!.when = { var: 'secrets.key' };
    const badLogicAnswer = await call(t, admin, 'POST', `${BASE}/versions`, { body: badLogic, note: 'bad' });
    expect(badLogicAnswer.statusCode).toBe(422);
    expect(Object.keys(badLogicAnswer.json().errors)).toEqual(['body.documents.requirements.0.when']);

    const noSuchEntity = structuredClone(published);
    noSuchEntity.documents.requirements[0]!.entities = ['Partnership', 'Pirate Ship'];
    const entityAnswer = await call(t, admin, 'POST', `${BASE}/versions`, { body: noSuchEntity, note: 'bad' });
    expect(entityAnswer.statusCode).toBe(422);
    expect(Object.keys(entityAnswer.json().errors)).toEqual(['body.documents.requirements.0.entities.1']);

    expect((await call(t, admin, 'POST', `${BASE}/versions`, { body: published })).statusCode).toBe(422);
    expect((await call(t, viewer, 'GET', BASE)).json().versions).toHaveLength(1);
  });

  it('make GST certificates required of a Partnership: a diff, a fixture that blocks publishing, then published, live for an unpinned merchant', async () => {
    const created = await call(t, admin, 'POST', `${BASE}/versions`, { body: gstCertificateRequiredForPartnership(published), note: 'GST certificate required of partnerships' });
    expect(created.statusCode).toBe(201);
    const { version } = created.json<{ version: number; status: string }>();
    expect(created.json().status).toBe('draft');

    const diff = (await call(t, viewer, 'GET', `${BASE}/versions/${version}/diff?against=1`)).json();
    expect(diff.entities).toEqual([
      {
        entity: 'Partnership',
        added: [],
        removed: [],
        changed: [{ category: 'GOVT_ISSUED_CERTIFICATE', from: 'optional (GST_CERTIFICATE, NOC, UACC, TTC, SERVICE_TAX, OTHERS)', to: 'required (GST_CERTIFICATE)' }],
        rows: [{ category: 'GOVT_ISSUED_CERTIFICATE', from: 'optional (GST_CERTIFICATE, NOC, UACC, TTC, SERVICE_TAX, OTHERS)', to: 'required (GST_CERTIFICATE)' }],
      },
    ]);

    // The shipped fixture expects the certificate optional of a Partnership: publishing is refused, nothing changes.
    const blocked = await call(t, admin, 'POST', `${BASE}/versions/${version}/publish`);
    expect(blocked.statusCode).toBe(422);
    expect(new Set(blocked.json().failures.map((failure: { fixture: string }) => failure.fixture))).toEqual(new Set(['Partnership documents']));
    expect((await docsRequired(merchant)).version).toBe(1);
    expect((await call(t, viewer, 'GET', BASE)).json().published.version).toBe(1);

    // The tester updates the fixture to the new rule; the draft then passes and is published.
    const fixtures = (await call(t, viewer, 'GET', `${BASE}/fixtures`)).json().fixtures as Array<{ name: string; body: { expect: { documents: { required: string[]; optional: string[]; types: Record<string, string[]> } } } }>;
    const partner = fixtures.find((fixture) => fixture.name === 'Partnership documents')!;
    const expected = partner.body.expect.documents;
    const updated = {
      ...partner.body,
      expect: { documents: { required: [...expected.required, 'GOVT_ISSUED_CERTIFICATE'], optional: [], types: { ...expected.types, GOVT_ISSUED_CERTIFICATE: ['GST_CERTIFICATE'] } } },
    };
    expect((await call(t, admin, 'PUT', `${BASE}/fixtures/${encodeURIComponent('Partnership documents')}`, { body: updated })).statusCode).toBe(200);
    expect((await call(t, viewer, 'GET', `${BASE}/versions/${version}/fixtures`)).json().failures).toEqual([]);

    const done = await call(t, admin, 'POST', `${BASE}/versions/${version}/publish`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ version, status: 'published' });
    expect(done.json().merchants_affected).toBeGreaterThanOrEqual(1);

    const now = await docsRequired(merchant);
    expect(now.version).toBe(version);
    expect(now.required).toContain('GOVT_ISSUED_CERTIFICATE');
    expect(now.json.required.find((category) => category.code === 'GOVT_ISSUED_CERTIFICATE')!.subCategory!.value.map((type) => type.value)).toEqual(['GST_CERTIFICATE']);

    const versions = (await call(t, viewer, 'GET', BASE)).json().versions as Array<{ version: number; status: string }>;
    expect(versions.map((row) => [row.version, row.status])).toEqual([
      [version, 'published'],
      [1, 'retired'],
    ]);
    // A published version is not published again; a draft is not rolled back to.
    expect((await call(t, admin, 'POST', `${BASE}/versions/${version}/publish`)).statusCode).toBe(409);
  });

  it('keep a merchant who submitted documents on their version, until an admin migrates them; roll back; audit all of it', async () => {
    const state = (await call(t, viewer, 'GET', BASE)).json();
    const newest = state.published.version as number;
    // A merchant submits against the version in force: pinned to it.
    const pinned = await partnership();
    await t.db.query('update merchants set requirements_version = $2 where uuid = $1', [pinned.uuid, newest]);
    expect((await docsRequired(pinned)).version).toBe(newest);

    // Roll back to version 1: new merchants follow it, the pinned one keeps the version it submitted against.
    const rolledBack = await call(t, admin, 'POST', `${BASE}/versions/1/rollback`);
    expect(rolledBack.statusCode).toBe(200);
    expect((await docsRequired(merchant)).version).toBe(1);
    const kept = await docsRequired(pinned);
    expect(kept.version).toBe(newest);
    expect(kept.required).toContain('GOVT_ISSUED_CERTIFICATE');
    expect((await call(t, viewer, 'GET', BASE)).json().versions.find((row: { version: number }) => row.version === newest).pinned_merchants).toBe(1);

    const migrated = await call(t, admin, 'POST', `${BASE}/migrate`, { from: newest });
    expect(migrated.json()).toEqual({ migrated: 1 });
    expect((await docsRequired(pinned)).version).toBe(1);

    const actions = ((await call(t, viewer, 'GET', '/api/v1/ops/audit')).json().entries as Array<{ action: string; user: string }>).map((entry) => entry.action);
    expect(actions.slice(0, 5)).toEqual(['requirements.migrated', 'requirements.rolled_back', 'requirements.published', 'fixture.saved', 'requirements.created']);
    expect(actions).toEqual(expect.arrayContaining(['requirements.created', 'requirements.published', 'requirements.rolled_back', 'requirements.migrated', 'fixture.saved']));
  });

  it('pin a merchant to the version in force when they send their documents for review', async () => {
    const m = await partnership();
    // Sending is refused while documents are missing; the refusal pins nothing.
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/submit_documents`)).statusCode).toBe(422);
    const [row] = await t.db.query<{ requirements_version: number | null }>('select requirements_version from merchants where uuid = $1', [m.uuid]);
    expect(row!.requirements_version).toBeNull();
  });
});

describe('a publish on one server process', () => {
  it('reaches a second process on the same database, which then answers with the new version', async () => {
    // A database of its own: the requirements and fixtures as shipped.
    const first = await testApp();
    const url = process.env.DATABASE_URL;
    // On PostgreSQL the second process has connections of its own (LISTEN/NOTIFY between them); on the embedded
    // PGlite a second app on the same database gets the in-process notification.
    let second: FastifyInstance;
    let secondDb: Database | undefined;
    if (url) {
      const [{ schema }] = (await first.db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
      secondDb = await openDatabase({ url, schema });
      second = await build({ db: secondDb, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0 } });
    } else {
      second = await build({ db: first.db, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0 } });
    }
    try {
      const admin = await signInStaff(first, 'ops_admin');
      const before = (await second.inject({ method: 'GET', url: BASE, headers: { authorization: `Bearer ${admin}` } })).json().published.version as number;
      const body = (await call(first, admin, 'GET', BASE)).json().published.body as Body;
      const created = await call(first, admin, 'POST', `${BASE}/versions`, { body, note: 'the same again, to publish' });
      const { version } = created.json<{ version: number }>();
      expect((await call(first, admin, 'POST', `${BASE}/versions/${version}/publish`)).statusCode).toBe(200);
      expect(version).not.toBe(before);
      const seen = async () => (await second.inject({ method: 'GET', url: BASE, headers: { authorization: `Bearer ${admin}` } })).json().published.version as number;
      await expect.poll(seen, { timeout: 5000, interval: 50 }).toBe(version);
    } finally {
      await second.close();
      await secondDb?.close();
      await first.close();
    }
  });
});

describe('a publish with the API as two operating-system processes on one PostgreSQL server', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('reaches the other process (server/main.ts, LISTEN/NOTIFY) within 5 s', async () => {
    const first = await testApp();
    const [{ schema }] = (await first.db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    const port = await freePort();
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const admin = await signInStaff(first, 'ops_admin');
      const other = async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/api/v1/ops/document-requirements`, { headers: { authorization: `Bearer ${admin}` } }).catch(() => null);
        return answer?.ok ? ((await answer.json()) as { published: { version: number } }).published.version : null;
      };
      // Started (a busy machine may take long to start it: no limit but the test's), and reading version 1.
      await expect.poll(other, { timeout: 100_000, interval: 200 }).toBe(1);
      const body = (await call(first, admin, 'GET', BASE)).json().published.body as Body;
      const { version } = (await call(first, admin, 'POST', `${BASE}/versions`, { body, note: 'to another process' })).json<{ version: number }>();
      expect((await call(first, admin, 'POST', `${BASE}/versions/${version}/publish`)).statusCode).toBe(200);
      await expect.poll(other, { timeout: 5000, interval: 50 }).toBe(version);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nserver output:\n${output}`);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await first.close();
    }
  });
});
