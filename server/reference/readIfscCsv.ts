import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse';

/** One branch of the IFSC directory. */
export interface IfscBranch {
  ifsc: string;
  bank_name: string;
  branch: string;
  address: string;
  city: string;
  district: string;
  state: string;
}

/** A row left out of an import, and why (its line in the file counts the header as line 1). */
export interface SkippedRow {
  line: number;
  reason: string;
}

/** The branches a file holds (one per IFSC: a repeated code keeps its last row) and the rows left out. */
export interface IfscCsv {
  format: 'rbi-two-file' | 'razorpay';
  branches: IfscBranch[];
  skipped: SkippedRow[];
}

/** Four letters, a zero, six letters or digits: the shape of every IFSC RBI assigns. */
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** The columns of the two-file format (the sample in server/reference/ifsc/) and of Razorpay's IFSC.csv. */
const TWO_FILE_COLUMNS = ['ifsc', 'bank_id', 'branch', 'address', 'city', 'district', 'state'];
const RAZORPAY_COLUMNS = ['bank', 'ifsc', 'branch', 'centre', 'district', 'state', 'address', 'city'];

type CsvRow = { [column: string]: string | undefined };

/** The rows of a CSV file as objects keyed by its lower-cased header names, with each row's line number. */
async function* csvRows(path: string): AsyncGenerator<{ header: string[]; row: CsvRow; line: number }> {
  let header: string[] = [];
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      columns: (names: string[]) => (header = names.map((name) => name.trim().toLowerCase())),
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{ record: CsvRow; info: { lines: number } }>) {
    yield { header, row: record, line: info.lines };
  }
}

const missing = (header: string[], columns: string[]) => columns.filter((column) => !header.includes(column));

/** The bank names of a two-file import's `banks.csv` (name,id), by id. */
async function readBankNames(path: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for await (const { header, row } of csvRows(path)) {
    const absent = missing(header, ['name', 'id']);
    if (absent.length) throw new Error(`${path} is not a bank list: its header lacks ${absent.join(', ')} (expected name,id)`);
    if (row.id && row.name) names.set(row.id, row.name);
  }
  return names;
}

/**
 * Reads an IFSC directory file, telling its format by its header: RBI's two-file format (branches with
 * `ifsc,bank_id,branch,address,city,district,state` and a bank list `name,id`, by default the `banks.csv`
 * beside it) or Razorpay's single `IFSC.csv` (`BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,…,CITY,…`,
 * whose CITY falls back to CENTRE). Codes are upper-cased; a row without a well-formed code, a bank, a
 * state or a city is skipped and reported.
 */
export async function readIfscCsv(path: string, options: { banksPath?: string } = {}): Promise<IfscCsv> {
  const byIfsc = new Map<string, IfscBranch>();
  const skipped: SkippedRow[] = [];
  let format: IfscCsv['format'] | undefined;
  let bankNames: Map<string, string> | undefined;

  for await (const { header, row, line } of csvRows(path)) {
    if (!format) {
      if (missing(header, TWO_FILE_COLUMNS).length === 0) {
        format = 'rbi-two-file';
        bankNames = await readBankNames(options.banksPath ?? join(dirname(path), 'banks.csv'));
      } else if (missing(header, RAZORPAY_COLUMNS).length === 0) {
        format = 'razorpay';
      } else {
        throw new Error(
          `${path}: unknown header "${header.join(',')}". Expected RBI's two-file format (${TWO_FILE_COLUMNS.join(',')}, ` +
            `with --banks banks.csv) or Razorpay's IFSC.csv (${RAZORPAY_COLUMNS.map((column) => column.toUpperCase()).join(',')}, …)`,
        );
      }
    }
    const text = (column: string) => row[column] ?? '';
    const branch: IfscBranch = {
      ifsc: text('ifsc').toUpperCase(),
      bank_name: format === 'razorpay' ? text('bank') : (bankNames?.get(text('bank_id')) ?? ''),
      branch: text('branch'),
      address: text('address'),
      city: text('city') || text('centre'),
      district: text('district'),
      state: text('state'),
    };
    const reason = !IFSC_PATTERN.test(branch.ifsc)
      ? `malformed IFSC "${branch.ifsc}"`
      : !branch.bank_name
        ? format === 'razorpay'
          ? 'no bank name'
          : `bank_id "${text('bank_id')}" is not in the bank list`
        : !branch.state || !branch.city
          ? 'no state or city'
          : undefined;
    if (reason) skipped.push({ line, reason });
    else byIfsc.set(branch.ifsc, branch);
  }
  if (!format) throw new Error(`${path} holds no rows`);
  return { format, branches: [...byIfsc.values()], skipped };
}
