import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogue from '../../schemas/documents/document-catalogue.json';
import matrix from '../../rules/documents.json';
import { call, patchRecord, signInStaff, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
let reviewer: string;
let admin: string;
beforeAll(async () => {
  t = await testApp();
  reviewer = await signInStaff(t, 'ops_reviewer');
  admin = await signInStaff(t, 'ops_admin');
});
afterAll(() => t.close());

interface Queued {
  kind: string;
  uuid: string;
  waiting_since: string;
  owner: string | null;
  category_label: string;
  document_type: string | null;
  document_type_label: string | null;
  merchant: {
    uuid: string;
    mid: string;
    registered_address: unknown;
    signatories: Array<{ name: string; pancard_number: string; email: string }>;
    beneficial_owners: Array<{ name: string; pancard_number: string }>;
  };
}
interface Page {
  documents: Queued[];
  next: string | null;
}

let count = 0;
/** A new merchant (by OTP) of a company PAN, its record patched; its uuid and MID. */
async function merchant(patch: Record<string, unknown> = {}): Promise<{ uuid: string; mid: string }> {
  const token = await signInWithOtp(t, `review.queue.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).statusCode).toBe(200);
  await patchRecord(t, uuid, patch);
  const [row] = await t.db.query<{ mid: string }>('select mid::text as mid from merchants where uuid = $1', [uuid]);
  return { uuid, mid: row!.mid };
}

/** A document in force sent for review at `at` (the API takes minutes of uploads for seventy of them). */
async function sent(merchantUuid: string, category: string, at: string, type: string | null = null): Promise<string> {
  const uuid = randomUUID();
  await t.db.query(
    `insert into kyc_documents (uuid, merchant_uuid, document_category, document_type, status, active, updated_at) values ($1, $2, $3, $4, 'DOCUMENT_SUBMITTED', true, $5)`,
    [uuid, merchantUuid, category, type, at],
  );
  return uuid;
}

const page = async (query: string, token = reviewer) => {
  const answer = await call(t, token, 'GET', `/api/v1/ops/review-queue${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Page>();
};

/** Every page of a query, following `next`. */
async function everyPage(query: string): Promise<Page[]> {
  const pages = [await page(query)];
  while (pages.at(-1)!.next) pages.push(await page(`${query}${query ? '&' : '?'}after=${encodeURIComponent(pages.at(-1)!.next!)}`));
  return pages;
}

const CATEGORIES = Object.keys(catalogue.categories).slice(0, 10);

describe('GET /ops/review-queue', () => {
  it('serves every waiting item in pages of 50, each merchant\'s together, merchants in the order they began waiting', async () => {
    // Seven merchants, ten documents each: 70 waiting, sent in turns, so merchants interleave in time. Times to the
    // microsecond, and ties, which the cursor must not lose.
    const merchants = [];
    for (let index = 0; index < 7; index++) merchants.push(await merchant());
    // The last merchant sends one document first, so its group comes first.
    const early = '2029-12-31T23:59:59.999999Z';
    const sentAt = new Map([[await sent(merchants[6]!.uuid, CATEGORIES[9]!, early), early]]);
    for (const [round, category] of CATEGORIES.entries()) {
      for (const [index, { uuid }] of merchants.entries()) {
        if (index === 6 && round === 9) continue;
        const at = `2030-01-01T00:00:${String(round).padStart(2, '0')}.${String(index < 3 ? 1 : index).padStart(6, '0')}Z`;
        sentAt.set(await sent(uuid, category, at), at);
      }
    }

    const pages = await everyPage('');
    expect(pages.map((each) => each.documents.length)).toEqual([50, 20]);
    expect(pages.at(-1)!.next).toBeNull();
    const items = pages.flatMap((each) => each.documents);
    expect(new Set(items.map((item) => item.uuid))).toEqual(new Set(sentAt.keys()));
    const order = items.map((item) => item.merchant.uuid).filter((uuid, index, all) => all[index - 1] !== uuid);
    expect(order).toEqual([merchants[6]!, ...merchants.slice(0, 6)].map((each) => each.uuid));
    for (const { uuid } of merchants) {
      const times = items.filter((item) => item.merchant.uuid === uuid).map((item) => Date.parse(item.waiting_since));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }

    // The filters page too, and keep their meaning.
    const one = CATEGORIES[0]!;
    expect((await everyPage(`?category=${one}`)).flatMap((each) => each.documents).map((item) => item.uuid)).toHaveLength(7);
    expect((await page('?status=Approved')).documents).toEqual([]);
    expect((await page('?entity=Partnership')).documents).toEqual([]);
    expect((await everyPage('?entity=Private%20Limited&status=DOCUMENT_SUBMITTED')).flatMap((each) => each.documents)).toHaveLength(70);

    // Reviews between two pages neither skip nor repeat an item: the first page's oldest item (its merchant's group
    // goes on to the next page) and one of the next page's are approved before it is read.
    const before = await page('');
    const later = items.at(-1)!.uuid;
    await t.db.query("update kyc_documents set status = 'Approved' where uuid = any($1)", [[before.documents[0]!.uuid, later]]);
    const after = (await everyPage(`?after=${encodeURIComponent(before.next!)}`)).flatMap((each) => each.documents);
    const seen = [...before.documents, ...after].map((item) => item.uuid);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(new Set(seen)).toEqual(new Set(items.map((item) => item.uuid).filter((uuid) => uuid !== later)));
  });

  it('finds a merchant\'s items by MID, PAN, e-mail or the beginning of a name; `merchant` keeps one merchant\'s', async () => {
    const kabir = await merchant({ pancard_number: 'AAACK7788Q', pancard_name: 'KAPOOR FOODS PRIVATE LIMITED', business_name: 'Kapoor Foods', name: 'Vikram Kapoor', email: 'Vikram.Kapoor@kapoorfoods.example.in' });
    const other = await merchant({ business_name: 'Foods of Kapoor', name: 'Asha Rao' });
    const mine = [await sent(kabir.uuid, 'PANCARD_COMPANY', '2031-01-01T00:00:00Z'), await sent(kabir.uuid, 'SC', '2031-01-01T00:00:01Z')];
    await sent(other.uuid, 'PANCARD_COMPANY', '2031-01-01T00:00:02Z');
    const found = async (q: string) => (await page(`?q=${encodeURIComponent(q)}`)).documents.map((item) => item.uuid);
    expect(await found(kabir.mid)).toEqual(mine);
    expect(await found('aaack7788q')).toEqual(mine);
    expect(await found('VIKRAM.KAPOOR@kapoorfoods.example.in')).toEqual(mine);
    expect(await found('vikram')).toEqual(mine);
    expect(await found('kapoor f')).toEqual(mine);
    expect(await found('Kapoor')).toEqual(mine);
    expect(await found('foods')).toEqual((await found('Foods of Kapoor')));
    expect(await found('%')).toEqual([]);
    expect(await found('9999999999')).toEqual([]);
    expect((await page(`?merchant=${kabir.uuid}`)).documents.map((item) => item.uuid)).toEqual(mine);
    expect((await page(`?merchant=${kabir.uuid}&category=SC`)).documents.map((item) => item.uuid)).toEqual([mine[1]]);
  });

  it('refuses a cursor it did not write and a merchant that is not a uuid', async () => {
    for (const after of ['nonsense', Buffer.from('["2030-01-01T00:00:00Z","1","2030-01-01T00:00:00Z","document","x"]').toString('base64url')]) {
      const answer = await call(t, reviewer, 'GET', `/api/v1/ops/review-queue?after=${after}`);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.after).toEqual(['This page of the queue is not known: start again from the first page.']);
    }
    expect((await call(t, reviewer, 'GET', '/api/v1/ops/review-queue?merchant=8800001')).statusCode).toBe(422);
  });

  it('says whose document each is, with that party\'s data from the record and the document\'s own labels', async () => {
    const signatory = { id: 1, name: 'KABIR NAIR', email: 'kabir@nairtech.example.in', pancard_number: 'ABCPN1234K', cin_number: null, authorised_signatory: true, contact_detail_type: 'Signing Authority', pep: 3 };
    const m = await merchant({
      pancard_name: 'NAIR TECHNOLOGIES PRIVATE LIMITED',
      business_name: 'Nair Tech',
      registration_address: { address_line: '4 MG Road', city: 'Bengaluru', pincode: '560001', state: 'Karnataka' },
      account: { uuid: randomUUID(), signatory_contact_details: [signatory] },
      ultimate_beneficiaries: [{ id: 7, name: 'Leela Nair', pancard_number: 'BQZPN4821M', ownership_percentage: 80 }],
      ubo_exist: true,
    });
    await sent(m.uuid, 'ADDRESS_PROOF_SIGNED_AUTHORITY', '2032-01-01T00:00:00Z', 'PASSPORT');
    await sent(m.uuid, 'GOVT_ISSUED_CERTIFICATE', '2032-01-01T00:00:01Z', 'CERTIFICATE_OF_INCORPORATION');
    const items = (await page(`?merchant=${m.uuid}`)).documents;
    expect(items.map(({ owner, category_label, document_type_label }) => ({ owner, category_label, document_type_label }))).toEqual([
      { owner: 'signing_authority', category_label: 'Address Proof of the Signing Authority', document_type_label: 'Passport' },
      { owner: 'company', category_label: 'Government Issued Certificate', document_type_label: 'Certificate of Incorporation (INC 22 on the back, optional)' },
    ]);
    expect(items[0]!.merchant).toMatchObject({
      signatories: [{ name: 'KABIR NAIR', pancard_number: 'ABCPN1234K', email: 'kabir@nairtech.example.in' }],
      beneficial_owners: [{ name: 'Leela Nair', pancard_number: 'BQZPN4821M' }],
      registered_address: { address_line: '4 MG Road', city: 'Bengaluru', pincode: '560001', state: 'Karnataka' },
    });
    // The list carries what it shows: who the merchant is, not the data an opened item is checked against.
    const listed = (await page(`?q=${m.mid}`)).documents;
    expect(listed.map((item) => item.uuid)).toEqual(items.map((item) => item.uuid));
    expect(Object.keys(listed[0]!.merchant).sort()).toEqual(['business_entity', 'business_name', 'email', 'mid', 'name', 'pancard_name', 'pancard_number', 'uuid']);
  });

  it('reads the owner from the merchant\'s requirements version: a category without one is the company\'s', async () => {
    const withoutOwners = structuredClone(catalogue) as { categories: Record<string, { owner?: string }> } & Record<string, unknown>;
    for (const category of Object.values(withoutOwners.categories)) delete category.owner;
    const documents = { requirements: matrix.requirements };
    const draft = await call(t, admin, 'POST', '/api/v1/ops/document-requirements/versions', { body: { catalogue: withoutOwners, documents }, note: 'Before owners' });
    expect(draft.statusCode, draft.body).toBe(201);
    const version = draft.json().version as number;
    const m = await merchant();
    await t.db.query('update merchants set requirements_version = $2 where uuid = $1', [m.uuid, version]);
    await sent(m.uuid, 'PANCARD_SIGNED_AUTHORITY', '2033-01-01T00:00:00Z');
    expect((await page(`?merchant=${m.uuid}`)).documents.map((item) => item.owner)).toEqual(['company']);

    // The migration gives such stored versions the shipped owners.
    const migration = readFileSync(new URL('../../server/db/migrations/021_review_queue.sql', import.meta.url), 'utf8');
    const owners = /^update requirement_versions[\s\S]+?;$/m.exec(migration)![0];
    await t.db.query(owners);
    const [stored] = await t.db.query<{ body: { catalogue: { categories: Record<string, { owner?: string }> } } }>('select body from requirement_versions where version = $1', [version]);
    expect(Object.fromEntries(Object.entries(stored!.body.catalogue.categories).map(([code, config]) => [code, config.owner]))).toEqual(
      Object.fromEntries(Object.entries(catalogue.categories).map(([code, config]) => [code, config.owner])),
    );
  });
});
