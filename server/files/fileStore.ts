import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { isTransaction, type Queryable } from '../db/database';
import type { ContentStore } from './contentStore';
import { ParseRefused, type FileParser } from './fileParser';

/** The kinds of file merchants may upload, detected from the content (never the name or the browser's type); each call says which it takes. */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  zip: 'application/zip',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

/** What an upload may be: its largest size (a file must be smaller than it) and its accepted types. */
export interface UploadLimits {
  maxBytes: number;
  types: readonly UploadType[];
}

/** Why an upload was refused; nothing was stored. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: 'tooLarge' | 'type' | 'empty' | 'unreadable' | 'tooManyPages' | 'tooManyPixels' | 'tooComplex' | 'busy' | 'quota',
    /** For a refusal by quota: the merchant's storage, which its text names. */
    readonly storage?: MerchantStorage,
  ) {
    super(`upload refused: ${reason}`);
  }
}

/** A stored file, without its content. */
export interface StoredFile {
  id: string;
  ownerMerchantUuid: string;
  kind: string;
  name: string;
  mimeType: string;
  byteSize: number;
  createdAt: string;
}

/**
 * An upload read from a request: its size and type checked (cheap), its content not yet parsed. The content is held
 * in shared memory, so a parse worker reads it where it is (posting 14 MB to a worker otherwise copies it, 50 ms of
 * this thread); its SHA-256 was taken while it streamed.
 */
export interface ReceivedUpload {
  content: Buffer;
  type: UploadType;
  name: string;
  sha256: string;
}

/**
 * A file that may be stored: an upload inspected by {@link inspectUpload}, a merchant's pages merged (both counted
 * against the merchant's quota), or a document this server wrote (`generated`: an agreement, an addendum; counted,
 * never refused). A {@link ReceivedUpload} is not one: the type says a route cannot store what it has not inspected.
 */
export interface FileToStore {
  content: Uint8Array;
  type: UploadType;
  name: string;
  origin: 'upload' | 'merge' | 'generated';
  /** Its SHA-256 when already known (an upload's, taken while it streamed). */
  sha256?: string;
}

/** How many bytes of an upload are taken in before the request's thread serves others a turn. */
const YIELD_EVERY_BYTES = 256 * 1024;
/** A file at least this large is written one at a time in this process (see oneLargeWriteAtATime). */
const LARGE_WRITE_BYTES = 256 * 1024;

/** What a merchant may keep unless its merchant_storage row says otherwise (migration 020): its one home. */
export const STORAGE_QUOTA = { bytes: 200 * 1024 * 1024, files: 200 } as const;

/** A merchant's storage: what it keeps and what it may keep. */
export interface MerchantStorage {
  bytes: number;
  files: number;
  quotaBytes: number;
  quotaFiles: number;
}

/**
 * Reads an uploaded file's stream, stopping at `limits.maxBytes` (the multipart parser is given the limit too, so a
 * larger file is cut off while it streams and never held whole), then checks what it is from its first bytes: one of
 * the accepted types. Nothing is parsed here: that is {@link inspectUpload}'s, once the route's cheap checks passed.
 * `truncated` is the parser's flag of a file cut at its size limit.
 */
export async function readUpload(stream: Readable & { truncated?: boolean }, declaredName: string, limits: UploadLimits): Promise<ReceivedUpload> {
  // Room for the largest file the limit lets in, reserved not touched: the pages are the kernel's until written.
  const content = Buffer.from(new SharedArrayBuffer(limits.maxBytes));
  const hash = createHash('sha256');
  let size = 0;
  let sinceTurn = 0;
  // Past the limit the rest is read and dropped (the request must be consumed to be answered), never kept.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size + chunk.length < limits.maxBytes) {
      content.set(chunk, size);
      hash.update(chunk);
    }
    size += chunk.length;
    // Chunks already buffered come one after another without a turn of the event loop: every 256 KB (copied, hashed,
    // its fresh pages faulted in) other requests get one.
    sinceTurn += chunk.length;
    if (sinceTurn >= YIELD_EVERY_BYTES) {
      sinceTurn = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (stream.truncated || size >= limits.maxBytes) throw new UploadRefused('tooLarge');
  if (size === 0) throw new UploadRefused('empty');
  const received = content.subarray(0, size);
  const detected = await fileTypeFromBuffer(received);
  const type = (Object.keys(UPLOAD_TYPES) as UploadType[]).find((candidate) => UPLOAD_TYPES[candidate] === detected?.mime);
  if (!type || !limits.types.includes(type)) throw new UploadRefused('type');
  return { content: received, type, name: sanitisedName(declaredName, type), sha256: hash.digest('hex') };
}

