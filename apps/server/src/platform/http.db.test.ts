import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { harness, type Harness } from '../test/app.ts';

/** The platform's request pipeline: input refusals, the address guard, headers, static 404s. */
describe('http pipeline', () => {
  let h: Harness;
  let web: FastifyInstance;
  let dist: string;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    h = await harness();
    admin = await h.login('admin', 'admin');
    user = await h.login('user', 'user1');
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'h1-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    web = await buildApp({ ...h.deps, config: { ...h.deps.config, webDist: dist } }, { serveWeb: true });
  });
  afterAll(async () => {
    await web?.close();
    await h?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('says what is wrong with a field', () => {
    it('wrong type is not "is required"', async () => {
      const text = await h.call('/api/user/bet/detail', { id: '5' }, { token: user });
      expect(text.status).toBe(400);
      expect(text.json.error).toMatchObject({ field: 'id', message: 'id: must be a number, got text' });
      const fraction = await h.call('/api/user/bet/detail', { id: 1.5 }, { token: user });
      expect(fraction.json.error.message).toMatch(/^id: must be an integer/);
      const missing = await h.call('/api/user/bet/detail', {}, { token: user });
      expect(missing.json.error.message).toBe('id: is required');
    });
  });

  describe('text PostgreSQL cannot store is a 400 naming the field', () => {
    it.each([
      ['/api/user/login', { account: 'us\u0000er1', password: '1234' }, 'account'],
      ['/api/user/join/checkNickname', { nickname: 'ni\ud800ck' }, 'nickname'],
      ['/api/user/getContext', { path: '/\u0000' }, 'path'],
    ])('%s', async (p, body, field) => {
      const r = await h.call(p, body);
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({ code: 'invalid_text', field });
    });
    it('also inside free-form settings values and keys (admin)', async () => {
      for (const settings of [{ site_name: 'a\u0000' }, { 'k\ud800': 1 }, { charge: { memo: ['x', '\u0000'] } }]) {
        const r = await h.call('/api/admin/settings/update', { settings }, { token: admin });
        expect(r.status).toBe(400);
        expect(r.json.error.code).toBe('invalid_text');
      }
    });
  });

  describe('one amount parser', () => {
    it.each(['-,', ',', '1,0,0,0', '1,00', '12345678901234567890', '9223372036854775807', '1000000000000000', '10000.5', '-10000'])(
      'refuses %j with invalid_amount',
      async (amount) => {
        const r = await h.call('/api/user/bank/charge', { charge_money: amount, request_id: `fuzz-${amount}-req` }, { token: user });
        expect(r.status).toBe(400);
        expect(r.json.error).toMatchObject({ code: 'invalid_amount', field: 'charge_money' });
      },
    );
    it('takes well-grouped thousands', async () => {
      const r = await h.call('/api/user/bank/charge', { charge_money: '10,000', request_id: 'grouped-amount-1' }, { token: user });
      expect(r.status).toBe(200);
      expect(r.json.data.request.amount).toBe('10000');
    });
  });

  describe('a blocked address', () => {
    beforeAll(async () => {
      const r = await h.call('/api/admin/ip/add', { kind: 'block', ip: '10.66.0.0/16', memo: 'test' }, { token: admin });
      expect(r.status).toBe(200);
    });
    it.each([
      ['/api/user/getContext', {}],
      ['/api/agent/getContext', {}],
      ['/api/admin/getContext', {}],
      ['/api/setLanguage', { language: 'en' }],
      ['/api/user/join/checkAccount', { account: 'newbie1' }],
      ['/api/user/join/sendSms', { phone_number: '010-1234-5678' }],
      ['/api/user/join', { account: 'newbie1' }],
      ['/api/user/login', { account: 'user1', password: '1234' }],
    ])('is refused on %s', async (p, body) => {
      const r = await h.call(p, body, { ip: '10.66.1.2' });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('ip_blocked');
      expect((await h.call(p, body, { ip: '10.67.1.2' })).json.error?.code).not.toBe('ip_blocked');
    });
    it('is refused uploads and the API description, but still gets the static page', async () => {
      for (const url of ['/uploads/nothing.png', '/api/openapi.json', '/api/health']) {
        const r = await web.inject({ method: 'GET', url, remoteAddress: '10.66.1.2' });
        expect(r.statusCode, url).toBe(403);
      }
      const page = await web.inject({ method: 'GET', url: '/admin/login', remoteAddress: '10.66.1.2' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
    });
  });

  describe('browser security headers and static files', () => {
    it('sends a strict CSP, no framing, nosniff and a referrer policy on pages and API answers', async () => {
      const pages = [await web.inject({ method: 'GET', url: '/' }), await web.inject({ method: 'GET', url: '/pa-login' })];
      const answers = [
        await web.inject({ method: 'POST', url: '/api/user/getContext', payload: {} }),
        await web.inject({ method: 'POST', url: '/api/user/login', payload: {} }),
      ];
      for (const r of pages) {
        const csp = String(r.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("img-src 'self' data: blob:");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
      for (const r of answers) {
        // JSON is never rendered: its policy allows nothing at all, and a document's own headers stay off it.
        expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(r.headers['cross-origin-opener-policy']).toBeUndefined();
        expect(r.headers['x-xss-protection']).toBeUndefined();
      }
      for (const r of [...pages, ...answers]) {
        expect(r.headers['x-frame-options']).toBe('DENY');
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['referrer-policy']).toBe('no-referrer');
      }
    });
    it('keeps API answers out of every cache, and leaves pages to their own rule', async () => {
      const poll = await web.inject({ method: 'POST', url: '/api/user/getContext', payload: {} });
      expect(poll.headers['cache-control']).toBe('no-store');
      const refused = await web.inject({ method: 'POST', url: '/api/user/login', payload: {} });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect((await web.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toBe('no-store');
    });
    it('answers 404 for missing assets, files and dotfiles, the page for screens', async () => {
      for (const url of ['/assets/missing.js', '/.env', '/.git/config', '/admin/.env', '/robots.txt']) {
        const r = await web.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(404);
        expect(r.body).not.toContain('<div id="root">');
        expect(r.body).not.toContain('SECRET');
      }
      expect((await web.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      for (const url of ['/', '/board/notice', '/pa-login', '/admin/members?page=2']) {
        const r = await web.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(200);
        expect(r.body).toContain('<div id="root">');
      }
    });
  });
});
