// Configuration: a bad variable stops the start with a message naming it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');

describe('loadConfig', () => {
  it('reads defaults from an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: 'auto', PORTAL_TEST_CLOCK: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('parses values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u@db:5432/portal',
      PORTAL_TEST_CLOCK: '1',
      TOKEN_IDLE_HOURS: '0.5',
    });
    expect(c).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://u@db:5432/portal',
      PORTAL_TEST_CLOCK: true,
      TOKEN_IDLE_HOURS: 0.5,
    });
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'sometimes' }, 'SEED_DEMO'],
    [{ PORTAL_TEST_CLOCK: 'yes' }, 'PORTAL_TEST_CLOCK'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SCHEDULER_INTERVAL_MS: '10' }, 'SCHEDULER_INTERVAL_MS'],
  ])('throws ConfigError naming the variable for %o', (env, name) => {
    let err: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(new RegExp(`^\\s+${name}: \\S`, 'm'));
    expect((err as Error).message).toMatch(/^Invalid configuration/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT:[^\n]+\n\s+DATABASE_URL: DATABASE_URL must start with postgres/,
    );
  });
});

describe('main.ts with a bad variable', () => {
  it.each([
    [{ PORT: 'abc' }, /PORT:/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: DATABASE_URL must start with postgres:\/\//],
  ])('exits non-zero with the message for %o, before opening anything', (bad, message) => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: '/nonexistent/never-created',
      LOG_LEVEL: 'silent',
      ...bad,
    };
    const res = spawnSync(process.execPath, [MAIN], { env, encoding: 'utf8', timeout: 20_000 });
    expect(res.status).not.toBe(0);
    expect(res.status).not.toBeNull();
    expect(res.stderr).toMatch(/Invalid configuration/);
    expect(res.stderr).toMatch(message);
    expect(res.stdout).not.toMatch(/listening/i);
  });
});
