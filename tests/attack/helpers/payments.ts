/**
 * What the payment attack suites share beyond server-process.ts and portal-client.ts: the spawned
 * server's database opened from the test (to dump it, to set rows' timestamps instead of waiting),
 * phone accounts whose numbers cannot be mistaken for card numbers, and the card-number search.
 */
import { afterAll } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database';
import { randomPhone, signUp, type Account } from './portal-client';
import { attackDatabase, startServerProcess, type ServerProcess } from './server-process';

export function openAttackDb(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url });
}

/** Registers clean-ups run after the file's tests, last first (a server before its database). */
export function useCleanups(): (cleanup: () => Promise<void>) => void {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  return (cleanup) => void cleanups.push(cleanup);
}

/**
 * A spawned server on a fresh PostgreSQL database, and that database opened from the test.
 * `env` is read again at each restart, so a suite may change it between runs (CRASH_AT).
 */
export async function serverOnFreshDatabase(port: number, env: Record<string, string>, defer: (cleanup: () => Promise<void>) => void) {
  const database = await attackDatabase();
  defer(() => database.drop());
  env.DATABASE_URL = database.url;
  const server: ServerProcess = await startServerProcess({ port, env });
  defer(() => server.kill());
  const db: Database = await openAttackDb(database.url);
  defer(() => db.close());
  return { database, server, db };
}

/** Luhn's check, written here rather than imported, so the search does not trust the code it checks. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A new phone account, signed in, whose number in every form the portal writes it (national
 * digits, with the country code) fails Luhn: a 13-digit `+55…` phone would otherwise pass one time
 * in ten and be reported as a card number.
 */
export async function signUpPlain(baseUrl: string, password = 'attack-password-1'): Promise<Account> {
  let phone: string;
  do phone = randomPhone();
  while (luhn(phone) || luhn(`55${phone}`));
  return signUp(baseUrl, password, phone);
}

export interface CardSearch {
  /** Maximal runs of 12 to 19 digits looked at. */
  runs: number;
  /** Of those, the ones that are epoch milliseconds within the run's time span (log times, row times). */
  timestamps: number;
  /** …and the ones that are the decimals of a number (pino's `responseTime`: 6.317920000001). */
  fractions: number;
  /** …and the ones inside a hexadecimal token: a UUID, a hash, a key or bytea written as hex. */
  hex: number;
  /** The other runs that pass Luhn: each one could be a card number. */
  cardLike: string[];
}

/**
 * Every maximal run of 12–19 digits in `text` that passes Luhn, leaving out only the decimals of
 * a number and epoch milliseconds between `since` and `until` (pino's `time`, JSON dates as
 * numbers): 13-digit runs a card number of that length cannot be told apart from, which the
 * portal writes by the thousand. A card number starting with 17 or 18 and 13 digits long would be missed; the suites
 * use 16-digit numbers.
 *
 * Runs inside a hexadecimal token are left out too: random hex holds a Luhn-valid run of 12+ digits
 * about once in 140 SHA-256 hashes, and the dump holds hundreds of hashes and UUIDs, so counting them
 * made the check fail on chance. A card number written whole into such a token would still be
 * found by the suites' exact search for every number they paid with.
 */
export function searchCardNumbers(text: string, since: number, until: number): CardSearch {
  const result: CardSearch = { runs: 0, timestamps: 0, fractions: 0, hex: 0, cardLike: [] };
  for (const { 0: run, index } of text.matchAll(/(?<!\d)\d{12,19}(?!\d)/g)) {
    result.runs++;
    if (/\d\.$/.test(text.slice(Math.max(0, index - 2), index))) {
      result.fractions++;
      continue;
    }
    const n = Number(run);
    if (run.length === 13 && n >= since && n <= until) {
      result.timestamps++;
      continue;
    }
    if (inHexToken(text, index, run.length)) {
      result.hex++;
      continue;
    }
    if (luhn(run)) result.cardLike.push(run);
  }
  return result;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the digits at `index` are part of a UUID or of a hex string of 24+ characters with a letter in it. */
function inHexToken(text: string, index: number, length: number): boolean {
  const around = (chars: RegExp) => {
    let start = index;
    let end = index + length;
    while (start > 0 && chars.test(text[start - 1]!)) start--;
    while (end < text.length && chars.test(text[end]!)) end++;
    return text.slice(start, end);
  };
  if (UUID.test(around(/[0-9a-f-]/i))) return true;
  const hex = around(/[0-9a-f]/i);
  return hex.length >= 24 && /[a-f]/i.test(hex);
}

/** Every row of every table of the public schema, as JSON text (bytea as hex and UTF-8). */
export async function dumpDatabase(db: Database): Promise<{ tables: number; rows: number; text: string }> {
  const tables = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  let rows = 0;
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const data = await db.query<Record<string, unknown>>(`SELECT * FROM "${table_name}"`);
    rows += data.length;
    parts.push(
      JSON.stringify(data, (_k, v: unknown) => {
        if (v instanceof Uint8Array) return `${Buffer.from(v).toString('hex')} ${Buffer.from(v).toString('utf8')}`;
        if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data)) {
          const b = Buffer.from((v as { data: number[] }).data);
          return `${b.toString('hex')} ${b.toString('utf8')}`;
        }
        return v;
      }),
    );
  }
  return { tables: tables.length, rows, text: parts.join('\n') };
}

/** Waits until nothing answers at `url` (a process that killed itself); false if it still answers after `timeoutMs`. */
export async function waitUntilDown(url: string, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/api/site/theme/v1`);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * After a kill -9: what the dead process had sent still runs to its end in PostgreSQL (a key's
 * claim, an attempt may commit a moment after the process is gone), and its open transactions
 * roll back once their connection is seen closed. Waits until nothing but idle sessions is left
 * on the database: the caller's own queries must all have returned.
 */
export async function deadSessionsEnded(db: Database, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [busy] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'",
    );
    if (Number(busy!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the dead process still has statements running after ${timeoutMs} ms`);
}

/**
 * After a kill -9: what a live process could still be finishing is made old enough to settle
 * rather than waited for: charges left `charging` (past reconciliation's grace), idempotency keys
 * in progress (past their lease), renewal claims (past the stale takeover). Each is set back from
 * its own time, so it holds on a server whose clock was moved forward (TEST_CLOCK).
 */
export async function ageUnfinished(db: Database): Promise<void> {
  await db.query(
    "UPDATE payment_attempts SET created_at = created_at - interval '10 minutes', updated_at = updated_at - interval '10 minutes' WHERE status = 'charging'",
  );
  await db.query("UPDATE idempotency_keys SET created_at = created_at - interval '10 minutes' WHERE state = 'in_progress'");
  await db.query("UPDATE subscriptions SET renewing_since = renewing_since - interval '16 minutes' WHERE renewing_since IS NOT NULL");
}

/**
 * A kill -9 at a random moment: armed by every answer a suite counts, it fires a few milliseconds
 * after the `after`th one, so requests are in flight at every stage of their work when it does.
 * `onKill` runs first (the suite stops sending); `stop` disarms it at the end of a run.
 */
export function randomKiller(server: { kill(signal?: NodeJS.Signals): Promise<void> }, after: number, onKill: () => void) {
  let killer: NodeJS.Timeout | undefined;
  let answers = 0;
  return {
    answered() {
      if (killer || ++answers < after) return;
      killer = setTimeout(() => {
        onKill();
        void server.kill('SIGKILL');
      }, Math.random() * 40);
    },
    stop: () => clearTimeout(killer),
  };
}
