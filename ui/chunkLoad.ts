/** How long a lazily loaded module may take to arrive before it counts as failed (onboarding spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A lazily loaded module that did not arrive: its download failed, or took longer than {@link CHUNK_LOAD_TIMEOUT_MS}. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** `loading`, failing with a {@link ChunkLoadError} when it fails or has not settled after {@link CHUNK_LOAD_TIMEOUT_MS}. */
export function withinChunkLoadTimeout<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`not loaded after ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)), CHUNK_LOAD_TIMEOUT_MS);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}
