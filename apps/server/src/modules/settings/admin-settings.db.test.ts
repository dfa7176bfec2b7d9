import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let dir: string;
let seq = 0;
const rid = () => `set-${Date.now()}-${seq++}`;
beforeAll(async () => {
  h = await harness();
  // The seeded RNG names the same files every run: each run stores them in its own folder.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-sounds-'));
  h.deps.config.uploadDir = dir;
});
afterAll(async () => {
  await h?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const asAdmin = async (path: string, body: object = {}) => h.call(path, body, { token: await h.login('admin', 'admin') });
const update = (patch: object) => asAdmin('/api/admin/settings/update', { settings: patch });
const putFile = (url: string, type: string, body: Buffer) => h.app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: body });

describe(`admin settings screens on ${testEngine}`, () => {
  it('charge bonus: the digit option is the percentages’ decimal places, and the approved charge gets exactly that bonus', async () => {
    await update({ charge: { min: 10_000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } });
    // 1.25 % has two decimal places: refused under option 1, with the field named.
    const refused = await update({ charge_points: { first_percent: 1.25, each_percent: 0, digits: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('validation');
    const ok = await update({ charge_points: { first_percent: 1.25, each_percent: 0.5, digits: 2 } });
    expect(ok.status).toBe(200);

    const t = await h.login('user', 'user3');
    const first = await h.call('/api/user/bank/charge', { charge_money: 123_456, request_id: rid() }, { token: t });
    expect(first.status).toBe(200);
    const second = await h.call('/api/user/bank/charge', { charge_money: 100_000, request_id: rid() }, { token: t });
    expect(second.status).toBe(200);
    const waiting = (await asAdmin('/api/admin/bank/list', { type: 'charge', status: 'waiting' })).json.data.rows.filter((r: any) => r.account === 'user3');
    const byAmount = (a: string) => waiting.find((r: any) => r.amount === a).id;
    const a1 = await asAdmin('/api/admin/bank/process', { type: 'charge', id: byAmount('123456'), action: 'approve' });
    // floor(123,456 × 1.25 / 100) = 1,543 points for the day's first charge.
    expect(a1.json.data.request.bonus_point).toBe('1543');
    const a2 = await asAdmin('/api/admin/bank/process', { type: 'charge', id: byAmount('100000'), action: 'approve' });
    expect(a2.json.data.request.bonus_point).toBe('500');

    // One decimal place fits option 1.
    await update({ charge_points: { first_percent: 2.5, each_percent: 0, digits: 1 } });
    const settings = (await asAdmin('/api/admin/settings/get')).json.data.settings;
    expect(settings.charge_points).toEqual({ first_percent: 2.5, each_percent: 0, digits: 1 });
    await update({ charge_points: { first_percent: 5, each_percent: 0, digits: 2 } });
  });

  it('the admin frame reads skin, dark mode, receipt printer and sounds; each save is audited with before and after', async () => {
    const before = (await asAdmin('/api/admin/settings/shell')).json.data;
    expect(before).toEqual({ admin_skin: 'A', admin_dark_mode: false, receipt_printer: false, sound: { deposit: null, withdrawal: null, inquiry: null } });
    await update({ admin_skin: 'B', admin_dark_mode: true, receipt_printer: true });
    expect((await asAdmin('/api/admin/settings/shell')).json.data).toMatchObject({ admin_skin: 'B', admin_dark_mode: true, receipt_printer: true });
    const audit = (await h.db.query(`SELECT actor_type, before, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`)).rows[0];
    expect(audit.before).toEqual({ admin_skin: 'A', admin_dark_mode: false, receipt_printer: false });
    expect(audit.after).toEqual({ admin_skin: 'B', admin_dark_mode: true, receipt_printer: true });
    expect(audit.actor_type).toBe('admin');
    await update({ admin_skin: 'A', admin_dark_mode: false, receipt_printer: false });
    // A member's token does not open the admin frame's settings.
    expect((await h.call('/api/admin/settings/shell', {}, { token: await h.login('user', 'user4') })).status).toBe(401);
  });

  it('a sound is uploaded by the admin only, checked by its bytes, and set per event', async () => {
    const signed = await asAdmin('/api/admin/settings/sound/getSignedUrl', { file_ext: 'mp3' });
    expect(signed.status).toBe(200);
    // Not an mp3: refused (415), the link stays unused.
    expect((await putFile(signed.json.data.url, 'audio/mpeg', Buffer.from('hello world'))).statusCode).toBe(415);
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]);
    const put = await putFile(signed.json.data.url, 'audio/mpeg', mp3);
    expect(put.statusCode).toBe(200);
    const url = put.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/put\/[a-f0-9]{32}\.mp3$/);
    expect((await h.app.inject({ method: 'GET', url })).headers['content-type']).toBe('audio/mpeg');

    expect((await update({ sound: { deposit: url, withdrawal: null, inquiry: null } })).status).toBe(200);
    expect((await asAdmin('/api/admin/settings/shell')).json.data.sound).toEqual({ deposit: url, withdrawal: null, inquiry: null });
    // Only this site's uploaded sounds: an outside address is a 400, never stored.
    const outside = await update({ sound: { deposit: 'https://example.com/a.mp3', withdrawal: null, inquiry: null } });
    expect(outside.status).toBe(400);
    await update({ sound: { deposit: null, withdrawal: null, inquiry: null } });

    // Members still get image links only.
    const member = await h.login('user', 'user4');
    expect((await h.call('/api/upload/getSignedUrl', { file_ext: 'mp3' }, { token: member })).status).toBe(400);
    expect((await h.call('/api/admin/settings/sound/getSignedUrl', { file_ext: 'mp3' }, { token: member })).status).toBe(401);
  });

  it('duplicate login per audience: off ends the earlier session at the next login, on keeps both', async () => {
    await update({ duplicate_login: { user: false, agent: true, admin: true } });
    const a = await h.login('user', 'user5');
    const b = await h.login('user', 'user5');
    expect((await h.call('/api/user/getContext', {}, { token: b })).json.data.user).not.toBeNull();
    expect((await h.call('/api/user/bank/getLimits', {}, { token: a })).status).toBe(401);
    await update({ duplicate_login: { user: true, agent: true, admin: true } });
    const c = await h.login('user', 'user5');
    const d = await h.login('user', 'user5');
    expect((await h.call('/api/user/bank/getLimits', {}, { token: c })).status).toBe(200);
    expect((await h.call('/api/user/bank/getLimits', {}, { token: d })).status).toBe(200);
    await update({ duplicate_login: { user: false, agent: true, admin: true } });
  });
});
