import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LogicError } from '../../rules/compileLogic';
import { compileRules } from '../../rules/compileRules';
import rulesConfig from '../../rules/config';
import { documentRequirementsFor } from '../../rules/evaluate';
import { createFixtureEnvironment } from '../../rules/fixtures/environment';
import { collectFixtureFiles, loadFixtureFile } from '../../rules/fixtures/files';
import { FixtureFormatError } from '../../rules/fixtures/FixtureFormatError';
import { parseFixture } from '../../rules/fixtures/parseFixture';
import { runFixture } from '../../rules/fixtures/runFixture';
import type { Fixture, MerchantFixture } from '../../rules/fixtures/types';
import type { DocumentRequirements, DocumentRulesConfig, JsonValue } from '../../rules/types';
import type { AjvInstance } from '../../schemas/ajv';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { businessEntities } from '../../schemas/registry';
import type { FieldErrors } from '../../schemas/types';
import type { Database, Queryable } from '../db/database';
import { parseMerchantId } from '../merchants/parseIds';
import { requirementsProblems, shippedRequirements, type DocumentCatalogue, type Requirements, type RequirementsSource } from './requirementsSource';

/** The body of a version (schemas/documents/requirements-version.schema.json). */
export interface VersionBody {
  catalogue: DocumentCatalogue;
  documents: DocumentRulesConfig;
}

export type { VersionStatus, VersionSummary } from '../../schemas/api/versionSummaryAnswer';

/** A fixture the console keeps: a merchant fixture with its record whole (no `base`). */
export interface StoredFixture {
  name: string;
  body: Record<string, JsonValue>;
}

/** One fixture that a version breaks, and why. */
export interface FixtureFailure {
  fixture: string;
  message: string;
}

/** The PostgreSQL channel a publish is announced on (payload: the version), to every server process. */
export const REQUIREMENTS_CHANNEL = 'requirements_published';
const VERSION_SCHEMA_ID = 'https://onboarding.local/schemas/documents/requirements-version.schema.json';
/** Serialises publishes, rollbacks and the first seeding across processes (an arbitrary constant). */
export const REQUIREMENTS_LOCK = 727009;
const SHIPPED_FIXTURES = fileURLToPath(new URL('../../test/fixtures/documents/', import.meta.url));

/** A version's requirements: its catalogue, its matrix, and the shipped step and status rules with that matrix. */
export function requirementsOf(version: number, body: VersionBody): Requirements {
  return { version, catalogue: body.catalogue, documents: body.documents, rules: { ...rulesConfig, documents: body.documents } };
}

/**
 * What is wrong with a version's body, by path: its JSON Schema first; then that the matrix and the catalogue hold
 * together (every category and type named exists) and that every `when` is json-logic over what the rules read.
 */
export function versionBodyErrors(ajv: AjvInstance, body: unknown): FieldErrors {
  const validate = ajv.getSchema(VERSION_SCHEMA_ID);
  if (!validate) throw new Error(`${VERSION_SCHEMA_ID} is not registered`);
  if (!validate(body)) return toFieldErrors(validate.errors);
  const { catalogue, documents } = body as VersionBody;
  const errors: FieldErrors = {};
  const add = (path: string, text: string) => (errors[path] ??= []).push(text);
  for (const problem of requirementsProblems(ajv, catalogue, documents)) {
    const [where, ...rest] = problem.split(': ');
    add(where!.startsWith('requirements.') ? `documents.${where}` : `catalogue.${where}`, rest.join(': '));
  }
  try {
    compileRules({ ...rulesConfig, documents });
  } catch (error) {
    if (!(error instanceof LogicError)) throw error;
    add(error.where.replace(/\[(\d+)\]/g, '.$1'), error.message.slice(error.where.length + 2));
  }
  return errors;
}

/** Runs fixtures against a version's requirements: the failures, each with the fixture's name and what differed. */
export function fixtureFailures(ajv: AjvInstance, requirements: Requirements, fixtures: readonly StoredFixture[]): FixtureFailure[] {
  const env = createFixtureEnvironment(requirements.rules, ajv);
  const failures: FixtureFailure[] = [];
  fixtures.forEach((stored, index) => {
    let fixture: Fixture;
    try {
      fixture = parseStoredFixture(stored, index);
    } catch (error) {
      if (!(error instanceof FixtureFormatError)) throw error;
      failures.push({ fixture: stored.name, message: error.message });
      return;
    }
    const result = runFixture(fixture, env);
    for (const message of result.failures) failures.push({ fixture: stored.name, message });
  });
  return failures;
}

/** Why a fixture cannot be kept (not a merchant fixture expecting documents, unknown keys, a `base`), or undefined. */
export function storedFixtureProblem(stored: StoredFixture): string | undefined {
  try {
    parseStoredFixture(stored, 0);
    return undefined;
  } catch (error) {
    if (error instanceof FixtureFormatError) return error.message;
    throw error;
  }
}

