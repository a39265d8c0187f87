import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP password-storage cheat sheet: argon2id, 19 MiB, 2 iterations, parallelism 1.
const options = {
  algorithm: 2 /* Argon2id: the package's const enum cannot be imported under verbatimModuleSyntax */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export class HashQueueFullError extends Error {
  constructor() {
    super('Too many password checks are waiting');
    this.name = 'HashQueueFullError';
  }
}

/**
 * How many hashes may run at once: one core is left to the event loop (with two hashes on a
 * two-core machine the public reads' p99 doubled under 20 logins in flight, docs/decisions/027),
 * and one thread of libuv's pool (4 unless UV_THREADPOOL_SIZE says otherwise) is left to the file
 * system and DNS work that shares it.
 */
export function defaultHashConcurrency(cores = availableParallelism(), threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4): number {
  return Math.max(1, Math.min(cores - 1, threadPool - 1));
}

/**
 * Runs at most `concurrency` hashes at once (on libuv's thread pool, off the event loop) and
 * refuses beyond `maxWaiting` with HashQueueFullError (503 serviceBusy), so a burst of logins can
 * neither stall the server nor grow memory without bound: each running hash holds 19 MiB.
 */
export function createPasswordHasher({ concurrency = defaultHashConcurrency(), maxWaiting = 200 } = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new HashQueueFullError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  return {
    hash: (password: string) => withSlot(() => hash(password, options)),
    /** Constant-time comparison is done inside argon2's verify. */
    verify: (passwordHash: string, password: string) => withSlot(() => verify(passwordHash, password).catch(() => false)),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
