// The server proper (started by main.ts): reads config, opens and migrates the database, seeds the demo data when
// asked, listens.
import { buildApp } from './app.ts';
import { ConfigError, dbTimeouts, loadConfig } from './config.ts';
import { isEmpty, openDatabase } from './db/client.ts';
import { dbFaultOf } from './db/faults.ts';
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
  // A connection PostgreSQL closed is logged and replaced; it never ends the process (docs/operations.md).
  let logConnectionError = (err: Error, pool: string) =>
    console.warn(`database connection of pool ${pool} closed: ${err.message}`);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
    timeouts: dbTimeouts(config),
    onConnectionError: (err, pool) => logConnectionError(err, pool),
  });
  // A database that is not there yet (starting beside the server, failing over) is waited for, not given up on.
  for (let attempt = 1; ; attempt++) {
    try {
      await database.migrate();
      break;
    } catch (err) {
      if (!dbFaultOf(err) || attempt >= 30) throw err;
      console.warn(`database not reachable (${(err as Error).message}); trying again in 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  const seed =
    config.SEED_DEMO === 'always' ||
    (config.SEED_DEMO === 'auto' && database.kind === 'pglite' && (await isEmpty(database.db)));
  if (seed) {
    await seedDemo(database.db);
    await seedDemoFiles(database.db, config.DATA_DIR);
  }

  const eidSimulators = await startEidSimulators(config);
  const app = await buildApp({ config: eidSimulators.config, database });
  logConnectionError = (err, pool) =>
    app.log.warn({ err, pool }, 'database connection closed; it is replaced');
  await app.listen({ port: config.PORT, host: config.HOST });
  app.scheduler.start(config.SCHEDULER_INTERVAL_MS);
  app.outbox.start(config.OUTBOX_INTERVAL_MS);

  // Graceful stop (docs/operations.md "Stopping"): readiness answers 503 at once so the load balancer moves away,
  // the scheduler and the outbox finish what they run and release their claims, the server stops accepting and lets
  // running requests finish, then the pools close. Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'stop took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await Promise.all([app.scheduler.stop(), app.outbox.stop()]);
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
      await eidSimulators.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'stop failed');
      process.exit(1);
    }
  };
  // A rejection nobody awaited (a background promise meeting a lost connection) is logged, not fatal.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
