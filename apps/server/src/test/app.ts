import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { ManualClock } from '../platform/clock.ts';
import { loadConfig } from '../platform/config.ts';
import { createDeps } from '../platform/deps-factory.ts';
import type { Deps } from '../platform/deps.ts';
import { setPasswordCost } from '../platform/passwords.ts';
import { seededRng } from '../platform/rng.ts';
import { devSmsProvider } from '../platform/sms.ts';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_ROLE_ADMINS, seed } from '../seed.ts';
import { otpKeeper } from './totp.ts';

const DEMO_ADMINS = new Set([DEMO_ADMIN.account, ...DEMO_ROLE_ADMINS.map((a) => a.account)]);
import { freshDb, type TestDb } from './db.ts';

export type Harness = {
  app: FastifyInstance;
  deps: Deps;
  db: TestDb;
  clock: ManualClock;
  sms: ReturnType<typeof devSmsProvider>;
  call(path: string, body?: unknown, opts?: { token?: string; ip?: string; headers?: Record<string, string> }): Promise<{ status: number; json: any }>;
  /**
   * Signs in; an admin (or enrolled agent) with the one-time code of its secret (the seeded demo
   * admins' published one, or the one the harness enrolled it with), a new admin enrolled first.
   */
  login(audience: 'user' | 'agent' | 'admin', account: string, password?: string): Promise<string>;
  /** A fresh one-time code for an account the harness knows the secret of (or `secret`). */
  otp(audience: 'agent' | 'admin', account: string, secret?: string): Promise<string>;
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
  const secrets = new Map<string, string>();
  const codes = otpKeeper();
  // A person whose three codes at this moment are spent waits for the next one: so does the
  // harness's clock (30 s), only when a test signs one admin in more than three times at once.
  const nextCode = async (key: string, secret: string) => {
    for (;;) {
      const code = await codes.next(key, secret, clock.now());
      if (code) return code;
      clock.advance(30_000);
    }
  };
  return {
    app,
    deps,
    otp: (audience, account, secret) => {
      const key = `${audience}:${account}`;
      return nextCode(key, secret ?? secrets.get(key) ?? DEMO_ADMIN_TOTP_SECRET);
    },
    db,
    clock,
    sms,
    call,
    async login(audience, account, password) {
      const pw = password ?? (audience === 'admin' ? 'admin1234' : '1234');
      const key = `${audience}:${account}`;
      const secret = secrets.get(key) ?? (audience === 'admin' && DEMO_ADMINS.has(account) ? DEMO_ADMIN_TOTP_SECRET : undefined);
      let otp: string | undefined;
      if (secret) otp = await nextCode(key, secret);
      const r = await call(`/api/${audience}/login`, { account, password: pw, otp });
      if (r.status !== 200) throw new Error(`login ${account} failed: ${JSON.stringify(r.json)}`);
      const token: string = r.json.data.token;
      // An admin without a second factor enrols through the real calls, as the web does (decision 050).
      if (r.json.data.two_factor_pending) {
        const begun = await call(`/api/${audience}/twoFactor/begin`, {}, { token });
        const enrolSecret: string = begun.json.data.secret;
        const code = await nextCode(key, enrolSecret);
        const done = await call(`/api/${audience}/twoFactor/confirm`, { code }, { token });
        if (done.status !== 200) throw new Error(`enrolment of ${account} failed: ${JSON.stringify(done.json)}`);
        secrets.set(key, enrolSecret);
      }
      return token;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
