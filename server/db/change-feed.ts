import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * The channel migration 013's triggers notify after a transaction that changed a watched table
 * commits; the payload is the table's name (docs/decisions/027).
 */
export const DATA_CHANGED_CHANNEL = 'portal_data_changed';
/**
 * What subscribers hear when changes may have gone unseen: everything may have changed. Other
 * payloads are a table's name, or `table:uid` for a change to one account's rows.
 */
export const ANY_TABLE = '*';

/** How a cache learns that rows it was built from changed, in this process or another one. */
export interface ChangeFeed {
  /** Calls `onChange` with a table's name, or ANY_TABLE; returns the unsubscribe. */
  subscribe(onChange: (table: string) => void): () => void;
  /** False while changes may go unseen (the listening connection is down): caches must not answer then. */
  readonly live: boolean;
  /**
   * True when every writer of the database is this process (PGlite), so every change is seen
   * before the write that made it resolves; false when other processes write too (PostgreSQL).
   */
  readonly local: boolean;
}

function listenerSet() {
  const listeners = new Set<(table: string) => void>();
  return {
    subscribe(onChange: (table: string) => void) {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    emit(table: string) {
      for (const onChange of listeners) onChange(table);
    },
  };
}

/**
 * PGlite is one connection in this process, so every writer is this process, and PGlite hands a
 * notification to its listener before the query that caused it resolves: a change is seen before
 * the code that made it goes on.
 */
export async function pgliteChangeFeed(db: PGlite): Promise<ChangeFeed> {
  const listeners = listenerSet();
  await db.listen(DATA_CHANGED_CHANNEL, (payload) => listeners.emit(payload || ANY_TABLE));
  return { subscribe: listeners.subscribe, live: true, local: true };
}

const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * On PostgreSQL other processes write too. One dedicated connection listens for their changes;
 * it is checked every 15 s, and while it is down (or being replaced) the feed is not live, so
 * caches stop answering rather than answer stale. Every pool connection listens as well: a
 * session receives its own notification before the ReadyForQuery of the statement that caused it,
 * so this process's own writes are seen before they resolve, as on PGlite.
 */
export function postgresChangeFeed(driver: typeof pg, connectionString: string, log: (message: string) => void) {
  const listeners = listenerSet();
  const onNotification = (message: pg.Notification) => {
    if (message.channel === DATA_CHANGED_CHANNEL) listeners.emit(message.payload || ANY_TABLE);
  };

  let live = false;
  let closing = false;
  let listener: pg.Client | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1_000;

  function reconnectLater() {
    if (closing) return;
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        log(`change notifications still down (${error.message}); retrying in ${delay} ms`);
        reconnectLater();
      });
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
  }

  function lost(client: pg.Client, why: string) {
    if (listener !== client) return;
    listener = undefined;
    live = false;
    clearInterval(heartbeat);
    listeners.emit(ANY_TABLE);
    client.end().catch(() => undefined);
    if (closing) return;
    log(`change notifications lost (${why}); reconnecting in ${delay} ms`);
    reconnectLater();
  }

  async function connect() {
    const client = new driver.Client({ connectionString, keepAlive: true });
    client.on('notification', onNotification);
    // Registered first, so an error while connecting is not an unhandled 'error' event.
    client.on('error', (error) => lost(client, error.message));
    client.on('end', () => lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closing) return void (await client.end());
    listener = client;
    // Anything may have changed while nobody listened.
    listeners.emit(ANY_TABLE);
    live = true;
    delay = 1_000;
    heartbeat = setInterval(() => {
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS).unref());
      Promise.race([client.query('SELECT 1'), timeout]).catch((error: Error) => lost(client, error.message));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  return {
    subscribe: listeners.subscribe,
    get live() {
      return live;
    },
    local: false,
    /** The pool's `onConnect`: the connection listens before it runs its first query. */
    async onPoolConnect(client: pg.ClientBase) {
      client.on('notification', onNotification);
      await client.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
    },
    /** Connects the dedicated listener; the feed is live once this resolves. */
    start: connect,
    async close() {
      closing = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      live = false;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