/**
 * Parses a received upload within bounds, in a parse worker (its time and memory bounded): an image's header read (its
 * pixels counted, nothing decoded), a PDF's page tree walked. A ZIP is not stored, so not inspected here (its reader
 * bounds itself). Refusals are {@link UploadRefused}.
 */
export async function inspectUpload(upload: ReceivedUpload, parser: FileParser): Promise<FileToStore> {
  if (upload.type !== 'zip') {
    const inspection = await (upload.type === 'pdf' ? parser.inspectPdf(upload.content) : parser.inspectImage(upload.content)).catch((error: unknown) => {
      if (error instanceof ParseRefused) throw new UploadRefused(error.reason);
      throw error;
    });
    if (!inspection.ok) throw new UploadRefused(inspection.problem);
  }
  return { ...upload, origin: 'upload' };
}

/**
 * A file name safe to store and show: the last path segment, without control or reserved characters, at most 100
 * characters, ending in the extension of the type found in the content.
 */
export function sanitisedName(declaredName: string, type: UploadType): string {
  const base = (declaredName.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 90) || 'file';
  return `${stem}.${type}`;
}

/**
 * Stores a file for a merchant, inside the caller's transaction, and counts it in the merchant's storage
 * (merchant_storage). An upload or a merge is refused with UploadRefused('quota') when it would take the merchant past
 * its quota, in the same conditional upsert that counts it: concurrent uploads cannot pass the quota together. A
 * generated document (an agreement, an addendum) is counted, never refused. With an object store the bytes are put
 * there first and the row names them; should the row not be written, or the caller's transaction roll back, the
 * object is deleted again (best effort). Returns the file without its content.
 */
export async function saveFile(db: Queryable, store: ContentStore, upload: FileToStore, owner: { merchantUuid: string; kind: string; createdBy: string | null }): Promise<StoredFile> {
  const bytes = upload.content.length;
  const enforced = upload.origin !== 'generated';
  const counted = await db.query(
    `insert into merchant_storage as s (merchant_uuid, bytes, files) select $1::uuid, $2::bigint, 1 where not $3::boolean or $2::bigint <= $4::bigint
     on conflict (merchant_uuid) do update set bytes = s.bytes + excluded.bytes, files = s.files + 1
      where not $3::boolean or (s.bytes + excluded.bytes <= coalesce(s.quota_bytes, $4::bigint) and s.files + 1 <= coalesce(s.quota_files, $5::integer))
     returning bytes`,
    [owner.merchantUuid, bytes, enforced, STORAGE_QUOTA.bytes, STORAGE_QUOTA.files],
  );
  if (!counted.length) throw new UploadRefused('quota', await storageOf(db, owner.merchantUuid));
  const id = randomUUID();
  const content = Buffer.from(upload.content.buffer, upload.content.byteOffset, upload.content.byteLength);
  const sha256 = upload.sha256 ?? createHash('sha256').update(content).digest('hex');
  const row = { id, owner_merchant_uuid: owner.merchantUuid, kind: owner.kind, name: upload.name, mime_type: UPLOAD_TYPES[upload.type], byte_size: bytes, sha256, created_by: owner.createdBy };
  if (store.kind === 'object') {
    const key = storageKeyOf(owner.merchantUuid, id);
    await store.put(key, content, row.mime_type);
    const forget = () => store.delete(key).catch(() => undefined);
    if (isTransaction(db)) db.onRollback(forget);
    try {
      return storedFileOf(await insertRow(db, row, { column: 'storage_key', sql: '$9', value: key }));
    } catch (error) {
      await forget();
      throw error;
    }
  }
  const bytesIn = bytesParameter(db, content);
  const insert = () => insertRow(db, row, { column: 'content', sql: bytesIn.sql('$9'), value: bytesIn.value });
  return storedFileOf(bytes > LARGE_WRITE_BYTES ? await oneLargeWriteAtATime(insert) : await insert());
}

