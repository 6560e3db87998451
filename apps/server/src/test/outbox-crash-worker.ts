// A server process for the outbox crash test on PGlite (lib/outbox.test.ts): opens the embedded database in the
// given data directory, runs one outbox pass and, inside the first e-mail delivery, says so on stdout and works
// until the test kills the whole process.
//   node outbox-crash-worker.ts <data dir> <app clock ISO time>
import { openDatabase } from '../db/client.ts';
import { freeze } from '../lib/clock.ts';
import { OutboxWorker } from '../lib/outbox.ts';

const [dataDir, at] = process.argv.slice(2);
freeze(new Date(at));
const database = await openDatabase({ dataDir });
const worker = new OutboxWorker(database.db, {
  email: async (payload) => {
    process.stdout.write(`delivering ${String(payload.n)}\n`);
    await new Promise(() => {}); // working… until the process dies
  },
});
await worker.runOnce();
