import type { Readable } from 'node:stream';

/**
 * Where stored files' bytes live. `database`: in their stored_files row (the default: PGlite works alone, and several
 * processes on one PostgreSQL share them). `object`: in an S3-compatible bucket, one object per file under the row's
 * storage_key, the row keeping only the metadata.
 */
export type ContentStore = DatabaseContent | ObjectStore;

/** The bytes in the stored_files row itself, written and read with it. */
export interface DatabaseContent {
  readonly kind: 'database';
}

/** An object store: bytes put, read and deleted by key. */
export interface ObjectStore {
  readonly kind: 'object';
  put(key: string, content: Uint8Array, mimeType: string): Promise<void>;
  /** The object's bytes in shared memory (a parse worker reads them where they are); null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object's bytes as they arrive, to pass on to a client without holding them; null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Deletes the object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** Today's store: files' bytes in the database. */
export const DATABASE_CONTENT: DatabaseContent = { kind: 'database' };
