/**
 * `npm run renew`: one auto-renewal pass against the configured database (DATABASE_URL, or the
 * PGlite data directory), then exit. Safe beside running servers and other passes
 * (docs/decisions/010). Exit code 1 when a subscription's renewal failed unexpectedly.
 */
import { loadConfigOrExit } from '../server/config';
import { systemClock } from '../server/clock';
import { runPixAutomatico } from '../server/billing/pix-automatico';
import { runRenewals } from '../server/billing/renewal';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { createTranslator, loadBundledMessages } from '../server/i18n';
import { createPasswordHasher } from '../server/security/passwords';
import { createServerServices } from '../server/services';

const config = loadConfigOrExit();

const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const bundled = loadBundledMessages();
  const services = await createServerServices({
    config,
    db,
    clock: systemClock,
    hasher: createPasswordHasher(),
    bundled,
    errorText: createTranslator(bundled),
  });
  const summary = await runRenewals(services, { now: systemClock.now(), log: console });
  const pixAutomatico = await runPixAutomatico(services, { now: systemClock.now() });
  console.log(JSON.stringify({ renewals: summary, pixAutomatico }));
  process.exitCode = summary.skipped > 0 ? 1 : 0;
} finally {
  await db.close();
}
