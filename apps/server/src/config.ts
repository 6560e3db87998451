import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Load the demo data set on start when the database is empty (default: on for the embedded database). */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  PORTAL_TEST_CLOCK: bool,
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** A session token expires after this many hours without use. */
  TOKEN_IDLE_HOURS: z.coerce.number().positive().default(12),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Trust X-Forwarded-For from a proxy in front (set to 1 behind a load balancer that overwrites it). */
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Overrides the SMTP server of the e-mail settings (development and tests point it at the catcher). */
  SMTP_URL: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Parses the environment once; a bad variable stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  LOG_LEVEL: 'silent',
  PORTAL_TEST_CLOCK: true,
  SEED_DEMO: 'never',
  ...overrides,
});
