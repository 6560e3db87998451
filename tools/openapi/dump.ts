// Writes the API's OpenAPI document to a file (default: openapi.json in the current folder), from the app built
// on an in-memory database; `npm run lint:api` lints it with Redocly (rules in redocly.yaml).
//   node tools/openapi/dump.ts [out.json]
import fs from 'node:fs';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';

const out = process.argv[2] ?? 'openapi.json';
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config: testConfig(), database });
await app.ready();
const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
fs.writeFileSync(out, JSON.stringify(res.json(), null, 2));
await app.close();
await database.close();
console.log(`wrote ${out}`);
