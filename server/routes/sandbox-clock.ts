import type { FastifyInstance } from 'fastify';
import { runPaymentJobs } from '../billing/payment-jobs';
import { runPixAutomatico } from '../billing/pix-automatico';
import { RENEWAL_BATCH, runRenewals } from '../billing/renewal';
import type { Database } from '../db/database';
import type { OffsetClock } from '../clock';
import type { ServerServices } from '../services';

/**
 * The test clock (docs/decisions/069): on a server started with TEST_CLOCK=on, which production
 * refuses (server/config.ts), `POST /api/sandbox/clock` with `{ "advanceMs": n }` moves time
 * forward and runs what the time wakes, once, as the server's own jobs soon would: the payment
 * jobs, the renewal passes and PIX Automático's. `GET` answers the server's time. The offset is
 * kept in site_settings, so a server started again (or a second process, at its start) keeps it.
 * Outside the contract, like the sandbox bank.
 */

const KEY = 'testClock';
/** The longest single move: past a year the plans' own periods are the better test. */
const MAX_ADVANCE_MS = 400 * 86_400_000;

export async function storedClockOffset(db: Database): Promise<number> {
  const [row] = await db.query<{ offset: string | null }>("SELECT value->>'offsetMs' AS offset FROM site_settings WHERE key = $1", [KEY]);
  return Number(row?.offset ?? 0);
}

export function registerSandboxClock(app: FastifyInstance, services: ServerServices, clock: OffsetClock) {
  app.get('/api/sandbox/clock', async () => ({ now: clock.now(), offsetMs: clock.offset() }));
  app.post<{ Body: { advanceMs?: unknown } | null }>('/api/sandbox/clock', async (request, reply) => {
    const advance = request.body?.advanceMs;
    if (!Number.isSafeInteger(advance) || (advance as number) <= 0 || (advance as number) > MAX_ADVANCE_MS)
      return reply.status(400).send({ error: `advanceMs is a whole number of milliseconds from 1 to ${MAX_ADVANCE_MS}` });
    // Moves add up in the database, in one statement, so two at once (two tabs, two processes, a
    // request the server died under) never lose one. A lost move turned the clock back at the next
    // start, and what was stamped meanwhile lay in the future: a key held for days, a charge left
    // charging that reconciliation never found due. The process's clock only moves forward.
    const [row] = await services.db.query<{ offset: string }>(
      `INSERT INTO site_settings (key, value) VALUES ($1, jsonb_build_object('offsetMs', $2::bigint))
       ON CONFLICT (key) DO UPDATE SET value = jsonb_build_object('offsetMs', COALESCE((site_settings.value->>'offsetMs')::bigint, 0) + $2::bigint)
       RETURNING value->>'offsetMs' AS offset`,
      [KEY, advance],
    );
    const offset = Math.max(clock.offset(), Number(row!.offset));
    clock.setOffset(offset);
    const jobs = await runPaymentJobs(services, request.log);
    let renewed = 0;
    for (;;) {
      const pass = await runRenewals(services, { now: clock.now(), log: request.log });
      renewed += pass.renewed;
      if (pass.claimed < RENEWAL_BATCH) break;
    }
    const pix = await runPixAutomatico(services, { now: clock.now() });
    return { now: clock.now(), offsetMs: offset, jobs: { ...jobs, renewed, pixAutomatico: pix } };
  });
}
