import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import type { Queryable } from '../db/database';

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
  constructor(readonly reason: 'tooLarge' | 'type' | 'empty' | 'unreadable') {
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

/** An upload read and checked, ready to store. */
export interface CheckedUpload {
  content: Buffer;
  type: UploadType;
  name: string;
}

/**
 * Reads an uploaded file's stream, stopping at `limits.maxBytes` (the multipart parser is given the limit too, so a
 * larger file is cut off while it streams and never held whole), then checks what it is from its bytes: one of the
 * accepted types, and a PDF that parses. The content is held in memory once. `truncated` is the parser's flag of a
 * file cut at its size limit.
 */
export async function readUpload(stream: Readable & { truncated?: boolean }, declaredName: string, limits: UploadLimits): Promise<CheckedUpload> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and dropped (the request must be consumed to be answered), never kept.
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size < limits.maxBytes) chunks.push(chunk as Buffer);
  }
  if (stream.truncated || size >= limits.maxBytes) throw new UploadRefused('tooLarge');
  if (size === 0) throw new UploadRefused('empty');
  const content = Buffer.concat(chunks, size);
  const detected = await fileTypeFromBuffer(content);
  const type = (Object.keys(UPLOAD_TYPES) as UploadType[]).find((candidate) => UPLOAD_TYPES[candidate] === detected?.mime);
  if (!type || !limits.types.includes(type)) throw new UploadRefused('type');
  if (type === 'pdf' && (await pdfPageCount(content)) === 0) throw new UploadRefused('unreadable');
  return { content, type, name: sanitisedName(declaredName, type) };
}

/** The pages of a PDF as pdf-lib reads them; 0 for one that does not parse (pdf-lib is lenient with broken files). */
async function pdfPageCount(content: Buffer): Promise<number> {
  try {
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    return document.getPageCount();
  } catch {
    return 0;
  }
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

/** Stores a checked upload for a merchant; returns it without its content. */
export async function saveFile(db: Queryable, upload: CheckedUpload, owner: { merchantUuid: string; kind: string; createdBy: string | null }): Promise<StoredFile> {
  const id = randomUUID();
  const sha256 = createHash('sha256').update(upload.content).digest('hex');
  const [row] = await db.query<FileRow>(
    `insert into stored_files (id, owner_merchant_uuid, kind, name, mime_type, byte_size, sha256, content, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, decode($8, 'base64'), $9)
     returning id, owner_merchant_uuid, kind, name, mime_type, byte_size, created_at`,
    // Sent as base64 and decoded by the database: PGlite encodes a binary parameter byte by byte in JavaScript
    // (seconds for 5 MB), base64 is native on both sides (tens of milliseconds).
    [id, owner.merchantUuid, owner.kind, upload.name, UPLOAD_TYPES[upload.type], upload.content.length, sha256, upload.content.toString('base64'), owner.createdBy],
  );
  return storedFileOf(row!);
}

/**
 * A stored file and its content, if it belongs to one of `merchantUuids` (null: any merchant, for operations staff);
 * otherwise nothing (as if it did not exist).
 */
export async function openFile(db: Queryable, id: string, merchantUuids: readonly string[] | null): Promise<{ file: StoredFile; content: Buffer } | null> {
  const [row] = await db.query<FileRow & { content: string }>(
    `select id, owner_merchant_uuid, kind, name, mime_type, byte_size, created_at, encode(content, 'base64') as content
       from stored_files where id = $1 and ($2::uuid[] is null or owner_merchant_uuid = any($2::uuid[]))`,
    [id, merchantUuids],
  );
  return row ? { file: storedFileOf(row), content: Buffer.from(row.content, 'base64') } : null;
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