const NO_BASES = (base: string, source: { file: string; index: number }): never => {
  throw new FixtureFormatError(source.file, 'base', `a stored fixture holds its whole record; ${JSON.stringify(base)} is not kept`, source.index);
};

/** A stored fixture parsed as the fixture runner parses files (a merchant fixture with documents expected). */
function parseStoredFixture(stored: StoredFixture, index: number): Fixture {
  const statusNames = new Set<string>();
  const fixture = parseFixture(stored.body, { file: `fixture ${stored.name}`, index }, { resolveBase: NO_BASES, statusNames, definitionNames: new Set() });
  if (fixture.kind !== 'merchant' || !fixture.expect.documents) {
    throw new FixtureFormatError(`fixture ${stored.name}`, 'expect.documents', 'a requirements fixture expects documents of a merchant', index);
  }
  return fixture;
}

/** The repository's document fixtures (test/fixtures/documents/), their records whole: the console's first set. */
export function shippedDocumentFixtures(ajv: AjvInstance): StoredFixture[] {
  const env = createFixtureEnvironment(rulesConfig, ajv);
  return collectFixtureFiles([SHIPPED_FIXTURES]).flatMap((file) =>
    loadFixtureFile(file, env).flatMap((item) => {
      if ('ok' in item || item.kind !== 'merchant' || !item.expect.documents) return [];
      const fixture = item as MerchantFixture;
      const body: Record<string, JsonValue> = { name: fixture.name, merchant: fixture.merchant, expect: { documents: fixture.expect.documents as JsonValue } };
      if (fixture.kycDocuments.length) body.kyc_documents = fixture.kycDocuments;
      return [{ name: fixture.name, body }];
    }),
  );
}

/** The requirements per business entity: for each, what a merchant of that entity must and may provide. */
export function requirementsByEntity(requirements: Requirements): Array<{ entity: string; documents: DocumentRequirements }> {
  const example = JSON.parse(readFileSync(EXAMPLE_RECORD, 'utf8')) as Record<string, unknown>;
  return businessEntities.business_entities.map(({ id, name }) => ({
    entity: name,
    documents: documentRequirementsFor({ ...example, business_entity_id: id, business_entity: { id, name } }, requirements.rules),
  }));
}
const EXAMPLE_RECORD = fileURLToPath(new URL('../../schemas/records/merchant.example.json', import.meta.url));

/** What changes from one version to another, readably: per entity, categories added, removed or changed; and the catalogue's entries. */
export interface VersionDiff {
  from: number;
  to: number;
  entities: Array<{
    entity: string;
    added: string[];
    removed: string[];
    changed: Array<{ category: string; from: string; to: string }>;
    /** The same side by side: per category that differs, what each version asks ('' when nothing). */
    rows: Array<{ category: string; from: string; to: string }>;
  }>;
  catalogue: { added: string[]; removed: string[]; changed: string[] };
}

export function diffVersions(from: Requirements, to: Requirements): VersionDiff {
  const before = new Map(requirementsByEntity(from).map((row) => [row.entity, row.documents]));
  const describeNeed = (documents: DocumentRequirements, category: string) => {
    const need = documents.required.includes(category) ? 'required' : documents.optional.includes(category) ? 'optional' : '';
    const types = documents.types[category];
    return need && types?.length ? `${need} (${types.join(', ')})` : need;
  };
  const entities = requirementsByEntity(to).flatMap(({ entity, documents }) => {
    const old = before.get(entity)!;
    const categories = new Set([...old.required, ...old.optional, ...documents.required, ...documents.optional]);
    const added: string[] = [];
    const removed: string[] = [];
    const changed: Array<{ category: string; from: string; to: string }> = [];
    const rows: Array<{ category: string; from: string; to: string }> = [];
    for (const category of categories) {
      const was = describeNeed(old, category);
      const now = describeNeed(documents, category);
      if (was !== now) rows.push({ category, from: was, to: now });
      if (!was) added.push(`${category}: ${now}`);
      else if (!now) removed.push(`${category}: ${was}`);
      else if (was !== now) changed.push({ category, from: was, to: now });
    }
    return rows.length ? [{ entity, added, removed, changed, rows }] : [];
  });
  const entries = (catalogue: DocumentCatalogue) =>
    new Map<string, string>([
      ...Object.entries(catalogue.categories).map(([code, value]) => [`categories.${code}`, JSON.stringify(value)] as [string, string]),
      ...Object.entries(catalogue.types).map(([code, value]) => [`types.${code}`, JSON.stringify(value)] as [string, string]),
    ]);
  const was = entries(from.catalogue);
  const now = entries(to.catalogue);
  return {
    from: from.version,
    to: to.version,
    entities,
    catalogue: {
      added: [...now.keys()].filter((key) => !was.has(key)),
      removed: [...was.keys()].filter((key) => !now.has(key)),
      changed: [...now.keys()].filter((key) => was.has(key) && was.get(key) !== now.get(key)),
    },
  };
}

