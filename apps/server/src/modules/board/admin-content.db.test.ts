import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAudit } from '../audit/index.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let admin: string;
let member: string;
const audits = async (action: string) =>
  (await h.db.query<{ target: string; before: any; after: any }>('SELECT target, before, after FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows;
const popupNames = async (token?: string) =>
  ((await h.call('/api/user/getContext', { path: '/' }, token ? { token } : {})).json.data.context.popups as { name: string }[]).map((p) => p.name);

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  member = await h.login('user', 'user1');
});
afterAll(() => h?.close());

describe(`admin pop-ups on ${testEngine}`, () => {
  it('a guest pop-up shows to guests only, a member pop-up to members only; edits and deletes follow at once', async () => {
    const created = await h.call(
      '/api/admin/popup/create',
      { name: 'guest promo', content: '<p>hello<script>alert(1)</script></p>', disabled: 2, image_src: '/uploads/put/0123456789abcdef0123456789abcdef.png' },
      { token: admin },
    );
    expect(created.status).toBe(200);
    const id = created.json.data.id as number;
    expect(await popupNames()).toContain('guest promo');
    expect(await popupNames(member)).not.toContain('guest promo');
    const list = (await h.call('/api/admin/popup/list', {}, { token: admin })).json.data;
    expect(list.popups[0]).toMatchObject({ id, name: 'guest promo', content: '<p>hello</p>', disabled: 2, is_active: true });
    expect(list.total).toBe(3); // the two seeded and this one

    // To members, then off: the context answers follow each change (the audit drops its cache).
    const upd = { id, name: 'member promo', content: '<p>members</p>', disabled: 0, image_src: null, is_active: true };
    expect((await h.call('/api/admin/popup/update', upd, { token: admin })).status).toBe(200);
    expect(await popupNames()).not.toContain('member promo');
    expect(await popupNames(member)).toContain('member promo');
    await h.call('/api/admin/popup/update', { ...upd, is_active: false }, { token: admin });
    expect(await popupNames(member)).not.toContain('member promo');

    expect((await h.call('/api/admin/popup/delete', { id }, { token: admin })).status).toBe(200);
    expect((await h.call('/api/admin/popup/delete', { id }, { token: admin })).json.error.code).toBe('popup_not_found');
    expect((await audits('popup.create'))[0]).toMatchObject({ target: `popup:${id}`, after: { name: 'guest promo', disabled: 2 } });
    expect((await audits('popup.update'))[0]).toMatchObject({ before: { name: 'guest promo' }, after: { name: 'member promo', disabled: 0 } });
    expect((await audits('popup.delete'))[0]).toMatchObject({ before: { name: 'member promo', is_active: false } });
  });

  it('refuses a pop-up without a name or without image and content, and an audience other than 0 or 2', async () => {
    const name = await h.call('/api/admin/popup/create', { name: ' ', content: '<p>x</p>', disabled: 0 }, { token: admin });
    expect(name.status).toBe(400);
    expect(name.json.error).toMatchObject({ code: 'popup_name_required', field: 'name' });
    const empty = await h.call('/api/admin/popup/create', { name: 'n', content: '<p><br></p>', disabled: 0 }, { token: admin });
    expect(empty.json.error.code).toBe('popup_content_required');
    expect((await h.call('/api/admin/popup/create', { name: 'n', content: '<p>x</p>', disabled: 1 }, { token: admin })).status).toBe(400);
    expect((await h.call('/api/admin/popup/create', { name: 'n', content: '<p>x</p>', disabled: 0 }, { token: member })).status).toBe(401);
  });
});

describe(`admin post editing and moderation on ${testEngine}`, () => {
  it('edits a notice (sanitised, audited before and after) and reads hidden posts for the edit form', async () => {
    const id = (await h.call('/api/admin/board/create', { kind: 'notice', subject: 'old', content: '<p>old</p>' }, { token: admin })).json.data.id;
    const r = await h.call('/api/admin/board/update', { id, subject: 'new', content: '<p onclick="x()">new</p>' }, { token: admin });
    expect(r.status).toBe(200);
    const seen = (await h.call('/api/user/board/view', { type: 'notice', id }, { token: member })).json.data.post;
    expect(seen).toMatchObject({ subject: 'new', content: '<p>new</p>' });
    await h.call('/api/admin/board/setVisible', { id, visible: false }, { token: admin });
    const got = (await h.call('/api/admin/board/get', { id }, { token: admin })).json.data.post;
    expect(got).toMatchObject({ id, type: 'notice', subject: 'new', content: '<p>new</p>', visible: false });
    expect((await audits('board.update')).at(-1)).toMatchObject({ target: `post:${id}`, before: { subject: 'old' }, after: { subject: 'new' } });
    const blank = await h.call('/api/admin/board/update', { id, subject: '', content: '<p>x</p>' }, { token: admin });
    expect(blank.json.error.code).toBe('notice_required');
  });

  it('hides and deletes a member free-board post', async () => {
    const id = (await h.call('/api/user/board/post/create', { subject: 'spam', content: '<p>buy</p>' }, { token: member })).json.data.id;
    const free = (await h.call('/api/admin/board/list', { kind: 'free', skip: 0 }, { token: admin })).json.data.posts;
    expect(free.find((p: any) => p.id === id)).toMatchObject({ visible: true });
    await h.call('/api/admin/board/setVisible', { id, visible: false }, { token: admin });
    expect((await h.call('/api/user/board/view', { type: 'free', id }, { token: member })).json.error.code).toBe('post_not_found');
    await h.call('/api/admin/board/delete', { id }, { token: admin });
    const after = (await h.call('/api/admin/board/list', { kind: 'free', skip: 0 }, { token: admin })).json.data.posts;
    expect(after.map((p: any) => p.id)).not.toContain(id);
  });
});

