// `npm run db:migrate`: applies the committed migrations to the configured database and closes.
// On PostgreSQL it takes an advisory lock, so it is safe while replicas start.
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    const started = performance.now();
    await database.migrate();
    console.log(`Migrations applied (${database.kind}) in ${Math.round(performance.now() - started)} ms.`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(err instanceof ConfigError ? 2 : 1);
}
