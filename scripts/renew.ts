/**
 * `npm run renew`: one auto-renewal pass against the configured database (DATABASE_URL, or the
 * PGlite data directory), then exit. Safe beside running servers and other passes on PostgreSQL
 * (docs/decisions/010); the embedded database is one process's, so stop the portal first.
 * Exit code 1 when a subscription's renewal failed unexpectedly.
 *
 * `--at <ISO date>` runs the pass as of that moment instead of now, as the renewal tests move
 * their clock: a tester or a demo sees the next cycle without waiting a month. Refused when the
 * configuration is production, where a pass ahead of time would charge customers early.
 */
import { loadConfigOrExit } from '../server/config';
import { systemClock, type Clock } from '../server/clock';
import { runPixAutomatico } from '../server/billing/pix-automatico';
import { runRenewals } from '../server/billing/renewal';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { createTranslator, loadBundledMessages } from '../server/i18n';
import { createPasswordHasher } from '../server/security/passwords';
import { createServerServices } from '../server/services';

/** The moment `--at` names, or undefined without it; exits 2 on a bad value or in production. */
function passMoment(argv: readonly string[], env: 'development' | 'production' | 'test'): number | undefined {
  const i = argv.findIndex((a) => a === '--at' || a.startsWith('--at='));
  if (i < 0) return undefined;
  const value = argv[i]!.startsWith('--at=') ? argv[i]!.slice('--at='.length) : argv[i + 1];
  if (env === 'production') {
    console.error('--at is refused in production: a renewal pass ahead of time would charge customers early.');
    process.exit(2);
  }
  const at = value === undefined ? Number.NaN : Date.parse(value);
  if (!Number.isFinite(at)) {
    console.error(`--at needs an ISO date, such as 2026-12-20T12:00:00Z (got ${value ?? 'nothing'}).`);
    process.exit(2);
  }
  return at;
}

const config = loadConfigOrExit();
const at = passMoment(process.argv.slice(2), config.env);
const clock: Clock = at === undefined ? systemClock : { now: () => at };

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const bundled = loadBundledMessages();
  const services = await createServerServices({
    config,
    db,
    clock,
    hasher: createPasswordHasher(),
    bundled,
    errorText: createTranslator(bundled),
  });
  const now = clock.now();
  const summary = await runRenewals(services, { now, log: console });
  const pixAutomatico = await runPixAutomatico(services, { now });
  // The charges a pass as of another date scheduled, by the txid the payer's bank debits: the
  // sandbox bank settles one at POST /api/sandbox/pix-automatico/cobr/{txid}/settle.
  const scheduled =
    at === undefined
      ? undefined
      : await db.query<{ txid: string; id_rec: string; due_at: Date; try_at: Date; amount: string }>(
          "SELECT txid, id_rec, due_at, try_at, amount FROM pix_recurring_charges WHERE status = 'ATIVA' AND created_at = $1 ORDER BY due_at",
          [new Date(now)],
        );
  console.log(
    JSON.stringify({
      ...(at === undefined ? {} : { at: new Date(at).toISOString() }),
      renewals: summary,
      pixAutomatico,
      ...(scheduled ? { pixAutomaticoCharges: scheduled.map((c) => ({ ...c, amount: Number(c.amount) })) } : {}),
    }),
  );
  process.exitCode = summary.skipped > 0 ? 1 : 0;
} finally {
  await db.close();
}
