// `npm start` without SMART_ID_URL / MOBILE_ID_URL: start the Smart-ID and Mobile-ID simulators in this
// process on free ports, point the clients at them and trust their test CA, so every eID method can be tried
// with the demo identities. Never under NODE_ENV=production (a forgotten URL must not trust a test CA there).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export async function startEidSimulators(
  config: Config,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'> = console,
) {
  const none = { config, close: async () => {} };
  if ((config.SMART_ID_URL && config.MOBILE_ID_URL) || process.env.NODE_ENV === 'production') return none;
  let smartMod: typeof import('../../../../../tools/simulators/smart-id.ts');
  let mobileMod: typeof import('../../../../../tools/simulators/mobile-id.ts');
  let caMod: typeof import('../../../../../tools/simulators/testca.ts');
  try {
    smartMod = await import('../../../../../tools/simulators/smart-id.ts');
    mobileMod = await import('../../../../../tools/simulators/mobile-id.ts');
    caMod = await import('../../../../../tools/simulators/testca.ts');
  } catch {
    log.warn('eID simulators are not installed here; set SMART_ID_URL and MOBILE_ID_URL');
    return none;
  }
  const ca = caMod.createTestCa();
  const closers: Array<() => Promise<void>> = [];
  const next = { ...config };
  if (!config.SMART_ID_URL) {
    const sim = await smartMod.startSmartIdSimulator({ ca });
    closers.push(sim.close);
    next.SMART_ID_URL = sim.url;
  }
  if (!config.MOBILE_ID_URL) {
    const sim = await mobileMod.startMobileIdSimulator({ ca });
    closers.push(sim.close);
    next.MOBILE_ID_URL = sim.url;
  }
  const dir = path.resolve(config.DATA_DIR, 'eid-simulator-ca');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'simulator-ca.pem'), ca.certPem);
  next.EID_TRUSTED_CA_DIR = config.EID_TRUSTED_CA_DIR ? `${config.EID_TRUSTED_CA_DIR},${dir}` : dir;
  log.warn(
    `eID simulators in use (development): Smart-ID ${next.SMART_ID_URL}, Mobile-ID ${next.MOBILE_ID_URL}; their test CA is trusted`,
  );
  return { config: next, close: async () => void (await Promise.all(closers.map((c) => c()))) };
}
