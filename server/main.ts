import { loadConfigOrExit } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoContent } from './db/seed';
import { demoAccount } from './db/demo-content';
import { createPasswordHasher } from './security/passwords';

async function main() {
  const config = loadConfigOrExit();

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const hasher = createPasswordHasher();
  const applied = await migrate(db);
  const demo = config.demoContent;
  const seeded = await seedDemoContent(db, hasher, { publicUrl: config.publicUrl, demo, themeColor: config.demoThemeColor });
  const app = await buildApp({ config, db, hasher });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  // The demo password is in the README, never in a log line (docs/security.md).
  if (seeded && demo) app.log.info({ email: demoAccount.email }, 'demo content seeded; log in with the demo account (its password is in the README)');
  else if (seeded) app.log.info('site content seeded: brand, theme, configuration, languages, policies and plans');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: `http://localhost:${config.port}`, database: db.kind === 'postgres' ? 'postgresql' : `pglite ${config.dataDir}` }, 'portal ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
