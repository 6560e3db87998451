import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

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
  /** How long an outbox claim holds a row without renewal; renewed every third of it while a delivery runs. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** A session token expires after this many hours without use. */
  TOKEN_IDLE_HOURS: z.coerce.number().positive().default(12),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Trust X-Forwarded-For from a proxy in front (set to 1 behind a load balancer that overwrites it). */
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /**
   * The address people open the portal at; links in e-mails (password reset, invitation) start with it.
   * Default: http://localhost:PORT.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'PUBLIC_URL must start with http:// or https://')
    .optional(),
  /** Overrides the SMTP server of the e-mail settings (development and tests point it at the catcher). */
  SMTP_URL: z.string().optional(),
  /** Smart-ID RP API v2 base URL (e.g. https://rp-api.smart-id.com/v2); unset: the built-in simulator. */
  SMART_ID_URL: optionalUrl,
  SMART_ID_RP_UUID: z.string().uuid().default('00000000-0000-0000-0000-000000000000'),
  SMART_ID_RP_NAME: z.string().min(1).default('DEMO'),
  /** Mobile-ID REST base URL (e.g. https://mid.sk.ee/mid-api); unset: the built-in simulator. */
  MOBILE_ID_URL: optionalUrl,
  MOBILE_ID_RP_UUID: z.string().uuid().default('00000000-0000-0000-0000-000000000000'),
  MOBILE_ID_RP_NAME: z.string().min(1).default('DEMO'),
  /** Folder(s) of PEM or DER CA certificates that eID user certificates must chain to (comma-separated). */
  EID_TRUSTED_CA_DIR: z.string().optional(),
  /**
   * Business Central (the ERP). Unset: no business system is configured (the sync buttons say so). See
   * docs/operations.md#business-central; `tools/simulators/business-central.ts` prints values for its simulator.
   */
  BC_API_URL: optionalUrl,
  BC_TOKEN_URL: optionalUrl,
  BC_CLIENT_ID: z.string().optional(),
  BC_CLIENT_SECRET: z.string().optional(),
  BC_SCOPE: z.string().min(1).default('https://api.businesscentral.dynamics.com/.default'),
  /** The company's id or name; default: the first company. */
  BC_COMPANY: z.string().optional(),
  /** The portal's custom API pages (pre-orders, item references); default derived from BC_API_URL. */
  BC_PORTAL_API_URL: optionalUrl,
  BC_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  BC_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  /** The site origin the ID card signs (Web eID), e.g. https://hanked.example.ee; default http://localhost:PORT. */
  WEB_EID_ORIGIN: z
    .string()
    .regex(
      /^https?:\/\/[^/]+$/,
      'WEB_EID_ORIGIN must be an origin such as https://portal.example.ee (no path)',
    )
    .optional(),
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
