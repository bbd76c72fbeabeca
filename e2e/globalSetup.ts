import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { loadSampleIfscDirectory } from '../server/reference/ifscDirectory';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data folder, migrated and holding the IFSC sample: each browser file's product starts from a copy. */
    pgliteTemplate: string;
  }
}

/**
 * Makes, once per browser run, the database every product of the run starts from: PGlite's initdb takes about 7 s in
 * WebAssembly, a copy of its folder 0.2 s (22 files: about a minute and a half less). Demo data is seeded per product,
 * as `npm start` seeds it, so its times (a deposit landing in 3 minutes) count from the file's own start.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // On a PostgreSQL server (DATABASE_URL) each file migrates a schema of its own: no folder to copy.
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return () => undefined;
  }
  const folder = mkdtempSync(join(tmpdir(), 'onboarding-e2e-template-'));
  const db = await openDatabase({ dataDir: folder });
  await migrate(db);
  await loadSampleIfscDirectory(db);
  await db.close();
  project.provide('pgliteTemplate', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
