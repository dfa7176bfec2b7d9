import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { createDeps } from './platform/deps-factory.ts';
import { ManualClock } from './platform/clock.ts';
import { seededRng } from './platform/rng.ts';
import { freshDb, testEngine, type TestDb } from './test/db.ts';

/** Decision 013: pre-compressed build files, a year of caching for hashed assets, a real favicon. */
let app: FastifyInstance;
let db: TestDb;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const icon = Buffer.from([0, 0, 1, 0, 1, 0]);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-assets-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'favicon.ico'), icon);
  const entry = path.join(dist, 'assets', 'index-AbC123.js');
  fs.writeFileSync(entry, script);
  fs.writeFileSync(`${entry}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${entry}.gz`, zlib.gzipSync(script));
  db = await freshDb();
  const deps = await createDeps({ db, clock: new ManualClock('2026-11-22T03:00:00Z'), rng: seededRng('assets'), config: { ...loadConfig(), webDist: dist } });
  app = await buildApp(deps, { serveWeb: true });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe(`serving the built web app on ${testEngine}`, () => {
  it('sends the brotli copy of a hashed script to a browser that accepts it, cached as immutable', async () => {
    const r = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(script);
    expect(r.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the page itself is revalidated on every visit, on / and on a client route', async () => {
    for (const url of ['/', '/board/point']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('/favicon.ico is the icon, not the page', async () => {
    const r = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).not.toMatch(/html/);
    expect(r.rawPayload.equals(icon)).toBe(true);
    expect(r.headers['cache-control']).toBe('no-cache');
  });
});