/** Where a file's object is kept in the bucket: under its merchant, by its id. */
const storageKeyOf = (merchantUuid: string, fileId: string) => `files/${merchantUuid}/${fileId}`;

/** Writes a stored_files row: its bytes in `content`, or the key of its object in `storage_key`. */
async function insertRow(
  db: Queryable,
  row: Omit<FileRow, 'created_at'> & { sha256: string; created_by: string | null },
  where: { column: 'content' | 'storage_key'; sql: string; value: Buffer | string },
): Promise<FileRow> {
  const [stored] = await db.query<FileRow>(
    `insert into stored_files (id, owner_merchant_uuid, kind, name, mime_type, byte_size, sha256, created_by, ${where.column})
     values ($1, $2, $3, $4, $5, $6, $7, $8, ${where.sql})
     returning id, owner_merchant_uuid, kind, name, mime_type, byte_size, created_at`,
    [row.id, row.owner_merchant_uuid, row.kind, row.name, row.mime_type, row.byte_size, row.sha256, row.created_by, where.value],
  );
  return stored!;
}

/** The large writes of this process, one after another (see oneLargeWriteAtATime). */
let largeWrites: Promise<unknown> = Promise.resolve();

/**
 * Runs a large file's write after the one before it has been answered. pg copies a parameter into its message in one
 * go (a 14 MB file: 60 to 80 ms of this thread on this machine, most of it faulting in fresh pages): two such copies in
 * one turn of the event loop would make one stall of twice that for every other request. Holding a transaction while
 * it waits is safe: the write ahead holds no lock the waiting one's merchant needs.
 */
function oneLargeWriteAtATime<T>(write: () => Promise<T>): Promise<T> {
  const turn = largeWrites.then(write);
  largeWrites = turn.catch(() => undefined);
  return turn;
}

/**
 * How a file's bytes go into the database: as a binary parameter to PostgreSQL (pg copies the Buffer into its message;
 * base64 cost 64 ms of this thread for 14 MB), as base64 decoded by the database to PGlite (which encodes a binary
 * parameter byte by byte in JavaScript: seconds for 5 MB).
 */
function bytesParameter(db: Queryable, content: Buffer): { sql: (placeholder: string) => string; value: Buffer | string } {
  if (db.kind === 'postgres') return { sql: (placeholder) => placeholder, value: content };
  return { sql: (placeholder) => `decode(${placeholder}, 'base64')`, value: content.toString('base64') };
}

/**
 * The contents of stored files by id (a file deleted meanwhile is missing). A row's own bytes are read as base64 on
 * both databases (pg reads result rows as text only, and base64 is the shortest text of bytes) and decoded into shared
 * memory a slice at a time (see sharedFromBase64): a parse worker reads them where they are, and other requests are
 * served meanwhile. A row naming an object is read from the object store.
 */
export async function fileContents(db: Queryable, store: ContentStore, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const rows = await db.query<{ id: string; content: string | null; storage_key: string | null }>(
    "select id, encode(content, 'base64') as content, storage_key from stored_files where id = any($1::uuid[])",
    [ids],
  );
  const contents = new Map<string, Buffer>();
  for (const row of rows) {
    const content = row.content === null ? await objectOf(store, row.storage_key) : await sharedFromBase64(row.content);
    if (content) contents.set(row.id, content);
  }
  return contents;
}

/** A file's object, from the object store (a file kept there cannot be read with FILE_STORE=database). */
async function objectOf(store: ContentStore, key: string | null): Promise<Buffer | null> {
  if (key === null) return null;
  if (store.kind !== 'object') throw new Error(`stored file ${key} is kept in object storage, but FILE_STORE is not s3`);
  return store.get(key);
}

