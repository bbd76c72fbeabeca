import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { multipartBody, TINY_PNG } from './multipart';
import { call, partnershipWithSignatory, signInStaff, signInWithOtp, testApp, type TestApp } from './testApp';

const BASE = '/api/v1/ops/document-requirements';

let t: TestApp;
let admin: string;
let viewer: string;
beforeAll(async () => {
  t = await testApp();
  admin = await signInStaff(t, 'ops_admin');
  viewer = await signInStaff(t, 'ops_viewer');
});
afterAll(() => t.close());

let count = 0;
const nextEmail = () => `counts.${++count}.${Date.now()}@example.com`;

/** Merchants following the published version, and pinned per version. */
interface Counts {
  following: number;
  pinned: Record<number, number>;
}

/** The counts as the console's requirements list answers them. */
async function listedCounts(on: TestApp = t, token = viewer): Promise<Counts> {
  const answer = await call(on, token, 'GET', BASE);
  expect(answer.statusCode).toBe(200);
  const { following_published, versions } = answer.json<{ following_published: number; versions: Array<{ version: number; pinned_merchants: number }> }>();
  return { following: following_published, pinned: Object.fromEntries(versions.map((row) => [row.version, row.pinned_merchants])) };
}

/** The counts counted from the merchants themselves. */
async function countedCounts(on: TestApp = t): Promise<Counts> {
  const pins = await on.db.query<{ version: number; merchants: number }>(
    'select v.version, count(m.uuid)::int as merchants from requirement_versions v left join merchants m on m.requirements_version = v.version group by v.version',
  );
  const [following] = await on.db.query<{ merchants: number }>('select count(*)::int as merchants from merchants where requirements_version is null');
  return { following: following!.merchants, pinned: Object.fromEntries(pins.map((row) => [row.version, row.merchants])) };
}

async function expectCountsExact(on: TestApp = t, token = viewer): Promise<Counts> {
  const listed = await listedCounts(on, token);
  expect(listed).toEqual(await countedCounts(on));
  return listed;
}

/** A new merchant, signed up through the API; answers its uuid. */
async function signUp(on: TestApp = t): Promise<string> {
  const token = await signInWithOtp(on, nextEmail());
  return (await call(on, token, 'GET', '/api/v1/merchants')).json<{ merchants: Array<{ uuid: string }> }>().merchants[0]!.uuid;
}

/** A new draft with the published body; answers its number. */
async function draftOfPublished(): Promise<number> {
  const published = (await call(t, viewer, 'GET', BASE)).json<{ published: { body: unknown } }>().published.body;
  const created = await call(t, admin, 'POST', `${BASE}/versions`, { body: published, note: 'same as published' });
  expect(created.statusCode).toBe(201);
  return created.json<{ version: number }>().version;
}

const pin = (uuid: string, version: number) => t.db.query('update merchants set requirements_version = $2 where uuid = $1', [uuid, version]);

async function pdfOf(pages: Array<[number, number]>): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const size of pages) pdf.addPage(size).drawText('page');
  return Buffer.from(await pdf.save());
}

