import path from 'node:path';

import { z } from 'zod';

/** A yes/no setting; unset or blank means `fallback`. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));
const bool = flag(false);

/** Every setting the server reads from the environment, in one place. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  APP_NAME: z.string().default('Bloomline'),
  APP_URL: z.string().default(''),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  /** `false` behind a pooler in transaction mode (PgBouncer), which cannot keep prepared statements. */
  DATABASE_PREPARED_STATEMENTS: flag(true),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('.data'),
  SESSION_SECRET: z.string().optional(),
  SESSION_COOKIE: z.string().optional(),
  SESSION_LIFETIME_MINUTES: z.coerce.number().int().min(1).default(120),
  SECURE_COOKIES: bool,
  TRUST_PROXY: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bloomline <no-reply@bloomline.example>'),
  SUPPORT_PHONE: z.string().default('+27 21 555 0100'),
  SUPPORT_EMAIL: z.string().default('support@bloomline.example'),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  XERO_CLIENT_ID: z.string().optional(),
  XERO_CLIENT_SECRET: z.string().optional(),
  XERO_REDIRECT_URI: z.string().optional(),
  XERO_IDENTITY_URL: z.string().default('https://identity.xero.com'),
  XERO_LOGIN_URL: z.string().default('https://login.xero.com/identity/connect/authorize'),
  XERO_API_URL: z.string().default('https://api.xero.com'),
  /** How long a call to the accounting service may take before it counts as not answering (a 503). */
  XERO_TIMEOUT_SECONDS: z.coerce.number().min(0.01).max(120).default(10),
  /** How long order totals and dashboard counts may be reused (0: counted on every request). */
  COUNT_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  SEED_ORDERS: z.coerce.number().int().min(0).default(3000),
  /**
   * How often each instance looks for queued month-end statement mails (another instance may have queued them);
   * 0: only when a run starts in this process and once at start-up.
   */
  STATEMENT_RUN_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** How often an idle instance asks for e-mail jobs (pg-boss; at least 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(3600).default(2),
  /** Tries of each e-mail in all; between tries the wait doubles from MAIL_RETRY_SECONDS. */
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * When the month-end statements run starts by itself (cron, read in Johannesburg time; once across the
   * fleet): 06:00 on the 1st. Blank: never by itself.
   */
  MONTH_END_SCHEDULE: z.string().default('0 6 1 * *'),
  /** Run the schedules and the jobs' upkeep (off in tests). */
  JOBS_SCHEDULE: flag(true),
  /** After SIGTERM: how long requests in flight and the job in hand may take before they are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
  /**
   * After SIGTERM and before the listener closes: /ready answers 503 meanwhile, for balancers that check it
   * (nginx's own balancing needs none: a closed port moves it on).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** /metrics on the app's port answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it is not there. */
  METRICS_TOKEN: z.string().optional(),
  /** /metrics on a port of its own (no token), on METRICS_HOST (this machine only by default). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Appends every SQL statement and its parameters to this file (for `npm run bench`; never in production). */
  SQL_TRACE_FILE: z.string().optional(),
  /**
   * Push service hosts (host or host:port) accepted as subscription endpoints beside the browsers' own, over
   * http too: the tests' local stand-in push service. Comma-separated; never needed in production.
   */
  PUSH_ENDPOINT_HOSTS: z.string().default(''),
  /** Who the push services may contact about this server's alerts (VAPID `sub`): a mailto: or https: URL. */
  PUSH_CONTACT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const slug = c.APP_NAME.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return {
    env: c.NODE_ENV,
    appName: c.APP_NAME,
    /** For links without a request to answer (e-mails): APP_URL, or this machine's address when unset. */
    appUrl: c.APP_URL || `http://localhost:${String(c.PORT)}`,
    /** APP_URL when it is set: then every URL uses it; unset, URLs in answers use the request's own address. */
    configuredAppUrl: c.APP_URL.trim().replace(/\/+$/, '') || undefined,
    host: c.HOST,
    port: c.PORT,
    databaseUrl: c.DATABASE_URL || undefined,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePreparedStatements: c.DATABASE_PREPARED_STATEMENTS,
    sqlTraceFile: c.SQL_TRACE_FILE ? path.resolve(c.SQL_TRACE_FILE) : undefined,
    dataDir: path.resolve(c.DATA_DIR),
    sessionSecret: c.SESSION_SECRET,
    session: {
      cookieName: c.SESSION_COOKIE ?? `${slug}_session`,
      lifetimeMinutes: c.SESSION_LIFETIME_MINUTES,
      secure: c.SECURE_COOKIES,
    },
    trustProxy: c.TRUST_PROXY,
    mail: { smtpUrl: c.SMTP_URL || undefined, from: c.MAIL_FROM },
    support: { phone: c.SUPPORT_PHONE, email: c.SUPPORT_EMAIL },
    mapTileUrl: c.MAP_TILE_URL,
    xero: {
      clientId: c.XERO_CLIENT_ID,
      clientSecret: c.XERO_CLIENT_SECRET,
      redirectUri: c.XERO_REDIRECT_URI,
      identityUrl: c.XERO_IDENTITY_URL,
      loginUrl: c.XERO_LOGIN_URL,
      apiUrl: c.XERO_API_URL,
      timeoutMs: c.XERO_TIMEOUT_SECONDS * 1000,
    },
    countCacheMs: c.COUNT_CACHE_SECONDS * 1000,
    seedOrders: c.SEED_ORDERS,
    statementRunPollMs: c.STATEMENT_RUN_POLL_SECONDS * 1000,
    jobs: {
      pollSeconds: c.JOB_POLL_SECONDS,
      schedule: c.JOBS_SCHEDULE,
      monthEndCron: c.MONTH_END_SCHEDULE.trim(),
    },
    mailRetry: { attempts: c.MAIL_ATTEMPTS, retrySeconds: c.MAIL_RETRY_SECONDS },
    shutdown: { graceMs: c.SHUTDOWN_GRACE_SECONDS * 1000, delayMs: c.SHUTDOWN_DELAY_SECONDS * 1000 },
    metrics: {
      token: c.METRICS_TOKEN || undefined,
      port: c.METRICS_PORT || undefined,
      host: c.METRICS_HOST,
    },
    push: {
      extraHosts: c.PUSH_ENDPOINT_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      contact: c.PUSH_CONTACT || `mailto:${c.SUPPORT_EMAIL}`,
    },
    logLevel: c.LOG_LEVEL,
    webDist: c.WEB_DIST ? path.resolve(c.WEB_DIST) : undefined,
  };
}
