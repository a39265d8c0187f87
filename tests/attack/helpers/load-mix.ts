/**
 * What the multi-process and load suites share: a connection to the run's database to count what
 * the servers stored, waiting for the database-backed per-minute windows, and latency figures.
 */
import pg from 'pg';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` for 0…n-1 with at most `width` under way at once, in order of index. */
export async function inBatches<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < n; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, n - start) }, (_, k) => task(start + k)))));
  }
  return results;
}

/** A few connections of the suite's own to the database the servers use, to count rows they wrote. */
export function openSql(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
      return (await pool.query(sql, params)).rows as T[];
    },
    /** The single number a `SELECT count(*)::int AS n …` answers. */
    async count(sql: string, params: unknown[] = []): Promise<number> {
      return Number((await pool.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0);
    },
    end: () => pool.end(),
  };
}
export type Sql = ReturnType<typeof openSql>;

/**
 * The per-IP limits count in fixed one-minute windows (routes/account.ts `withinLimit`). A burst
 * that straddled two windows would be allowed twice the limit for a reason that has nothing to do
 * with the processes, so a suite starts its bursts with at least `needMs` of a window left.
 */
export async function freshWindow(needMs: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await sleep(left + 50);
}

/** Polls `check` until it answers true; throws with `what` when `timeoutMs` passes first. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** The q-quantile (0…1) of a list of latencies, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** One kind of request in a weighted mix: `send` answers whether it succeeded, with why not. */
export interface MixKind<C> {
  name: string;
  weight: number;
  send(client: C): Promise<{ ok: true } | { ok: false; why: string }>;
}

export interface KindFigures {
  name: string;
  sent: number;
  failed: number;
  reqPerSec: number;
  p50: number;
  p99: number;
}

export interface MixFigures {
  seconds: number;
  sent: number;
  reqPerSec: number;
  kinds: KindFigures[];
  /** Why requests failed (network error, 5xx, a refusal), with how many, most frequent first. */
  failures: [string, number][];
}

/**
 * `clients.length` loops, each with one request in flight, picking kinds by weight until
 * `seconds` have passed: the load a pool of that many concurrent users makes.
 */
export async function runMix<C>(clients: readonly C[], kinds: readonly MixKind<C>[], seconds: number): Promise<MixFigures> {
  const totalWeight = kinds.reduce((sum, k) => sum + k.weight, 0);
  const latencies = kinds.map(() => [] as number[]);
  const failed = kinds.map(() => 0);
  const why = new Map<string, number>();
  const pick = () => {
    let r = Math.random() * totalWeight;
    for (const [i, k] of kinds.entries()) if ((r -= k.weight) < 0) return i;
    return kinds.length - 1;
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const i = pick();
        const t0 = performance.now();
        let outcome: Awaited<ReturnType<MixKind<C>['send']>>;
        try {
          outcome = await kinds[i]!.send(client);
        } catch (error) {
          outcome = { ok: false, why: `network: ${(error as Error).message}` };
        }
        latencies[i]!.push(performance.now() - t0);
        if (!outcome.ok) {
          failed[i]!++;
          const key = `${kinds[i]!.name}: ${outcome.why}`;
          why.set(key, (why.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sent = latencies.reduce((sum, l) => sum + l.length, 0);
  return {
    seconds: elapsed,
    sent,
    reqPerSec: sent / elapsed,
    kinds: kinds.map((k, i) => ({
      name: k.name,
      sent: latencies[i]!.length,
      failed: failed[i]!,
      reqPerSec: latencies[i]!.length / elapsed,
      p50: quantile(latencies[i]!, 0.5),
      p99: quantile(latencies[i]!, 0.99),
    })),
    failures: [...why].sort((x, y) => y[1] - x[1]),
  };
}