/** A Partnership that uploads every document asked of it. */
async function partnershipWithEveryDocument(): Promise<{ token: string; uuid: string }> {
  const m = await partnershipWithSignatory(t, nextEmail());
  const upload = async (fields: Record<string, string>, filename: string, content: Buffer) => {
    const body = multipartBody(fields, [{ field: 'processed_document', filename, content }]);
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/kyc_documents`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
    expect(answer.statusCode).toBe(201);
  };
  for (const category of ['PANCARD_PARTNERSHIP', 'PANCARD_SIGNED_AUTHORITY', 'SIGNED_AUTHORISATION_LETTER', 'SC']) {
    await upload({ document_category: category }, `${category}.png`, TINY_PNG);
  }
  await upload({ document_category: 'ADDRESS_PROOF_SIGNED_AUTHORITY', document_type: 'BMTB' }, 'bill.pdf', await pdfOf([[595, 842]]));
  return m;
}

describe('the requirements list counts of merchants', () => {
  it('count merchants who sign up as following the published version', async () => {
    const before = await expectCountsExact();
    await signUp();
    await signUp();
    const after = await expectCountsExact();
    expect(after.following).toBe(before.following + 2);
  });

  it('move a merchant to the version in force when they send their documents for review', async () => {
    const m = await partnershipWithEveryDocument();
    const before = await expectCountsExact();
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/submit_documents`)).statusCode).toBe(200);
    const after = await expectCountsExact();
    expect(after.following).toBe(before.following - 1);
    expect(after.pinned[1]).toBe((before.pinned[1] ?? 0) + 1);
  });

  it('answer a publish with the merchants following the published version, and follow a migrate back to it', async () => {
    const version = await draftOfPublished();
    const pinnedToOne = [await signUp(), await signUp()];
    const pinnedToNew = [await signUp(), await signUp(), await signUp()];
    await Promise.all([...pinnedToOne.map((uuid) => pin(uuid, 1)), ...pinnedToNew.map((uuid) => pin(uuid, version))]);
    const before = await expectCountsExact();

    const published = await call(t, admin, 'POST', `${BASE}/versions/${version}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json<{ merchants_affected: number }>().merchants_affected).toBe(before.following);

    const fromOne = await call(t, admin, 'POST', `${BASE}/migrate`, { from: 1 });
    expect(fromOne.json()).toEqual({ migrated: before.pinned[1] });
    const afterOne = await expectCountsExact();
    expect(afterOne).toEqual({ following: before.following + before.pinned[1]!, pinned: { ...before.pinned, 1: 0 } });

    expect((await call(t, admin, 'POST', `${BASE}/migrate`, {})).json()).toEqual({ migrated: 3 });
    expect(await expectCountsExact()).toEqual({ following: afterOne.following + 3, pinned: { 1: 0, [version]: 0 } });
  });

  it('take deleted merchants off their version', async () => {
    const [following, pinned] = [await signUp(), await signUp()];
    await pin(pinned, 1);
    const before = await expectCountsExact();
    await t.db.query('delete from merchants where uuid = any($1::uuid[])', [[following, pinned]]);
    const after = await expectCountsExact();
    expect(after).toEqual({ following: before.following - 1, pinned: { ...before.pinned, 1: before.pinned[1]! - 1 } });
  });

  it('stay exact through a burst of sign-ups, pins, unpins, migrates and deletes at once', async () => {
    const version = await draftOfPublished();
    const merchants = await Promise.all(Array.from({ length: 40 }, () => signUp()));
    const [toPin, toUnpin, toMove, toDelete] = [merchants.slice(0, 15), merchants.slice(15, 25), merchants.slice(25, 32), merchants.slice(32)];
    await Promise.all([...toUnpin.map((uuid) => pin(uuid, version)), ...toMove.map((uuid) => pin(uuid, 1)), ...toDelete.slice(0, 4).map((uuid) => pin(uuid, version))]);
    await expectCountsExact();

    await Promise.all([
      ...Array.from({ length: 10 }, () => signUp()),
      ...toPin.map((uuid, index) => pin(uuid, index % 2 ? version : 1)),
      ...toUnpin.map((uuid) => t.db.query('update merchants set requirements_version = null where uuid = $1', [uuid])),
      ...toMove.map((uuid) => pin(uuid, version)),
      ...toDelete.map((uuid) => t.db.query('delete from merchants where uuid = $1', [uuid])),
      call(t, admin, 'POST', `${BASE}/migrate`, { from: version }),
      call(t, admin, 'POST', `${BASE}/migrate`, { from: 1 }),
    ]);
    await expectCountsExact();
  });
});

describe('migration 029', () => {
  it('counts the merchants that exist when it runs', async () => {
    const other = await testApp();
    try {
      const staff = await signInStaff(other, 'ops_viewer');
      await listedCounts(other, staff);
      const merchants = [await signUp(other), await signUp(other), await signUp(other)];
      await other.db.query('update merchants set requirements_version = 1 where uuid = any($1::uuid[])', [merchants.slice(1)]);
      await other.db.exec(`drop table requirement_version_counts;
        drop function requirement_version_counts_follow, requirement_version_counts_clear, requirement_version_counts_add cascade;
        delete from schema_migrations where name = '029_requirement_version_counts.sql'`);
      expect(await migrate(other.db)).toEqual(['029_requirement_version_counts.sql']);

      const counts = await expectCountsExact(other, staff);
      expect(counts.pinned[1]).toBe(2);
      await signUp(other);
      expect((await expectCountsExact(other, staff)).following).toBe(counts.following + 1);
    } finally {
      await other.close();
    }
  });
});
