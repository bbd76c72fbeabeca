/**
 * `npm run ifsc:import -- <csv> [--banks banks.csv]`: replaces the IFSC directory with a published list, in one
 * transaction (the old directory stays in place until the new one is complete; a failure leaves it as it was).
 * Takes Razorpay's IFSC.csv, or RBI's two-file format of server/reference/ifsc/ (the bank list defaults to the
 * banks.csv beside the branches). Works on DATABASE_URL, else on the server's PGlite data folder (DATA_DIR), which
 * the server must not be holding. Prints the rows imported and the time taken; exits 1 on failure, 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config';
import { replaceIfscDirectory } from '../server/reference/ifscDirectory';
import { openDirectoryDatabase } from '../server/reference/openDirectoryDatabase';
import { readIfscCsv } from '../server/reference/readIfscCsv';

const USAGE = 'usage: npm run ifsc:import -- <IFSC.csv | bank_branches.csv> [--banks banks.csv]';
/** Skipped rows listed one by one; beyond, only counted. */
const LISTED_SKIPS = 10;

function parseCommandLine(): { file: string; banks?: string } | null {
  try {
    const { positionals, values } = parseArgs({ allowPositionals: true, options: { banks: { type: 'string' } } });
    return positionals.length === 1 ? { file: positionals[0]!, banks: values.banks } : null;
  } catch {
    return null;
  }
}

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

const args = parseCommandLine();
if (!args) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    const started = performance.now();
    const config = configFromEnv();
    const csv = await readIfscCsv(args.file, { banksPath: args.banks });
    const read = seconds(started);
    for (const skip of csv.skipped.slice(0, LISTED_SKIPS)) console.warn(`skipped line ${skip.line}: ${skip.reason}`);
    if (csv.skipped.length > LISTED_SKIPS) console.warn(`… and ${csv.skipped.length - LISTED_SKIPS} more lines skipped`);
    const db = await openDirectoryDatabase(config);
    try {
      const writing = performance.now();
      const counts = await replaceIfscDirectory(db, csv.branches);
      console.log(
        `Imported ${counts.branches} branches of ${counts.banks} banks (${csv.format} format, ${csv.skipped.length} rows skipped) ` +
          `into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`} ` +
          `in ${seconds(started)} s (read ${read} s, write ${seconds(writing)} s)`,
      );
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(`The IFSC import failed; the directory is unchanged.\n${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
