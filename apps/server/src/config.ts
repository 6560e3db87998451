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
  /** PostgreSQL connections of one server process for requests and background work (docs/operations.md). */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** Time-outs of every PostgreSQL connection, in ms (0: PostgreSQL's own setting); see docs/operations.md. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(3_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** How long a request waits for a pooled connection (or a new one to open) before it answers 503. */
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  /** The statement time-out of reports and exports (their own small pool). */
  DB_LONG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  /** The statement time-out of migrations at start (also their wait for another replica's migration). */
  DB_MIGRATION_TIMEOUT_MS: z.coerce.number().int().min(0).default(600_000),
  /** How long the readiness answer waits for the database before it says 503. */
  READINESS_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
  /** After SIGTERM: how long running requests and deliveries may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /**
   * A bearer token that GET /api/metrics/ (Prometheus) requires. Unset: the route answers 404, so metrics are off
   * until an operator chooses a token.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must have at least 16 characters').optional(),
  /** Load the demo data set on start when the database is empty (default: on for the embedded database). */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  PORTAL_TEST_CLOCK: bool,
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** How long an outbox claim holds a row without renewal; renewed every third of it while a delivery runs. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** A session token expires after this many hours without use. */
  TOKEN_IDLE_HOURS: z.coerce.number().positive().default(12),
  /** Failed password logins per account (e-mail) per 15 minutes before 429; shared by every replica. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Failed logins (password and eID) per client address per 15 minutes before 429: an office behind one NAT. */
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(100),
  /** Completed supplier registrations per client address per hour. */
  REGISTRATION_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Completed supplier registrations per hour, all addresses together. */
  REGISTRATION_HOURLY_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Password recovery requests per client address per hour. */
  RECOVERY_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Password recovery requests per hour, all addresses together. */
  RECOVERY_HOURLY_LIMIT: z.coerce.number().int().min(1).default(200),
  /** Account mails (registration, recovery) per recipient address per hour; beyond it nothing more is sent. */
  ACCOUNT_MAIL_RECIPIENT_LIMIT: z.coerce.number().int().min(1).default(3),
  /** The administrators get at most one new-supplier mail per this many minutes. */
  NEW_SUPPLIER_MAIL_MINUTES: z.coerce.number().int().min(1).default(15),
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

/** The database time-outs of a configuration (db/client.ts). */
export const dbTimeouts = (config: Config) => ({
  statementMs: config.DB_STATEMENT_TIMEOUT_MS,
  lockMs: config.DB_LOCK_TIMEOUT_MS,
  idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
  longStatementMs: config.DB_LONG_STATEMENT_TIMEOUT_MS,
  migrationMs: config.DB_MIGRATION_TIMEOUT_MS,
});

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({}),
  LOG_LEVEL: 'silent',
  PORTAL_TEST_CLOCK: true,
  SEED_DEMO: 'never',
  ...overrides,
});
