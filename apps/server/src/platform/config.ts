import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessLogFromEnv, type AccessLog } from './access-log.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.resolve(here, '../..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

/** Development-only secret of the house vendor (never used when NODE_ENV=production). */
export const DEV_HOUSE_VENDOR_SECRET = 'house-vendor-dev-secret-not-for-production';

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  webDist: string;
  uploadDir: string;
  /** A token older than this is rotated and handed back as renewSessionToken. */
  tokenRotateMs: number;
  /** Argon2 cost; tests lower it. */
  argonMemoryKib: number;
  logLevel: string;
  trustProxy: boolean;
  /** Test-only endpoints (/api/test/*): moving the clock, reading dev SMS. Never in production. */
  testControls: boolean;
  /**
   * HMAC secret of the built-in house vendor's wallet calls (decision 021): env HOUSE_VENDOR_SECRET;
   * outside production a fixed development constant; in production without the variable the
   * house vendor is off (every wallet call refused), never a guessable default.
   */
  houseVendorSecret: string | undefined;
  /** Slow clients (issue 21): a request must arrive whole within this (headers and body). */
  requestTimeoutMs: number;
  /** Open connections one address may hold; more are closed at once (0: no cap). */
  maxConnectionsPerAddress: number;
  /** A bearer token that may read /metrics (a Prometheus scraper); unset: only admins whose role reads settings. */
  metricsToken: string | undefined;
  /** Which requests are logged (decision 060): ACCESS_LOG, ACCESS_LOG_EVERY, ACCESS_LOG_SLOW_MS. */
  accessLog: AccessLog;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    // An empty value means the default, never the repository root itself.
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR || 'data'),
    redisUrl: env.REDIS_URL || undefined,
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST || 'apps/web/dist'),
    uploadDir: path.resolve(REPO_ROOT, env.UPLOAD_DIR || 'data/uploads'),
    tokenRotateMs: Number(env.TOKEN_ROTATE_MINUTES ?? 15) * 60_000,
    argonMemoryKib: Number(env.ARGON_MEMORY_KIB ?? 19456),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    testControls: env.ENABLE_TEST_CONTROLS === '1' && env.NODE_ENV !== 'production',
    houseVendorSecret: env.HOUSE_VENDOR_SECRET || (env.NODE_ENV === 'production' ? undefined : DEV_HOUSE_VENDOR_SECRET),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 10_000),
    maxConnectionsPerAddress: Number(env.MAX_CONNECTIONS_PER_ADDRESS ?? 200),
    metricsToken: env.METRICS_TOKEN || undefined,
    accessLog: accessLogFromEnv(env),
  };
}
