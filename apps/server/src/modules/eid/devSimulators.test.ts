// `npm start` without service URLs: the simulators start in-process, the clients point at them and their test CA
// is trusted; with both URLs set, or under NODE_ENV=production, nothing starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { startEidSimulators } from './devSimulators.ts';
import { loadCaDir } from './x509.ts';

const quiet = { warn() {}, info() {} };
const env = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = env;
});

describe('eID simulators at start', () => {
  it('start when no URL is set: both URLs answer and the trusted folder holds their CA', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eid-sim-'));
    process.env.NODE_ENV = 'development';
    const sims = await startEidSimulators(testConfig({ DATA_DIR: dataDir }), quiet);
    try {
      expect(sims.config.SMART_ID_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sims.config.MOBILE_ID_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const trusted = loadCaDir(sims.config.EID_TRUSTED_CA_DIR);
      expect(trusted.map((c) => c.subject.commonName)).toEqual(['TEST of Portal eID Simulator CA']);
      const res = await fetch(`${sims.config.SMART_ID_URL}/session/00000000-0000-0000-0000-000000000000`);
      expect(res.status).toBe(404);
    } finally {
      await sims.close();
    }
  });

  it('keep a configured trusted folder and add theirs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eid-sim-'));
    process.env.NODE_ENV = 'development';
    const sims = await startEidSimulators(
      testConfig({
        DATA_DIR: dataDir,
        EID_TRUSTED_CA_DIR: '/etc/eid-ca',
        SMART_ID_URL: 'https://sid.example',
      }),
      quiet,
    );
    try {
      expect(sims.config.SMART_ID_URL).toBe('https://sid.example');
      expect(sims.config.EID_TRUSTED_CA_DIR).toBe(`/etc/eid-ca,${path.resolve(dataDir, 'eid-simulator-ca')}`);
    } finally {
      await sims.close();
    }
  });

  it('do not start with both URLs set, nor under NODE_ENV=production', async () => {
    const both = testConfig({ SMART_ID_URL: 'https://sid.example', MOBILE_ID_URL: 'https://mid.example' });
    expect((await startEidSimulators(both, quiet)).config).toBe(both);
    process.env.NODE_ENV = 'production';
    const none = testConfig();
    expect((await startEidSimulators(none, quiet)).config).toBe(none);
  });
});
