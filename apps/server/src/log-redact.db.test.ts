import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ManualClock } from './platform/clock.ts';
import { loadConfig, type Config } from './platform/config.ts';
import { createDeps } from './platform/deps-factory.ts';
import { redactUrl } from './platform/log-redact.ts';
import { seededRng } from './platform/rng.ts';
import { devSmsProvider } from './platform/sms.ts';
import { seed } from './seed.ts';
import { freshDb, type TestDb } from './test/db.ts';

// Issue 21 defect 4: `GET /popup/slot?game=…&token=…` was written verbatim to the server log, and
// the token plays with the member's money. The app as main.ts builds it (logger on) is driven
// with secrets in URLs, headers and bodies; none of them may reach the log.
let db: TestDb;
let apps: FastifyInstance[] = [];
let log = '';
beforeAll(async () => {
  db = await freshDb();
  const deps = await createDeps({ db, clock: new ManualClock('2026-11-22T03:00:00Z'), rng: seededRng('log'), sms: devSmsProvider(), config: loadConfig() });
  await seed(deps);
  const stream = new Writable({
    write(chunk, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  // Both ways a request reaches the log (decision 060): Fastify's own lines (ACCESS_LOG=all) and
  // the sampled access log, here sampling every request.
  const withLog = (accessLog: Config['accessLog']) =>
    buildApp({ ...deps, config: { ...deps.config, accessLog } }, { logger: { level: 'info', stream }, serveWeb: false });
  apps = [await withLog({ mode: 'all', every: 1, slowMs: 1000 }), await withLog({ mode: 'sampled', every: 1, slowMs: 1000 })];
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.drop();
});

it('keeps tokens, passwords, signatures and bank fields out of every log line', async () => {
  const secrets = ['launchTok3n9', 'Pw-s3cret-77', 'sig0123456789abcdef', 'bearerXYZ987', '110-222-333444'];
  for (const app of apps) {
    const before = log.length;
    await app.inject({ method: 'GET', url: `/popup/slot?game=fortune5&token=${secrets[0]}` });
    await app.inject({ method: 'GET', url: `/api/x?user_password=${secrets[1]}&sign=${secrets[2]}` });
    await app.inject({ method: 'POST', url: '/api/user/login', payload: { account: 'user1', password: secrets[1] } });
    await app.inject({ method: 'POST', url: '/api/user/getContext', payload: {}, headers: { authorization: `Bearer ${secrets[3]}` } });
    await app.inject({ method: 'POST', url: '/api/wallet/house/bet', payload: { x: 1 }, headers: { 'x-signature': secrets[2] } });
    await app.inject({ method: 'POST', url: `/api/user/join?bankAccount=${secrets[4]}`, payload: { bankAccount: secrets[4] } });
    expect(log.slice(before)).toContain('/popup/slot?game=fortune5&token=[redacted]'); // the request is still there
  }
  for (const s of secrets) expect(log).not.toContain(s);
});

it('redacts secret-looking query values only', () => {
  expect(redactUrl('/a?game=g1&token=t&page=2')).toBe('/a?game=g1&token=[redacted]&page=2');
  expect(redactUrl('/a?Password=x&bank_account=y&q')).toBe('/a?Password=[redacted]&bank_account=[redacted]&q');
  expect(redactUrl('/plain/path')).toBe('/plain/path');
});
