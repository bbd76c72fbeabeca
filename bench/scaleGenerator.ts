import { aclPermissions } from '../schemas/registry';
import documentCatalogue from '../schemas/documents/document-catalogue.json';
import { createAjv } from '../schemas/ajv';
import type { Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { demoStaff, seedDemoData } from '../server/demo/seed';
import { storedRequirements } from '../server/documents/requirementVersions';
import { OWNER_ROLE } from '../server/merchants/store';
import { emptyWebsiteDetail } from '../server/routes/website';
import { insertScaleBatch, type ScaleTemplates } from './scaleBatch';

/** Merchants per transaction: small enough to keep each batch's temporary tables in memory. */
const BATCH = 10_000;
/** The KYC categories every generated merchant with a business entity has a document of (from the catalogue). */
const CATEGORIES = ['PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'GOVT_ISSUED_CERTIFICATE', 'SIGNED_AUTHORISATION_LETTER'];
/** Operations staff besides the demo's: reviewers, viewers and admins, as a real team has them. */
const STAFF = [
  { role: 'ops_reviewer', count: 20 },
  { role: 'ops_viewer', count: 5 },
  { role: 'ops_admin', count: 2 },
] as const;

/** What a run of the generator did. */
export interface GrowthReport {
  merchants: number;
  added: number;
  seconds: number;
}

/**
 * Grows the database to `target` generated merchants (besides the demo's): migrates it, seeds the demo data, adds the
 * staff, then adds the merchants still missing in batches of 10,000 copied from the demo merchants, each batch one
 * transaction recorded in `bench_scale_batches` (a table of this bench only), so a second run adds only what is
 * missing. ANALYZE at the end. `log` hears the progress.
 */
export async function growScaleDatabase(db: Database, target: number, log: (line: string) => void): Promise<GrowthReport> {
  const start = performance.now();
  const applied = await migrate(db);
  if (applied.length) log(`migrated: ${applied.length} migrations`);
  if (await seedDemoData(db)) log('seeded the demo data');
  await db.exec(`create table if not exists bench_scale_batches (
      first_index integer primary key, merchants integer not null, seconds real not null, created_at timestamptz not null default now())`);
  await addStaff(db);
  const templates = await templatesOf(db);
  const [{ done } = { done: 0 }] = await db.query<{ done: number }>('select coalesce(sum(merchants), 0)::int as done from bench_scale_batches');
  let merchants = done;
  while (merchants < target) {
    const first = merchants + 1;
    const last = Math.min(target, merchants + BATCH);
    const batchStart = performance.now();
    await db.transaction(async (tx) => {
      await insertScaleBatch(tx, first, last, templates);
      await tx.query('insert into bench_scale_batches (first_index, merchants, seconds) values ($1, $2, $3)', [first, last - first + 1, (performance.now() - batchStart) / 1000]);
    });
    merchants = last;
    const seconds = (performance.now() - start) / 1000;
    log(`merchants ${format(merchants)} / ${format(target)}: batch ${((performance.now() - batchStart) / 1000).toFixed(1)} s, ${seconds.toFixed(0)} s so far`);
  }
  const added = merchants - done;
  if (added) {
    const analyzeStart = performance.now();
    await db.exec('analyze');
    log(`analyze: ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s`);
  }
  return { merchants, added, seconds: (performance.now() - start) / 1000 };
}

/** Thousands separated, as the progress lines print counts. */
export const format = (value: number) => Math.round(value).toLocaleString('en-US');

/** The staff of `STAFF`, each once (their e-mails are unique; a second run finds them). */
async function addStaff(db: Database): Promise<void> {
  for (const { role, count } of STAFF) {
    await db.query(
      `with staff as (select md5('scale-staff-' || $1 || '-' || n)::uuid as id, 'scale.staff.' || $1 || '.' || n || '@example.com' as email, n
                        from generate_series(1, $2::int) as n),
            users_added as (insert into users (id, email, name) select id, email, 'Scale Staff ' || n from staff on conflict do nothing returning id)
       insert into staff_members (user_id, role) select id, $1 from users_added`,
      [role, count],
    );
  }
}

/** The demo merchants' records and the values of the seeded database every batch copies. */
async function templatesOf(db: Database): Promise<ScaleTemplates> {
  const known = new Set(Object.keys(documentCatalogue.categories));
  const unknown = CATEGORIES.filter((category) => !known.has(category));
  if (unknown.length) throw new Error(`bench/scaleGenerator.ts: not in the document catalogue: ${unknown.join(', ')}`);
  // The demo merchants are the first the database made (the seed runs before any batch).
  const demo = await db.query<{ record: Record<string, unknown> }>(
    `select record from (select record, parent_uuid from merchants order by mid limit 100) first
      where record ->> 'email' not like 'scale.%' and parent_uuid is null`,
  );
  if (!demo.length) throw new Error('bench/scaleGenerator.ts: no demo merchants to copy (the seed did not run?)');
  const bankDetail = demo.map(({ record }) => record.bank_detail).find((detail) => detail && typeof detail === 'object');
  // The shipped requirements become version 1 when first asked for (as the API's first start does).
  const requirementsVersion = await storedRequirements(db, createAjv()).publishedVersion();
  const reviewer = demoStaff.find((staff) => staff.role === 'ops_reviewer');
  const [staff] = await db.query<{ id: string }>('select id from users where email = $1', [reviewer?.email]);
  if (!bankDetail || !staff) throw new Error('bench/scaleGenerator.ts: the demo data has no bank detail or no reviewer');
  return {
    records: demo.map(({ record }) => record),
    bankDetail: { ...bankDetail, bank_verification_status: 'verified' },
    websiteDetail: emptyWebsiteDetail(),
    ownerRole: OWNER_ROLE,
    ownerPermissions: aclPermissions.permissions,
    requirementsVersion,
    categories: CATEGORIES,
    staffUserId: staff.id,
  };
}
