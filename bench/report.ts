/**
 * What every bench module reports into: rows of the printed table (a figure next to its budget and
 * the baseline it is a ratio of) and the raw figures for bench/results.json. Budgets are judged on
 * ratios against a baseline measured in the same run; absolute times are reported, never judged,
 * because the machines are shared and noisy.
 */
export interface Row {
  /** The table this row is printed in: 'web', 'api' or 'tests'. */
  section: 'web' | 'api' | 'tests';
  name: string;
  /** The measured figure, with its unit, and the baseline's when it is a ratio. */
  figure: string;
  /** The budget as the issue states it, or 'reported' / 'reference'. */
  budget: string;
  /** true: holds; false: misses; null: reported only. */
  holds: boolean | null;
  /** Why a budget cannot be met and what was tried, printed under the table. */
  note?: string;
}

export interface BenchContext {
  root: string;
  rows: Row[];
  /** Raw figures, keyed by module then measure; written to bench/results.json. */
  results: Record<string, unknown>;
  /** Seconds of load per route (autocannon); BENCH_SECONDS, default 10. */
  seconds: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
