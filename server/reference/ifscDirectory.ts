import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from '../db/database';
import { readIfscCsv, type IfscBranch } from './readIfscCsv';
import type { IfscDetail } from '../../schemas/api/ifscDetailAnswer';

/** Arbitrary constant: one writer of the IFSC directory at a time (imports, first-start loads of several nodes). */
const IFSC_WRITE_LOCK = 727002;
/** Rows per INSERT: each column goes as one array parameter, so a batch is one statement of seven parameters. */
const BATCH_ROWS = 10_000;

/** The real sample shipped in server/reference/ifsc/ (see its README). */
export const SAMPLE_IFSC_CSV = fileURLToPath(new URL('./ifsc/bank_branches.csv', import.meta.url));

/** What a replacement wrote. */
export interface IfscDirectoryCounts {
  branches: number;
  banks: number;
}

/**
 * Replaces the whole IFSC directory with `branches` in one transaction: readers see the old directory until
 * it commits, and a failure leaves it as it was. Banks are the distinct bank names of the branches.
 */
export async function replaceIfscDirectory(db: Database, branches: readonly IfscBranch[]): Promise<IfscDirectoryCounts> {
  if (branches.length === 0) throw new Error('No branches to import: the IFSC directory is left as it was');
  const counts = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [IFSC_WRITE_LOCK]);
    await tx.query('delete from ifsc_branches');
    await tx.query('delete from ifsc_banks');
    return writeBranches(tx, branches);
  });
  await db.query('analyze ifsc_banks');
  await db.query('analyze ifsc_branches');
  return counts;
}

/**
 * Loads the sample directory (server/reference/ifsc/) into an empty one: at first start and in tests.
 * Does nothing when the directory holds branches already (an import's, or an earlier start's).
 * Resolves to the number of branches loaded (0 when it did nothing).
 */
export async function loadSampleIfscDirectory(db: Database): Promise<number> {
  const [filled] = await db.query('select 1 from ifsc_branches limit 1');
  if (filled) return 0;
  const { branches } = await readIfscCsv(SAMPLE_IFSC_CSV);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [IFSC_WRITE_LOCK]);
    // Another node may have loaded it while this one read the file.
    const [loaded] = await tx.query('select 1 from ifsc_branches limit 1');
    return loaded ? 0 : (await writeBranches(tx, branches)).branches;
  });
}

async function writeBranches(tx: Queryable, branches: readonly IfscBranch[]): Promise<IfscDirectoryCounts> {
  const bankNames = [...new Set(branches.map((branch) => branch.bank_name))].sort();
  const bankIds = new Map(bankNames.map((name, index) => [name, index + 1]));
  await tx.query('insert into ifsc_banks (id, name) select * from unnest($1::int[], $2::text[])', [[...bankIds.values()], [...bankIds.keys()]]);
  for (let start = 0; start < branches.length; start += BATCH_ROWS) {
    const batch = branches.slice(start, start + BATCH_ROWS);
    await tx.query(
      `insert into ifsc_branches (ifsc, bank_id, branch, address, city, district, state)
       select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [
        batch.map((row) => row.ifsc),
        batch.map((row) => bankIds.get(row.bank_name)),
        batch.map((row) => row.branch),
        batch.map((row) => row.address),
        batch.map((row) => row.city),
        batch.map((row) => row.district),
        batch.map((row) => row.state),
      ],
    );
  }
  return { branches: branches.length, banks: bankNames.length };
}


const DETAIL_COLUMNS = `r.ifsc as ifsc_code, k.name as bank_name, r.branch as branch_name, r.city, r.state, r.address`;

/** The names of the banks that have branches, sorted. */
export async function bankNames(db: Queryable): Promise<string[]> {
  return (await db.query<{ name: string }>('select name from ifsc_banks order by name')).map((row) => row.name);
}

/**
 * The states a bank has branches in, sorted; none for an unknown bank. A big bank has tens of thousands of
 * branches in a few dozen states: the query skips from one state to the next along the index (one probe a state)
 * rather than reading every branch.
 */
export async function statesOf(db: Queryable, bankName: string): Promise<string[]> {
  const rows = await db.query<{ state: string }>(
    `with recursive states (state) as (
       (select state from ifsc_branches where bank_id = (select id from ifsc_banks where name = $1) order by state limit 1)
       union all
       select (
         select r.state from ifsc_branches r
         where r.bank_id = (select id from ifsc_banks where name = $1) and r.state > states.state order by r.state limit 1
       )
       from states where states.state is not null
     )
     select state from states where state is not null`,
    [bankName],
  );
  return rows.map((row) => row.state);
}

/** The cities a bank has branches in within a state, sorted. */
export async function citiesOf(db: Queryable, bankName: string, state: string): Promise<string[]> {
  const rows = await db.query<{ city: string }>(
    `select distinct r.city from ifsc_branches r join ifsc_banks k on k.id = r.bank_id
     where k.name = $1 and r.state = $2 order by r.city`,
    [bankName, state],
  );
  return rows.map((row) => row.city);
}

/** A bank's branches in a city, by branch name (then code). */
export async function branchesOf(db: Queryable, bankName: string, state: string, city: string): Promise<IfscDetail[]> {
  return db.query<IfscDetail>(
    `select ${DETAIL_COLUMNS} from ifsc_branches r join ifsc_banks k on k.id = r.bank_id
     where k.name = $1 and r.state = $2 and r.city = $3 order by r.branch, r.ifsc`,
    [bankName, state, city],
  );
}

/** The branch of an IFSC, or null when the directory does not hold it. */
export async function branchOf(db: Queryable, ifsc: string): Promise<IfscDetail | null> {
  const [row] = await db.query<IfscDetail>(`select ${DETAIL_COLUMNS} from ifsc_branches r join ifsc_banks k on k.id = r.bank_id where r.ifsc = $1`, [ifsc]);
  return row ?? null;
}
