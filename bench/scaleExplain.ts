import type { FastifyInstance } from 'fastify';
import type { Database, Queryable, Transaction } from '../server/db/database';
import type { LoadCall } from './scaleLoad';

/** A statement as the API ran it: its SQL and parameters. */
interface Statement {
  text: string;
  values: unknown[];
}

/** A database that passes everything through and, while a recording runs, notes every statement it is sent. */
export interface RecordingDatabase {
  db: Database;
  /** Runs `work`; answers the statements sent meanwhile (with those of its transactions). */
  record(work: () => Promise<unknown>): Promise<Statement[]>;
}

/** Wraps `inner` so {@link RecordingDatabase.record} can tell which statements a request ran. */
export function recordingDatabase(inner: Database): RecordingDatabase {
  let recorded: Statement[] | null = null;
  const note = (text: string, values: unknown[] | undefined) => recorded?.push({ text, values: values ?? [] });
  const recordingTx = (tx: Transaction): Transaction => ({
    kind: tx.kind,
    onRollback: (undo) => tx.onRollback(undo),
    query: (text, values) => {
      note(text, values);
      return tx.query(text, values);
    },
  });
  const db: Database = {
    kind: inner.kind,
    query: (text, values) => {
      note(text, values);
      return inner.query(text, values);
    },
    exec: (sql) => inner.exec(sql),
    transaction: (work) => inner.transaction((tx) => work(recordingTx(tx))),
    listen: (channel, onMessage) => inner.listen(channel, onMessage),
    close: () => inner.close(),
  };
  return {
    db,
    async record(work) {
      recorded = [];
      try {
        await work();
        return recorded;
      } finally {
        recorded = null;
      }
    },
  };
}

/** The plan of one statement as EXPLAIN ANALYZE gives it (costs and timings of nodes left out), and its time. */
async function plan(db: Queryable, statement: Statement): Promise<{ lines: string[]; ms: number }> {
  const rows = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary on) ${statement.text}`, statement.values);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const time = lines.find((line) => line.startsWith('Execution Time'));
  return { lines: lines.filter((line) => !/^(Planning|Execution) Time/.test(line)), ms: time ? Number(time.replace(/[^0-9.]/g, '')) : Number.NaN };
}

/** The tables a plan reads whole: a name per `Seq Scan on`, to print beside the plan. */
const sequentialScans = (lines: readonly string[]) => [...new Set(lines.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? []))];

/**
 * For every call, one request through the API (`app.inject`), then EXPLAIN ANALYZE of each read it ran, printed with
 * its time; a table read by a sequential scan is named on the call's line. Writes (a session's last use, say) are
 * listed but not explained, since ANALYZE would run them.
 */
export async function explainCalls(app: FastifyInstance, recording: RecordingDatabase, calls: readonly LoadCall[], print: (line: string) => void): Promise<void> {
  for (const call of calls) {
    const { path, token } = call.next();
    let status = 0;
    const statements = await recording.record(async () => {
      status = (await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } })).statusCode;
    });
    const reads = statements.filter((statement) => /^\s*(with|select)\b/i.test(statement.text) && !/\bfor (no key )?update\b/i.test(statement.text));
    const plans = [];
    for (const statement of reads) plans.push({ statement, ...(await plan(recording.db, statement)) });
    const scanned = [...new Set(plans.flatMap((each) => sequentialScans(each.lines)))];
    const total = plans.reduce((sum, each) => sum + each.ms, 0);
    print(`\n${call.name}: ${status}, ${reads.length} reads (${statements.length - reads.length} other statements), ${total.toFixed(2)} ms in the database; ${scanned.length ? `sequential scans of ${scanned.join(', ')}` : 'index scans only'}`);
    for (const each of plans) {
      print(`  ${each.ms.toFixed(3)} ms  ${each.statement.text.replace(/\s+/g, ' ').trim().slice(0, 150)}`);
      for (const line of each.lines) print(`      ${line}`);
    }
  }
}
