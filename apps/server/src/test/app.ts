import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { ManualClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { createDeps } from '../platform/deps-factory.ts';
import type { Deps } from '../platform/deps.ts';
import { setPasswordCost } from '../platform/passwords.ts';
import { seededRng } from '../platform/rng.ts';
import { devSmsProvider } from '../platform/sms.ts';
import { seed } from '../seed.ts';
import { freshDb, type TestDb } from './db.ts';

export type Harness = {
  app: FastifyInstance;
  deps: Deps;
  db: TestDb;
  clock: ManualClock;
  sms: ReturnType<typeof devSmsProvider>;
  call(path: string, body?: unknown, opts?: { token?: string; ip?: string; headers?: Record<string, string> }): Promise<{ status: number; json: any }>;
  login(audience: 'user' | 'agent' | 'admin', account: string, password?: string): Promise<string>;
  close(): Promise<void>;
};

/** A seeded app on a fresh database with a manual clock, seeded RNG and the dev SMS box. */
export async function harness(): Promise<Harness> {
  setPasswordCost(1024); // cheap hashes: the cost is a config value, not what is tested
  const db = await freshDb();
  const clock = new ManualClock('2026-11-22T03:00:00Z');
  const sms = devSmsProvider();
  const deps = await createDeps({ db, clock, rng: seededRng('harness'), sms, config: { ...loadConfig(), tokenRotateMs: 15 * 60_000 } });
  await seed(deps);
  const app = await buildApp(deps, { serveWeb: false });
  const call: Harness['call'] = async (path, body, opts = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: {
        'content-type': 'application/json',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, json: res.json() };
  };
  return {
    app,
    deps,
    db,
    clock,
    sms,
    call,
    async login(audience, account, password) {
      const pw = password ?? (audience === 'admin' ? 'admin1234' : '1234');
      const r = await call(`/api/${audience}/login`, { account, password: pw });
      if (r.status !== 200) throw new Error(`login ${account} failed: ${JSON.stringify(r.json)}`);
      return r.json.data.token;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
