// Runtime configuration from environment variables (docs/configuration.md lists them).
import path from 'node:path';

export type Config = {
  port: number;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL for the heavy reads (reports, their exports, statistics);
   * unset: everything reads from the primary (server/db/replica.ts).
   */
  databaseReplicaUrl: string | undefined;
  /**
   * Connections each PostgreSQL pool (the primary's, the replica's) keeps at most (DATABASE_POOL_MAX). A request
   * waits for one when all are busy; more only help while PostgreSQL has cores to spare (docs/deployment.md).
   */
  databasePoolMax: number;
  /** The most a heavy read may lag behind the primary, in seconds (REPLICA_MAX_LAG); a replica further behind is skipped. */
  replicaMaxLagSeconds: number;
  /** HS256 signing secret; unset means one is generated and kept in app_settings. */
  jwtSecret: string | undefined;
  /** Access token lifetime in seconds. */
  accessTtl: number;
  /** Refresh token lifetime in seconds: a session unused this long ends (sliding, each refresh restarts it). */
  refreshTtl: number;
  /** Absolute session lifetime in seconds from sign-in; refreshing never extends a session past it. */
  sessionMaxAge: number;
  /** Seed the demo centre into an empty database. */
  demo: boolean;
  staticDir: string;
  localesDir: string;
  /** scrypt cost parameter N for new password hashes (a power of two). */
  scryptN: number;
  /**
   * Reverse proxies in front of the app that append to X-Forwarded-For (0: none, the header is ignored, since
   * anyone reaching the app directly could forge it and dodge the per-address sign-in limit).
   */
  trustProxyHops: number;
  /** The public lead form's limits: posts per address, and per key, in 15 minutes (LEAD_FORM_PER_ADDRESS/_PER_KEY). */
  leadForm: { perAddress: number; perKey: number };
  /**
   * Browser tests only: honour an `X-Test-Now` request header as the request's instant (server/http/testClock.ts).
   * Off unless TEST_CLOCK_HEADER=1.
   */
  testClockHeader: boolean;
  /** Benchmarks: a Server-Timing header on every response (server/http/serverTiming.ts). Off unless REQUEST_TIMING=1. */
  requestTiming: boolean;
  /** The Eskiz SMS gateway; null when ESKIZ_EMAIL and ESKIZ_PASSWORD are unset (no SMS is sent). */
  eskiz: EskizConfig | null;
  /** Payme's Merchant API; null when PAYME_MERCHANT_ID and PAYME_KEY are unset (the endpoint refuses every call). */
  payme: PaymeConfig | null;
  /** Click's SHOP API; null when CLICK_SERVICE_ID, CLICK_MERCHANT_ID and CLICK_SECRET_KEY are unset. */
  click: ClickConfig | null;
  /** The parents' Telegram bot; null when TELEGRAM_BOT_TOKEN is unset (no bot, every message goes by SMS). */
  telegram: TelegramConfig | null;
};

export type PaymeConfig = {
  merchantId: string;
  /** The cashbox key Payme signs its calls with (Basic `Paycom:<key>`). */
  key: string;
  /** Where a parent's payment link points (PAYME_CHECKOUT_URL). */
  checkoutUrl: string;
};

export type ClickConfig = {
  serviceId: string;
  merchantId: string;
  secretKey: string;
  /** Where a parent's payment link points (CLICK_PAY_URL). */
  payUrl: string;
};

export type TelegramConfig = {
  token: string;
  /** The Bot API's address (TELEGRAM_API_BASE_URL): https://api.telegram.org, or a local fake in the tests. */
  baseUrl: string;
  /** Set: updates arrive on POST /api/telegram/webhook/ with this secret token header; unset: long polling. */
  webhookSecret: string | undefined;
  /** The bot's @username for the parents' links (TELEGRAM_BOT_USERNAME); unset: asked of the Bot API (getMe). */
  username: string | undefined;
};

export type EskizConfig = {
  baseUrl: string;
  email: string;
  password: string;
  /** The sender name or short number the SMS shows (SMS_FROM). */
  from: string;
  /** Where Eskiz reports delivery (ESKIZ_CALLBACK_URL); unset: no delivery reports. */
  callbackUrl: string | undefined;
};

type Env = Record<string, string | undefined>;

/** node-postgres's own default; 20 measured worse under the staff workload on 2 cores (docs/deployment.md). */
export const DEFAULT_POOL_MAX = 10;

function int(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  }
  return value;
}

