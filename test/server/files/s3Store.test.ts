import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, type S3Settings } from '../../../server/config';
import { DATABASE_CONTENT } from '../../../server/files/contentStore';
import { saveFile } from '../../../server/files/fileStore';
import { RELEASED_OBJECTS_SWEEP_JOB, sweepReleasedObjects } from '../../../server/files/releasedObjects';
import { s3ContentStore } from '../../../server/files/s3ContentStore';
import { enqueueRecurringJob } from '../../../server/jobs/enqueueRecurringJob';
import { multipartBody, TINY_PNG } from '../multipart';
import { call, freePort, partnershipWithSignatory, testApp, type TestApp } from '../testApp';

const BUCKET = 'onboarding-files';
let t: TestApp;
let server: S3rver;
let folder: string;
let settings: S3Settings;
let client: S3Client;
let store: ReturnType<typeof s3ContentStore>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  server = new S3rver({ address: '127.0.0.1', port, directory: folder, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  await server.run();
  settings = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  client = new S3Client({ ...settings, credentials: settings, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  store = s3ContentStore(settings);
  // The failures below are provoked (a database error mid-upload answers 500); every other answer is checked.
  t = await testApp({ config: { fileStore: { kind: 's3', ...settings } }, allowServerErrors: true });
});
afterAll(async () => {
  await t.close();
  client.destroy();
  store.close();
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

let count = 0;
interface Merchant {
  token: string;
  uuid: string;
}

/** A Partnership with a verified PAN and a signing authority (asked for its PAN card and certificates). */
async function partnership(): Promise<Merchant> {
  return partnershipWithSignatory(t, `s3.store.${++count}.${Date.now()}@example.com`);
}

function upload(m: Merchant, fields: Record<string, string>, file: { field?: string; filename: string; content: Buffer }) {
  const body = multipartBody(fields, [{ field: file.field ?? 'processed_document', filename: file.filename, content: file.content }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/kyc_documents`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
}

async function download(token: string, path: string): Promise<{ status: number; body: Buffer }> {
  const answer = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  return { status: answer.statusCode, body: answer.rawPayload };
}

/** A valid PNG followed by random bytes (a PNG reader stops at IEND; every byte must come back as it went in). */
const pngOfSize = (bytes: number) => Buffer.concat([TINY_PNG, randomBytes(bytes - TINY_PNG.length)]);

/** The keys of a merchant's objects in the bucket. */
async function objectsOf(merchantUuid: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `files/${merchantUuid}/` }));
  return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
}

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

const rowsOf = (merchantUuid: string) =>
  t.db.query<{ id: string; storage_key: string | null; in_row: boolean }>('select id, storage_key, content is not null as in_row from stored_files where owner_merchant_uuid = $1', [merchantUuid]);

/** Makes the database refuse one merchant's rows of `table` (a failure met after the file went to the bucket). */
async function refuseRowsOf(merchantUuid: string, table: 'stored_files' | 'kyc_documents', column: 'owner_merchant_uuid' | 'merchant_uuid'): Promise<void> {
  const name = `refuse_${table}_${merchantUuid.replace(/-/g, '')}`;
  await t.db.exec(`
    create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
    create trigger ${name} before insert on ${table} for each row when (new.${column} = '${merchantUuid}') execute function ${name}();`);
}

describe('files in S3-compatible storage (FILE_STORE=s3)', () => {
  it('keeps an uploaded document in the bucket, serves its exact bytes, and deletes its object with the document', async () => {
    const m = await partnership();
    const content = pngOfSize(700 * 1024);
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content });
    expect(answer.statusCode).toBe(201);
    const document = answer.json().kyc_document;

    const [row] = await rowsOf(m.uuid);
    expect(row).toMatchObject({ storage_key: `files/${m.uuid}/${row!.id}`, in_row: false });
    expect(await objectsOf(m.uuid)).toEqual([row!.storage_key]);
    expect(Buffer.compare(await objectBytes(row!.storage_key!), content)).toBe(0);
    const downloaded = await download(m.token, document.processed_document.path);
    expect(downloaded.status).toBe(200);
    expect(Buffer.compare(downloaded.body, content)).toBe(0);

    expect((await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${document.uuid}`)).statusCode).toBe(204);
    expect(await rowsOf(m.uuid)).toEqual([]);
    expect(await sweepReleasedObjects(t.db, store)).toBe(1);
    expect(await objectsOf(m.uuid)).toEqual([]);
    expect(await t.db.query('select storage_key from released_objects')).toEqual([]);
  });

  it('deletes the objects of deleted documents by the recurring job, queued once for all processes, every minute', async () => {
    const m = await partnership();
    const document = (await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: TINY_PNG })).json().kyc_document;
    expect((await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${document.uuid}`)).statusCode).toBe(204);
    expect(await objectsOf(m.uuid)).toHaveLength(1);
    // The jobs the upload queued run first, so the count below is the sweep's alone.
    await t.app.jobs.runDue();

    const starts = await Promise.all([enqueueRecurringJob(t.db, RELEASED_OBJECTS_SWEEP_JOB, new Date()), enqueueRecurringJob(t.db, RELEASED_OBJECTS_SWEEP_JOB, new Date())]);
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await objectsOf(m.uuid)).toEqual([]);
    expect(await t.db.query('select storage_key from released_objects')).toEqual([]);
    const jobs = await t.db.query<{ state: string; run_at: Date | string }>('select state, run_at from jobs where kind = $1', [RELEASED_OBJECTS_SWEEP_JOB]);
    expect(jobs.map((job) => job.state)).toEqual(['queued']);
    expect(new Date(jobs[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('merges pages read back from the bucket', async () => {
    const m = await partnership();
    const fields = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' };
    const first = (await upload(m, fields, { field: 'uploaded_documents', filename: 'one.png', content: TINY_PNG })).json().attachment;
    const second = (await upload(m, fields, { field: 'uploaded_documents', filename: 'two.png', content: TINY_PNG })).json().attachment;
    const merged = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/kyc_documents/${first.kyc_document_uuid}/merge_documents`, { document_order: [second.id, first.id] });
    expect(merged.statusCode).toBe(200);
    const pdf = await PDFDocument.load((await download(m.token, merged.json().kyc_document.processed_document.path)).body);
    expect(pdf.getPageCount()).toBe(2);
    expect((await rowsOf(m.uuid)).map((row) => row.in_row)).toEqual([false, false, false]);
    expect(await objectsOf(m.uuid)).toHaveLength(3);
  });

  it('still serves a file kept in its row (stored before the bucket was configured)', async () => {
    const m = await partnership();
    const content = pngOfSize(4096);
    const file = await saveFile(t.db, DATABASE_CONTENT, { content, type: 'png', name: 'old.png', origin: 'upload' }, { merchantUuid: m.uuid, kind: 'kyc_page', createdBy: null });
    const downloaded = await download(m.token, `/api/v1/files/${file.id}`);
    expect(downloaded.status).toBe(200);
    expect(Buffer.compare(downloaded.body, content)).toBe(0);
  });

  it('refuses an upload past the quota, leaving no row and no object', async () => {
    const m = await partnership();
    await t.db.query('insert into merchant_storage (merchant_uuid, quota_files) values ($1, 0)', [m.uuid]);
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: pngOfSize(2048) });
    expect(answer.statusCode).toBe(422);
    expect(await rowsOf(m.uuid)).toEqual([]);
    expect(await objectsOf(m.uuid)).toEqual([]);
  });

  it('deletes the object again when its row cannot be written', async () => {
    const m = await partnership();
    await refuseRowsOf(m.uuid, 'stored_files', 'owner_merchant_uuid');
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: pngOfSize(2048) });
    expect(answer.statusCode).toBe(500);
    expect(await rowsOf(m.uuid)).toEqual([]);
    expect(await objectsOf(m.uuid)).toEqual([]);
  });

  it('deletes the object again when the transaction fails after the file was stored', async () => {
    const m = await partnership();
    await refuseRowsOf(m.uuid, 'kyc_documents', 'merchant_uuid');
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: pngOfSize(2048) });
    expect(answer.statusCode).toBe(500);
    expect(await rowsOf(m.uuid)).toEqual([]);
    expect(await t.db.query('select 1 from merchant_storage where merchant_uuid = $1 and files > 0', [m.uuid])).toEqual([]);
    expect(await objectsOf(m.uuid)).toEqual([]);
  });
});

describe('configFromEnv() FILE_STORE', () => {
  it('keeps files in the database by default', () => {
    expect(configFromEnv({}).fileStore).toEqual({ kind: 'database' });
  });

  it('names every S3 setting FILE_STORE=s3 lacks', () => {
    expect(() => configFromEnv({ FILE_STORE: 's3', S3_BUCKET: 'files' })).toThrow(
      /S3_ENDPOINT must be set[\s\S]*S3_REGION must be set[\s\S]*S3_ACCESS_KEY_ID must be set[\s\S]*S3_SECRET_ACCESS_KEY must be set/,
    );
    expect(() => configFromEnv({ FILE_STORE: 'disk' })).toThrow(/FILE_STORE must be one of database, s3/);
  });

  it('reads the bucket settings', () => {
    const env = { FILE_STORE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'files', S3_REGION: 'ap-south-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' };
    expect(configFromEnv(env).fileStore).toEqual({ kind: 's3', endpoint: 'http://127.0.0.1:9000', bucket: 'files', region: 'ap-south-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
  });
});
