import type { FileStoreSettings } from '../config';
import { DATABASE_CONTENT, type ContentStore } from './contentStore';
import { s3ContentStore } from './s3ContentStore';

/** The content store FILE_STORE chose, and how to let it go when the app closes. */
export function contentStoreFor(settings: FileStoreSettings): { store: ContentStore; close(): void } {
  if (settings.kind === 'database') return { store: DATABASE_CONTENT, close: () => undefined };
  const store = s3ContentStore(settings);
  return { store, close: () => store.close() };
}
