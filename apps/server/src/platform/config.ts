import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_ROOT = path.resolve(here, '../..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

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
  };
}
