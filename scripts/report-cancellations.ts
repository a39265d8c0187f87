/**
 * `npm run report:cancellations`: for the product owner, why customers turn auto-renewal off
 * (docs/decisions/057): a count per reason, how many took the retention offer instead, and the
 * texts written with "other", read from the configured database (DATABASE_URL, or the PGlite
 * data directory). Read-only, safe beside running servers.
 */
import { loadConfigOrExit } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { otherTexts, reasonCounts } from '../server/repositories/cancellation-repository';

const config = loadConfigOrExit();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const counts = await reasonCounts(db);
  const rows = counts.map((c) => ({ reason: c.reason, total: c.cancelled + c.kept, cancelled: c.cancelled, 'kept (offer taken)': c.kept }));
  console.log('Why customers turned auto-renewal off');
  if (rows.length === 0) console.log('No answers yet.');
  else console.table(rows);
  const texts = await otherTexts(db);
  if (texts.length > 0) {
    console.log(`\n"Other": what they wrote (newest first, at most ${texts.length})`);
    for (const t of texts) console.log(`- ${new Date(t.at).toISOString().slice(0, 10)} [${t.outcome}] ${t.text.replace(/\s+/g, ' ')}`);
  }
} finally {
  await db.close();
}
