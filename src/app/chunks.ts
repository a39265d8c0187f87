/** Spec section 9: a route's code that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A route's code could not be loaded (network, a new deployment, the timeout). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Loads a route's code, failing as a ChunkLoadError when it fails or takes longer than `ms`. */
export async function loadChunk<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