describe(`note box, templates and inquiry close/delete on ${testEngine}`, () => {
  it('sends to every agent and lists the sends with their targets and read counts', async () => {
    const agents = (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role <> 'user' AND status NOT IN ('withdrawn','deleted')`))
      .rows[0].n;
    const sent = await h.call('/api/admin/message/send', { target: 'agents', subject: 'to agents', content: '<p>hi</p>' }, { token: admin });
    expect(sent.json.data.sent).toBe(agents);
    const userId = Number((await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user1'`)).rows[0].id);
    await h.call('/api/admin/message/send', { target: 'user', user_id: userId, subject: 'to one', content: '<p>hi</p>' }, { token: admin });
    const mine = (await h.call('/api/user/message/get', {}, { token: member })).json.data.messages;
    await h.call('/api/user/message/read', { message_ids: [mine[0].id] }, { token: member });
    const sends = (await h.call('/api/admin/message/sendList', {}, { token: admin })).json.data;
    expect(sends.total).toBe(2);
    expect(sends.sends[0]).toMatchObject({ target: 'user', target_account: 'user1', subject: 'to one', sent: 1, read: 1, admin: 'admin' });
    expect(sends.sends[1]).toMatchObject({ target: 'agents', target_account: null, sent: agents, read: 0 });
  });

  it('edits a template (audited) and lists all of a kind for the pickers', async () => {
    const id = (await h.call('/api/admin/template/create', { kind: 'inquiry', subject: 'greeting', content: '<p>hello</p>' }, { token: admin })).json.data.id;
    expect((await h.call('/api/admin/template/update', { id, subject: 'greeting 2', content: '<p>hi</p>' }, { token: admin })).status).toBe(200);
    const all = (await h.call('/api/admin/template/pickerList', { kind: 'inquiry' }, { token: admin })).json.data.templates;
    expect(all).toEqual([{ id, subject: 'greeting 2', content: '<p>hi</p>' }]);
    expect((await h.call('/api/admin/template/pickerList', { kind: 'note' }, { token: admin })).json.data.templates).toEqual([]);
    expect((await audits('template.update'))[0]).toMatchObject({ before: { subject: 'greeting' }, after: { subject: 'greeting 2' } });
    expect((await h.call('/api/admin/template/update', { id: 999999, subject: 'x', content: '<p>x</p>' }, { token: admin })).json.error.code).toBe(
      'template_not_found',
    );
  });

  it('closes waiting inquiries without an answer (set back to waiting reopens one) and deletes inquiries', async () => {
    const ask = async (subject: string) =>
      (await h.call('/api/user/inquiry/create', { subject, content: `<p>${subject}</p>` }, { token: member })).json.data.id as number;
    const a = await ask('close me');
    const b = await ask('delete me');
    const closed = await h.call('/api/admin/inquiry/close', { inquiry_ids: [a, b] }, { token: admin });
    expect(closed.json.data).toEqual({ closed: 2 });
    // Closing twice changes nothing: only waiting ones close.
    expect((await h.call('/api/admin/inquiry/close', { inquiry_ids: [a] }, { token: admin })).json.data).toEqual({ closed: 0 });
    const answered = (await h.call('/api/admin/inquiry/list', { status: 'answered' }, { token: admin })).json.data.inquiries;
    expect(answered.find((i: any) => i.id === a)).toMatchObject({ status: 'answered', answer: null, closed: true });
    expect((await h.call('/api/admin/inquiry/list', { status: 'waiting' }, { token: admin })).json.data.inquiries.map((i: any) => i.id)).not.toContain(a);
    // Nothing unread for the member: a closed inquiry has no answer to read.
    const ctx = (await h.call('/api/user/getContext', { path: '/' }, { token: member })).json.data.context;
    expect(ctx.unread_reply_total).toBe(0);
    // Set back to waiting, it is no longer closed.
    await h.call('/api/admin/inquiry/setWaiting', { inquiry_ids: [a] }, { token: admin });
    const waiting = (await h.call('/api/admin/inquiry/list', { status: 'waiting' }, { token: admin })).json.data.inquiries;
    expect(waiting.find((i: any) => i.id === a)).toMatchObject({ closed: false });

    expect((await h.call('/api/admin/inquiry/delete', { inquiry_ids: [b] }, { token: admin })).json.data).toEqual({ deleted: 1 });
    expect((await h.call('/api/admin/inquiry/delete', { inquiry_ids: [b] }, { token: admin })).json.data).toEqual({ deleted: 0 });
    const mine = (await h.call('/api/user/inquiry/get', {}, { token: member })).json.data.inquiries.map((i: any) => i.id);
    expect(mine).toEqual([a]);
    expect([...(await audits('inquiry.close'))[0].after.ids].sort()).toEqual([String(a), String(b)].sort());
    expect((await audits('inquiry.delete'))[0].before).toEqual({ inquiries: [{ id: String(b), subject: 'delete me' }] });
    expect((await h.call('/api/admin/inquiry/close', { inquiry_ids: [] }, { token: admin })).status).toBe(400);
    expect(await verifyAudit(h.db)).toMatchObject({ ok: true });
  });
});