function optional(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function url(env: Env, name: string, fallback?: string): string | undefined {
  const raw = optional(env, name) ?? fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw;
}

function eskizFromEnv(env: Env): EskizConfig | null {
  const email = optional(env, 'ESKIZ_EMAIL');
  const password = optional(env, 'ESKIZ_PASSWORD');
  const baseUrl = url(env, 'ESKIZ_BASE_URL', 'https://notify.eskiz.uz/api') as string;
  const callbackUrl = url(env, 'ESKIZ_CALLBACK_URL');
  if (!email && !password) return null;
  if (!email || !password) throw new Error('ESKIZ_EMAIL and ESKIZ_PASSWORD must be set together');
  return { baseUrl, email, password, from: optional(env, 'SMS_FROM') ?? '4546', callbackUrl };
}

/** A provider's keys: all of `names` or none (a half-configured provider is a mistake, not "off"). */
function keySet(env: Env, provider: string, names: string[]): string[] | null {
  const values = names.map((n) => optional(env, n));
  if (values.every((v) => v === undefined)) return null;
  if (values.some((v) => v === undefined)) throw new Error(`${names.join(', ')} must be set together (${provider})`);
  return values as string[];
}

function paymeFromEnv(env: Env): PaymeConfig | null {
  const checkoutUrl = url(env, 'PAYME_CHECKOUT_URL', 'https://checkout.paycom.uz') as string;
  const keys = keySet(env, 'Payme', ['PAYME_MERCHANT_ID', 'PAYME_KEY']);
  return keys && { merchantId: keys[0], key: keys[1], checkoutUrl };
}

function clickFromEnv(env: Env): ClickConfig | null {
  const payUrl = url(env, 'CLICK_PAY_URL', 'https://my.click.uz/services/pay') as string;
  const keys = keySet(env, 'Click', ['CLICK_SERVICE_ID', 'CLICK_MERCHANT_ID', 'CLICK_SECRET_KEY']);
  return keys && { serviceId: keys[0], merchantId: keys[1], secretKey: keys[2], payUrl };
}

function telegramFromEnv(env: Env): TelegramConfig | null {
  const token = optional(env, 'TELEGRAM_BOT_TOKEN');
  if (!token) return null;
  const webhookSecret = optional(env, 'TELEGRAM_WEBHOOK_SECRET');
  // Telegram's rule for the secret: 1-256 of A-Z, a-z, 0-9, _ and -.
  if (webhookSecret && !/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret)) throw new Error('TELEGRAM_WEBHOOK_SECRET must be 1-256 of A-Z, a-z, 0-9, _ and -');
  return { token, baseUrl: url(env, 'TELEGRAM_API_BASE_URL', 'https://api.telegram.org') as string, webhookSecret, username: optional(env, 'TELEGRAM_BOT_USERNAME')?.replace(/^@/, '') };
}

function replicaUrl(env: Env): string | undefined {
  const replica = optional(env, 'DATABASE_REPLICA_URL');
  if (replica && !optional(env, 'DATABASE_URL')) throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL (a replica of PostgreSQL, not of PGlite)');
  return replica;
}

/** The pool's size: at least 1, and no more than PostgreSQL's own default limit of 100 connections for the server. */
function poolMax(env: Env): number {
  const max = int(env, 'DATABASE_POOL_MAX', DEFAULT_POOL_MAX, 1);
  if (max > 100) throw new Error(`DATABASE_POOL_MAX must be at most 100, got ${max}`);
  return max;
}

export function configFromEnv(env: Env = process.env): Config {
  const scryptN = int(env, 'SCRYPT_N', 2 ** 14, 2);
  if ((scryptN & (scryptN - 1)) !== 0) throw new Error(`SCRYPT_N must be a power of two, got ${scryptN}`);
  const demoRaw = (env.DEMO ?? '1').trim().toLowerCase();
  return {
    port: int(env, 'PORT', 3000, 0),
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? './data'),
    databaseUrl: optional(env, 'DATABASE_URL'),
    databaseReplicaUrl: replicaUrl(env),
    databasePoolMax: poolMax(env),
    replicaMaxLagSeconds: int(env, 'REPLICA_MAX_LAG', 30),
    jwtSecret: optional(env, 'JWT_SECRET'),
    accessTtl: int(env, 'ACCESS_TTL', 900),
    refreshTtl: int(env, 'REFRESH_TTL', 604_800),
    sessionMaxAge: int(env, 'SESSION_MAX_AGE', 2_592_000),
    demo: !['0', 'false', 'no', 'off'].includes(demoRaw),
    staticDir: path.resolve(optional(env, 'STATIC_DIR') ?? './dist'),
    localesDir: path.resolve(optional(env, 'LOCALES_DIR') ?? './locales'),
    scryptN,
    trustProxyHops: int(env, 'TRUST_PROXY', 0, 0),
    leadForm: { perAddress: int(env, 'LEAD_FORM_PER_ADDRESS', 5, 1), perKey: int(env, 'LEAD_FORM_PER_KEY', 200, 1) },
    testClockHeader: (env.TEST_CLOCK_HEADER ?? '').trim() === '1',
    requestTiming: (env.REQUEST_TIMING ?? '').trim() === '1',
    eskiz: eskizFromEnv(env),
    payme: paymeFromEnv(env),
    click: clickFromEnv(env),
    telegram: telegramFromEnv(env),
  };
}
