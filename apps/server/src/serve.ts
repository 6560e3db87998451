// The server proper (started by main.ts): reads config, opens and migrates the database, seeds the demo data when
// asked, listens.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isEmpty, openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedDemoFiles } from './db/seed/files.ts';
import { startEidSimulators } from './modules/eid/devSimulators.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const seed =
    config.SEED_DEMO === 'always' ||
    (config.SEED_DEMO === 'auto' && database.kind === 'pglite' && (await isEmpty(database.db)));
  if (seed) {
    await seedDemo(database.db);
    await seedDemoFiles(database.db, config.DATA_DIR);
  }

  const eidSimulators = await startEidSimulators(config);
  const app = await buildApp({ config: eidSimulators.config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.scheduler.start(config.SCHEDULER_INTERVAL_MS);
  app.outbox.start(config.OUTBOX_INTERVAL_MS);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.scheduler.stop(); // let a running tick finish, start no new one
    await app.outbox.stop();
    await app.close(); // stops accepting, lets in-flight requests finish
    await database.close();
    await eidSimulators.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
