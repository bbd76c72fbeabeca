import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../schemas/ajv';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { storedRequirements } from '../../server/documents/requirementVersions';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'fixtures-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run fixtures` with the embedded database in `dataDir` (not the server's); its exit code and output. */
async function fixturesCli(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/fixtures.ts', ...args], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run fixtures -- --requirements', () => {
  it('runs fixtures against a stored version: the console\'s own against the published one pass, the repository\'s against a draft that breaks one fail naming it', async () => {
    // A draft in which partnerships no longer may give a government certificate.
    const db = await openDatabase({ dataDir });
    try {
      await migrate(db);
      const published = await storedRequirements(db, createAjv()).current();
      const requirements = published.documents.requirements.map((requirement) =>
        requirement.category === 'GOVT_ISSUED_CERTIFICATE' && requirement.entities?.includes('Partnership') ? { ...requirement, entities: requirement.entities.filter((entity) => entity !== 'Partnership') } : requirement,
      );
      await db.query("insert into requirement_versions (version, status, body, note) values (2, 'draft', $1, 'no certificate for partnerships')", [
        JSON.stringify({ catalogue: published.catalogue, documents: { ...published.documents, requirements } }),
      ]);
    } finally {
      await db.close();
    }

    const live = await fixturesCli('--requirements', 'published');
    expect(live.code).toBe(0);
    expect(live.output).toContain('stored version 1');
    expect(live.output).toMatch(/14 passed, 0 failed/);

    // The console's own fixtures against the draft: the publish gate's check, in server/routes/ops.ts and opsRequirements.test.ts.
    // The repository's files against the draft: the Partnership fixture fails, by name.
    const files = await fixturesCli('--requirements', '2', 'test/fixtures/documents');
    expect(files.code).toBe(1);
    expect(files.output).toMatch(/✗ Partnership documents/);
    expect(files.output).toMatch(/13 passed, 1 failed/);
  });
});