/** Records what a staff member did to the requirements. */
export async function audit(db: Queryable, userId: string, action: string, detail: Record<string, JsonValue>): Promise<void> {
  await db.query('insert into ops_audit (user_id, action, detail) values ($1, $2, $3)', [userId, action, JSON.stringify(detail)]);
}

/** One entry of the audit list: what was done, when, and by whom (their e-mail). */
export interface AuditEntry {
  id: string;
  action: string;
  detail: JsonValue;
  created_at: string;
  user: string | null;
}

/** The latest `limit` audit entries, newest first. */
export function latestAuditEntries(db: Queryable, limit: number): Promise<AuditEntry[]> {
  return db.query<AuditEntry>(
    'select o.id::text as id, o.action, o.detail, o.created_at, u.email as user from ops_audit o left join users u on u.id = o.user_id order by o.id desc limit $1',
    [limit],
  );
}

/**
 * The requirements kept in the database as versions: the published one, or the one a merchant's documents were
 * submitted against. Versions never change, so each is read once; which one is published is read again after a
 * publish, announced on {@link REQUIREMENTS_CHANNEL} to every process ({@link StoredRequirements.listen}).
 */
export interface StoredRequirements extends RequirementsSource {
  /** The version numbered `version`, or undefined. */
  version(version: number): Promise<Requirements | undefined>;
  /** The number of the published version. */
  publishedVersion(): Promise<number>;
  /** Forgets which version is published (a publish happened); the next call reads it again. */
  invalidate(): void;
  /** Listens for publishes of any process; resolves to the function that stops. */
  listen(): Promise<() => Promise<void>>;
  /** Stores version 1 (the shipped files) and the shipped fixtures if the database has no version yet. */
  seeded(): Promise<void>;
}

export function storedRequirements(db: Database, ajv: AjvInstance): StoredRequirements {
  const shipped = shippedRequirements(ajv);
  const versions = new Map<number, Promise<Requirements | undefined>>();
  let published: Promise<number> | undefined;
  let seeding: Promise<void> | undefined;

  const seeded = () => {
    seeding ??= (async () => {
      const [any] = await db.query<{ version: number }>('select version from requirement_versions limit 1');
      if (any) return;
      const { catalogue, documents } = await shipped.current();
      const fixtures = shippedDocumentFixtures(ajv);
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [REQUIREMENTS_LOCK]);
        const inserted = await tx.query(
          `insert into requirement_versions (version, status, body, note, published_at) values (1, 'published', $1, 'The requirements shipped with the release', now())
           on conflict do nothing returning version`,
          [JSON.stringify({ catalogue, documents })],
        );
        if (!inserted.length) return;
        for (const fixture of fixtures) {
          await tx.query('insert into requirement_fixtures (name, body) values ($1, $2) on conflict do nothing', [fixture.name, JSON.stringify(fixture.body)]);
        }
      });
    })().catch((error: unknown) => {
      seeding = undefined;
      throw error;
    });
    return seeding;
  };

  const version = (number: number) => {
    let found = versions.get(number);
    if (!found) {
      found = (async () => {
        await seeded();
        const [row] = await db.query<{ body: VersionBody }>('select body from requirement_versions where version = $1', [number]);
        return row ? requirementsOf(number, row.body) : undefined;
      })();
      found.then(
        (value) => value ?? versions.delete(number),
        () => versions.delete(number),
      );
      versions.set(number, found);
    }
    return found;
  };

  const publishedVersion = () => {
    published ??= (async () => {
      await seeded();
      const [row] = await db.query<{ version: number }>("select version from requirement_versions where status = 'published'");
      if (!row) throw new Error('No published version of the document requirements');
      return row.version;
    })().catch((error: unknown) => {
      published = undefined;
      throw error;
    });
    return published;
  };

  const current = async () => (await version(await publishedVersion()))!;

  return {
    current,
    async forMerchant(id) {
      const key = parseMerchantId(id);
      if (!key) return current();
      const [row] = await db.query<{ requirements_version: number | null }>(
        `select requirements_version from merchants where ${'uuid' in key ? 'uuid = $1::uuid' : 'mid = $1::bigint'}`,
        ['uuid' in key ? key.uuid : key.mid],
      );
      if (row?.requirements_version) return (await version(row.requirements_version)) ?? current();
      return current();
    },
    version,
    publishedVersion,
    invalidate() {
      published = undefined;
    },
    async listen() {
      return db.listen(REQUIREMENTS_CHANNEL, () => {
        published = undefined;
      });
    },
    seeded,
  };
}
