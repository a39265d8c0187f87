// Storage faults the walks arrange on the real server for an unexpected answer (HTTP 500, -2499),
// each with its repair: a fault lasts until the answer it was arranged for has come, and no path
// leaves one to the next.
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { useTestServer } from '../helpers/test-server';

type Server = ReturnType<typeof useTestServer>;
type Repair = () => Promise<void>;

/** A table renamed away: the server's next statement on it fails (-2499). Returns the repair. */
export async function storageFault(server: Server, table: string): Promise<Repair> {
  await server.db.query(`ALTER TABLE ${table} RENAME TO ${table}_unavailable`);
  return async () => void (await server.db.query(`ALTER TABLE ${table}_unavailable RENAME TO ${table}`));
}

/** Writing a row of `table` fails, while the reads before it still work. Returns the repair. */
export async function insertFault(server: Server, table: string): Promise<Repair> {
  await server.db.query(
    `CREATE OR REPLACE FUNCTION model_walk_fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'storage fault arranged by the model walk'; END $$ LANGUAGE plpgsql`,
  );
  await server.db.query(`CREATE TRIGGER model_walk_fault BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION model_walk_fault()`);
  return async () => void (await server.db.query(`DROP TRIGGER model_walk_fault ON ${table}`));
}

/** What a world arranged for the answer named `arranging`, each undone once that answer has come. */
export class ArrangedFaults {
  private undo: Array<{ answer: string; run: Repair }> = [];
  /** The answer being arranged: a fault lasts until that answer has come. */
  arranging = '';

  constructor(private readonly server: Server) {}

  /**
   * Starts arranging `event`'s answer, which the faults from now on last until. Returns what it asks
   * for: the invocation it answers, its refusal's code if it is one, and whether it is a failure.
   */
  begin(event: EventObject): { id: string | undefined; refusal: number | undefined; fail: boolean } {
    this.arranging = event.type;
    const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
    const output = (event as { output?: { kind?: string; errCode?: number } }).output;
    return { id, refusal: output?.kind === 'refused' ? output.errCode : undefined, fail: kind === 'error' };
  }

  /**
   * `event`'s answer has come: the faults arranged for it end, and the real answer was the one the
   * path expected: a refusal's catalogue code, or the storage failure (-2499), is in the context.
   */
  async answered(reached: AnyMachineSnapshot, event: EventObject) {
    await this.repair(event.type);
    const output = (event as { output?: { kind?: string; errCode?: number } }).output;
    if (output?.kind === 'refused') expect(reached.context.errCode).toBe(output.errCode);
    if (event.type.startsWith('xstate.error.actor.')) expect(reached.context.error).toMatchObject({ errCode: -2499 });
  }

  /** Any change to server state, with the way back. */
  add(run: Repair) {
    this.undo.push({ answer: this.arranging, run });
  }

  async breakTable(table: string) {
    this.add(await storageFault(this.server, table));
  }

  async breakInserts(table: string) {
    this.add(await insertFault(this.server, table));
  }

  /** Ends the faults arranged for `answer` (all of them without one). */
  async repair(answer?: string) {
    const due = this.undo.filter((u) => answer === undefined || u.answer === answer);
    this.undo = this.undo.filter((u) => !due.includes(u));
    for (const u of due) await u.run();
  }
}
