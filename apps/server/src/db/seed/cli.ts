// `npm run seed:demo`: opens the database of the configuration (DATABASE_URL, or PGlite under DATA_DIR),
// migrates it, loads the demo data set unless it is already there, and closes.
import { ConfigError, loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedDemo } from './demo.ts';
import { seedDemoFiles } from './files.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    await database.migrate();
    const started = performance.now();
    const { seeded } = await seedDemo(database.db);
    await seedDemoFiles(database.db, config.DATA_DIR);
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
    console.log(
      seeded
        ? `Demo data loaded into ${where} in ${Math.round(performance.now() - started)} ms. Log in as admin@demo.ee / Demo2026parts.`
        : `Demo data already present in ${where}; nothing changed.`,
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(err instanceof ConfigError ? 2 : 1);
}