/** Base64 decoded per slice: about 230 KB of bytes, then a turn of the event loop for other requests. */
const BASE64_SLICE = 77 * 4096;

/**
 * Base64 as PostgreSQL's encode() writes it, decoded into shared memory. encode() breaks its lines every 76 characters
 * (57 bytes), so a slice of whole lines decodes on its own; a text without those breaks is decoded at once.
 */
async function sharedFromBase64(text: string): Promise<Buffer> {
  const target = Buffer.from(new SharedArrayBuffer(Math.floor((text.length * 3) / 4)));
  const slice = text.length > 76 && text[76] !== '\n' ? text.length : BASE64_SLICE;
  let written = 0;
  for (let start = 0; start < text.length; start += slice) {
    if (start) await new Promise((resolve) => setImmediate(resolve));
    written += target.write(text.slice(start, start + slice), written, 'base64');
  }
  return target.subarray(0, written);
}

/** A merchant's storage and quota (the defaults for a merchant that stored nothing yet). */
async function storageOf(db: Queryable, merchantUuid: string): Promise<MerchantStorage> {
  const [row] = await db.query<{ bytes: string | number; files: number; quota_bytes: string | number; quota_files: number }>(
    'select bytes, files, coalesce(quota_bytes, $2::bigint) as quota_bytes, coalesce(quota_files, $3::integer) as quota_files from merchant_storage where merchant_uuid = $1',
    [merchantUuid, STORAGE_QUOTA.bytes, STORAGE_QUOTA.files],
  );
  if (!row) return { bytes: 0, files: 0, quotaBytes: STORAGE_QUOTA.bytes, quotaFiles: STORAGE_QUOTA.files };
  return { bytes: Number(row.bytes), files: row.files, quotaBytes: Number(row.quota_bytes), quotaFiles: row.quota_files };
}

/**
 * A stored file and its content, if it belongs to one of `merchantUuids` (null: any merchant, for operations staff);
 * otherwise nothing (as if it did not exist).
 */
export async function openFile(db: Queryable, store: ContentStore, id: string, merchantUuids: readonly string[] | null): Promise<{ file: StoredFile; content: Buffer } | null> {
  const [row] = await db.query<FileRow>(
    `select id, owner_merchant_uuid, kind, name, mime_type, byte_size, created_at
       from stored_files where id = $1 and ($2::uuid[] is null or owner_merchant_uuid = any($2::uuid[]))`,
    [id, merchantUuids],
  );
  const content = row && (await fileContents(db, store, [row.id])).get(row.id);
  return row && content ? { file: storedFileOf(row), content } : null;
}

/**
 * A stored file to send to a client, if it belongs to one of `merchantUuids` (null: any merchant), as
 * {@link openFile}: a file in the object store streamed from it as it arrives (never held whole here), a file in its
 * row read from it.
 */
export async function fileToSend(db: Queryable, store: ContentStore, id: string, merchantUuids: readonly string[] | null): Promise<{ file: StoredFile; content: Buffer | Readable } | null> {
  const [row] = await db.query<FileRow & { storage_key: string | null }>(
    `select id, owner_merchant_uuid, kind, name, mime_type, byte_size, created_at, storage_key
       from stored_files where id = $1 and ($2::uuid[] is null or owner_merchant_uuid = any($2::uuid[]))`,
    [id, merchantUuids],
  );
  if (!row) return null;
  const content = row.storage_key !== null && store.kind === 'object' ? await store.stream(row.storage_key) : (await fileContents(db, store, [row.id])).get(row.id);
  return content ? { file: storedFileOf(row), content } : null;
}

interface FileRow {
  id: string;
  owner_merchant_uuid: string;
  kind: string;
  name: string;
  mime_type: string;
  byte_size: number;
  created_at: Date | string;
}

function storedFileOf(row: FileRow): StoredFile {
  return {
    id: row.id,
    ownerMerchantUuid: row.owner_merchant_uuid,
    kind: row.kind,
    name: row.name,
    mimeType: row.mime_type,
    byteSize: row.byte_size,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
