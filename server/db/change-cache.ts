import { ANY_TABLE, type ChangeFeed } from './change-feed';

export interface ChangeCache<V> {
  /** The kept value for `key` without waiting, or undefined. */
  peek(key: string): V | undefined;
  /**
   * The kept value for `key`, or `build`'s, which is kept unless a change to what it was built
   * from came in while it was built (it may have read the rows before the change) or the cache
   * may not keep anything now. `scope` names the account whose rows the value reads, when a change
   * can be told apart by account (migration 013 notifies `orders:<uid>` and the like); a function
   * reads it from the value, for a key that does not name the account (a session token's hash).
   */
  get(key: string, build: () => Promise<V>, scope?: string | ((value: V) => string)): Promise<V>;
}

interface Kept<V> {
  value: V;
  scope: string | undefined;
}

interface Build<V> {
  promise: Promise<V>;
  /** Unknown until built (a function): then any change to the tables may concern it. */
  scope: string | ((value: V) => string) | undefined;
  stale: boolean;
}

/**
 * Values built from rows of `tables`, dropped when a change to them commits (docs/decisions/027):
 * a change notified for an account (`table:uid`) drops that account's values, any other change
 * drops everything. `localOnly`: keep values only while every writer of the database is this
 * process (PGlite), because another process's write would be seen a few milliseconds late, and
 * data a user just changed must not be read back stale. A cache lives as long as its database.
 */
export function createChangeCache<V>(
  feed: ChangeFeed,
  tables: readonly string[],
  { maxEntries = 1_000, localOnly = false }: { maxEntries?: number; localOnly?: boolean } = {},
): ChangeCache<V> {
  const watched = new Set(tables);
  const kept = new Map<string, Kept<V>>();
  const building = new Map<string, Build<V>>();
  const keeping = () => feed.live && (!localOnly || feed.local);

  function drop(scope: string | undefined) {
    for (const [key, entry] of kept) if (scope === undefined || entry.scope === scope) kept.delete(key);
    // A build that may have read the rows before the change must neither be kept nor joined.
    for (const [key, b] of building) {
      if (scope !== undefined && typeof b.scope === 'string' && b.scope !== scope) continue;
      b.stale = true;
      building.delete(key);
    }
  }
  feed.subscribe((change) => {
    if (change === ANY_TABLE) return drop(undefined);
    const [table = '', scope] = change.split(':', 2);
    if (watched.has(table)) drop(scope);
  });

  return {
    peek: (key) => (keeping() ? kept.get(key)?.value : undefined),

    get(key, buildValue, scope) {
      if (!keeping()) return buildValue();
      const hit = kept.get(key);
      if (hit) return Promise.resolve(hit.value);
      const pending = building.get(key);
      if (pending) return pending.promise;
      const b: Build<V> = {
        scope,
        stale: false,
        promise: buildValue().then(
          (value) => {
            if (building.get(key) === b) building.delete(key);
            if (!b.stale && keeping()) {
              // Keys come from a bounded set (operations × languages × filters, or the accounts
              // in use); the bound is a backstop, so dropping the oldest is enough.
              if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
              kept.set(key, { value, scope: typeof scope === 'function' ? scope(value) : scope });
            }
            return value;
          },
          (error: unknown) => {
            if (building.get(key) === b) building.delete(key);
            throw error;
          },
        ),
      };
      building.set(key, b);
      return b.promise;
    },
  };
}
