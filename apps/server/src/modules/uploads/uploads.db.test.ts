import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { sweepUploads } from './sweep.ts';

let h: Harness;
let dir: string;
let token: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a tiny png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);

const signed = async (file_ext: string, t = token, headers?: Record<string, string>) => h.call('/api/upload/getSignedUrl', { file_ext }, { token: t, headers });
const put = async (url: string, body: Buffer | string, contentType = 'image/png') => {
  const res = await h.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
  return { status: res.statusCode, json: res.json() };
};
const get = (url: string) => h.app.inject({ method: 'GET', url });

beforeAll(async () => {
  h = await harness();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-test-'));
  h.deps.config.uploadDir = dir; // routes read it per request
  token = await h.login('user', 'user1');
});
afterAll(async () => {
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`image uploads on ${testEngine}`, () => {
  it('signed URL → PUT → GET returns the same bytes', async () => {
    const r = await signed('png');
    expect(r.status).toBe(200);
    const url: string = r.json.data.url;
    expect(url).toMatch(/^\/uploads\/put\/[a-f0-9]{32}\.png\?sig=[a-f0-9]{64}&exp=\d+$/);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(exp).toBe(Math.floor(h.clock.now().getTime() / 1000) + 600);

    const stored = await put(url, PNG);
    expect(stored.status).toBe(200);
    const imageUrl = url.split('?')[0];
    expect(stored.json).toEqual({ result: true, data: { url: imageUrl } });
    const file = imageUrl.slice('/uploads/put/'.length);
    expect(fs.readFileSync(path.join(dir, file)).equals(PNG)).toBe(true);

    for (const u of [imageUrl, `/uploads/${file}`]) {
      const res = await get(u);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await get('/uploads/put/ffffffffffffffffffffffffffffffff.png')).statusCode).toBe(404);
    expect((await get('/uploads/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);

    // A link stores one file, once.
    const again = await put(url, PNG);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('upload_used');
  });

  it('jpeg via a .jpg link; agents and admins may upload too, guests may not', async () => {
    const jpg = (await signed('JPG')).json.data.url;
    expect(jpg).toMatch(/\.jpg\?/);
    expect((await put(jpg, JPEG, 'image/jpeg')).status).toBe(200);

    const agent = await h.login('agent', 'shop1');
    expect((await signed('webp', agent, { pathname: '/pa-customer' })).status).toBe(200);
    const adminToken = await h.login('admin', 'admin');
    expect((await signed('gif', adminToken, { pathname: '/admin/notice' })).status).toBe(200);

    const guest = await h.call('/api/upload/getSignedUrl', { file_ext: 'png' });
    expect(guest.status).toBe(401);
    expect((await h.call('/api/upload/getSignedUrl', { file_ext: 'png' }, { token: 'not-a-token' })).status).toBe(401);
    expect((await signed('exe')).status).toBe(400);
    expect((await signed('svg')).status).toBe(400);
  });

  it('refuses a bad signature, an edited name or expiry, and an expired link', async () => {
    const url: string = (await signed('png')).json.data.url;
    const u = new URL(url, 'http://x');
    const sig = u.searchParams.get('sig')!;
    const badSig = url.replace(sig, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const r1 = await put(badSig, PNG);
    expect(r1.status).toBe(403);
    expect(r1.json.error.code).toBe('upload_bad_signature');
    const otherName = url.replace(/put\/[a-f0-9]{4}/, 'put/0000');
    expect((await put(otherName, PNG)).json.error.code).toBe('upload_bad_signature');
    const longer = url.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`);
    expect((await put(longer, PNG)).json.error.code).toBe('upload_bad_signature');
    expect((await put(url.split('?')[0], PNG)).json.error.code).toBe('upload_bad_signature');
    expect((await put(url.replace('.png?', '.html?'), PNG)).status).toBe(404);

    h.clock.advance(601_000);
    const late = await put(url, PNG);
    expect(late.status).toBe(403);
    expect(late.json.error.code).toBe('upload_expired');
    expect(fs.readdirSync(dir).some((f) => url.includes(f))).toBe(false);
    token = await h.login('user', 'user1'); // the clock jump ended the idle session
  });

  it('refuses a file over 5 MB, a non-image content type and bytes that are not the image', async () => {
    const big = (await signed('png')).json.data.url;
    const tooLarge = await put(big, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error.code).toBe('upload_too_large');
    // Exactly 5 MB is allowed.
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await put(big, exact)).status).toBe(200);

    const url = (await signed('png')).json.data.url;
    const text = await put(url, 'hello', 'text/plain');
    expect(text.status).toBe(415);
    expect(text.json.error.code).toBe('upload_bad_type');
    expect((await put(url, PNG, 'image/jpeg')).json.error.code).toBe('upload_bad_type');
    const html = await put(url, '<html><script>alert(1)</script></html>', 'image/png');
    expect(html.status).toBe(415);
    expect(html.json.error.message).toMatch(/upload the image again/);
    expect((await put(url, Buffer.alloc(0))).status).toBe(400);
    // After all the refusals the link still works for a real image.
    expect((await put(url, PNG)).status).toBe(200);
  });

  it('keeps the signing secret in the settings table, out of the settings answer', async () => {
    const row = await h.db.query<{ value: string }>(`SELECT value #>> '{}' AS value FROM settings WHERE key = 'upload_signing_secret'`);
    expect(row.rows[0].value).toMatch(/^[a-f0-9]{64}$/);
    const s = await h.call('/api/admin/settings/get', {}, { token: await h.login('admin', 'admin') });
    expect(s.json.data.settings.upload_signing_secret).toBeUndefined();
  });
});

// Issue 21 upload quotas (decision 051): 60 links of 5 MB each per 10 minutes let one account
// store 300 MB; links outlived the session that asked for them; unused files stayed for ever.
describe(`upload quotas and expiry on ${testEngine}`, () => {
  const MB = 1024 * 1024;
  const png = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
  const upload = async (t: string, bytes: number) => put((await signed('png', t)).json.data.url, png(bytes));
  const setQuota = async (q: object) => {
    const admin = await h.login('admin', 'admin');
    const r = await h.call('/api/admin/settings/update', { settings: { upload_quota: q } }, { token: admin });
    expect(r.status).toBe(200);
  };
  const defaults = { window_minutes: 10, window_mb: 50, total_mb: 500, unattached_hours: 24 };
  afterAll(() => setQuota(defaults));

  it('caps the bytes an account stores in the window and holds in total; other accounts are not affected', async () => {
    await setQuota({ window_minutes: 10, window_mb: 2, total_mb: 3, unattached_hours: 24 });
    const t = await h.login('user', 'user3');
    expect((await upload(t, 1.5 * MB)).status).toBe(200);
    const over = await upload(t, MB);
    expect(over.status).toBe(413);
    expect(over.json.error).toMatchObject({ code: 'upload_quota_exceeded', params: { limit_mb: '2' } });
    // Another account has its own quota.
    expect((await upload(await h.login('user', 'user4'), 1.5 * MB)).status).toBe(200);

    h.clock.advance(11 * 60_000); // the window has passed; the 1.5 MB are still held
    const t2 = await h.login('user', 'user3');
    expect((await upload(t2, MB)).status).toBe(200);
    const total = await upload(t2, MB);
    expect(total.status).toBe(413);
    expect(total.json.error.params).toEqual({ limit_mb: '3' });
    // A refused store left no file behind.
    const rows = await h.db.query<{ n: number; bytes: string }>(
      `SELECT count(*)::int AS n, sum(bytes)::text AS bytes FROM uploads WHERE owner LIKE 'user:%' AND stored_at IS NOT NULL AND owner = (SELECT 'user:' || id FROM users WHERE account = 'user3')`,
    );
    expect(rows.rows[0]).toEqual({ n: 2, bytes: String(2.5 * MB) });
    await setQuota(defaults);
    token = await h.login('user', 'user1');
  });

  it('ends a link with its session: no PUT after logout, and an unused image stops being served', async () => {
    const t = await h.login('user', 'user5');
    const unused = (await signed('png', t)).json.data.url as string;
    const stored = (await signed('png', t)).json.data.url as string;
    expect((await put(stored, PNG)).status).toBe(200);
    const image = stored.split('?')[0];
    const live = await get(image);
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('private, no-store');

    expect((await h.call('/api/user/logout', {}, { token: t })).status).toBe(200);
    const late = await put(unused, PNG);
    expect(late.status).toBe(403);
    expect(late.json.error.code).toBe('upload_expired');
    expect((await get(image)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dir, image.slice('/uploads/put/'.length)))).toBe(false);
  });

  it('keeps an image a published post uses after the session ends', async () => {
    const t = await h.login('user', 'user6');
    const url = ((await signed('png', t)).json.data.url as string).split('?');
    expect((await put(url.join('?'), PNG)).status).toBe(200);
    const post = await h.call('/api/user/board/post/create', { subject: 'photo', content: `<p>look</p><p><img src="${url[0]}"></p>` }, { token: t });
    expect(post.status).toBe(200);
    expect((await h.call('/api/user/logout', {}, { token: t })).status).toBe(200);
    const res = await get(url[0]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('sweeps files nothing uses after unattached_hours, keeps used ones and files from before upload rows', async () => {
    const t = await h.login('user', 'user7');
    const keep = ((await signed('png', t)).json.data.url as string).split('?');
    const drop = ((await signed('png', t)).json.data.url as string).split('?');
    for (const u of [keep, drop]) expect((await put(u.join('?'), PNG)).status).toBe(200);
    const inquiry = await h.call('/api/user/inquiry/create', { subject: 'receipt', content: `<p><img src="${keep[0]}"></p>` }, { token: t });
    expect(inquiry.status).toBe(200);
    const legacy = 'abcdefabcdefabcdefabcdefabcdef01.png';
    fs.writeFileSync(path.join(dir, legacy), PNG);

    h.clock.advance(23 * 3_600_000);
    expect(await sweepUploads(h.deps)).toEqual({ attached: 0, deleted: 0 }); // not old enough yet
    h.clock.advance(2 * 3_600_000);
    const swept = await sweepUploads(h.deps);
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    const fileOf = (u: string[]) => u[0].slice('/uploads/put/'.length);
    expect(fs.existsSync(path.join(dir, fileOf(drop)))).toBe(false);
    expect(fs.existsSync(path.join(dir, fileOf(keep)))).toBe(true);
    const states = await h.db.query<{ file: string; attached: boolean; deleted: boolean }>(
      'SELECT file, attached_at IS NOT NULL AS attached, deleted_at IS NOT NULL AS deleted FROM uploads WHERE file = ANY($1::text[]) ORDER BY file',
      [[fileOf(keep), fileOf(drop)]],
    );
    expect(Object.fromEntries(states.rows.map((r) => [r.file, [r.attached, r.deleted]]))).toEqual({
      [fileOf(keep)]: [true, false],
      [fileOf(drop)]: [false, true],
    });
    expect((await get(keep[0])).statusCode).toBe(200);
    expect((await get(drop[0])).statusCode).toBe(404);
    expect((await get(`/uploads/${legacy}`)).statusCode).toBe(200);
    expect(fs.existsSync(path.join(dir, legacy))).toBe(true);
    token = await h.login('user', 'user1');
  });
});
