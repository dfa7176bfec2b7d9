import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAudit } from '../audit/index.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let admin: string;
const idOf = async (account: string) => Number((await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id);
const unread = async (token: string) => (await h.call('/api/user/getContext', { path: '/' }, { token })).json.data.context.unread_message_total as number;
const inbox = async (account: string) =>
  (await h.db.query<{ subject: string }>('SELECT m.subject FROM messages m JOIN users u ON u.id = m.user_id WHERE u.account = $1', [account])).rows.map(
    (r) => r.subject,
  );
const recipients = async (subject: string) =>
  (
    await h.db.query<{ account: string }>('SELECT u.account FROM messages m JOIN users u ON u.id = m.user_id WHERE m.subject = $1 ORDER BY u.account', [
      subject,
    ])
  ).rows.map((r) => r.account);

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`message box on ${testEngine}`, () => {
  it('lists 10 per page, newest first, and counts the total', async () => {
    const token = await h.login('user', 'user1');
    const user_id = await idOf('user1');
    for (let n = 1; n <= 12; n++) {
      const r = await h.call('/api/admin/message/send', { target: 'user', user_id, subject: `note ${n}`, content: `<p>body ${n}</p>` }, { token: admin });
      expect(r.json.data).toEqual({ sent: 1 });
      h.clock.advance(1000);
    }
    const first = await h.call('/api/user/message/get', { skip: 0 }, { token });
    expect(first.status).toBe(200);
    expect(first.json.data.total).toBe(12);
    expect(first.json.data.messages.map((m: any) => m.subject)).toEqual(Array.from({ length: 10 }, (_, i) => `note ${12 - i}`));
    expect(first.json.data.messages[0]).toMatchObject({ content: '<p>body 12</p>', readed_at: null, sender: 'admin' });
    const second = await h.call('/api/user/message/get', { skip: 10 }, { token });
    expect(second.json.data.messages.map((m: any) => m.subject)).toEqual(['note 2', 'note 1']);
  });

  it('reading drops the unread count; readAll clears it', async () => {
    const token = await h.login('user', 'user1');
    expect(await unread(token)).toBe(12);
    const list = (await h.call('/api/user/message/get', {}, { token })).json.data.messages;
    const r = await h.call('/api/user/message/read', { message_ids: [list[0].id, list[1].id] }, { token });
    expect(r.json.data).toEqual({ read: 2 });
    expect(await unread(token)).toBe(10);
    // Reading again changes nothing, and another member's ids are not touched.
    expect((await h.call('/api/user/message/read', { message_ids: [list[0].id] }, { token })).json.data).toEqual({ read: 0 });
    const other = await h.login('user', 'user2');
    expect((await h.call('/api/user/message/read', { message_ids: [list[2].id] }, { token: other })).json.data).toEqual({ read: 0 });
    expect(await unread(token)).toBe(10);
    const again = (await h.call('/api/user/message/get', {}, { token })).json.data.messages;
    expect(again[0].readed_at).toBe(h.clock.now().toISOString());
    expect((await h.call('/api/user/message/readAll', {}, { token })).json.data).toEqual({ read: 10 });
    expect(await unread(token)).toBe(0);
    expect((await h.call('/api/user/message/read', { message_ids: [] }, { token })).status).toBe(400);
  });

  it('refuses to delete an unread message, deletes a read one', async () => {
    const token = await h.login('user', 'user2');
    await h.call('/api/admin/message/send', { target: 'user', user_id: await idOf('user2'), subject: 'keep me', content: 'x' }, { token: admin });
    const [m] = (await h.call('/api/user/message/get', {}, { token })).json.data.messages;
    const refused = await h.call('/api/user/message/delete', { message_id: m.id }, { token });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'message_unread_delete', field: 'message_id' });
    expect(refused.json.error.message).toMatch(/Only read messages can be deleted/);
    expect((await h.call('/api/user/message/get', {}, { token })).json.data.total).toBe(1);

    const stranger = await h.login('user', 'user3');
    expect((await h.call('/api/user/message/delete', { message_id: m.id }, { token: stranger })).json.error.code).toBe('message_not_found');

    await h.call('/api/user/message/read', { message_ids: [m.id] }, { token });
    expect((await h.call('/api/user/message/delete', { message_id: m.id }, { token })).json.data).toEqual({ ok: true });
    expect((await h.call('/api/user/message/get', {}, { token })).json.data.total).toBe(0);
    expect((await h.call('/api/user/message/delete', { message_id: m.id }, { token })).status).toBe(404);
  });

  it('erases every read message and keeps the unread ones', async () => {
    const token = await h.login('user', 'user3');
    const user_id = await idOf('user3');
    for (const subject of ['a', 'b', 'c']) await h.call('/api/admin/message/send', { target: 'user', user_id, subject, content: 'x' }, { token: admin });
    const list = (await h.call('/api/user/message/get', {}, { token })).json.data.messages;
    await h.call('/api/user/message/read', { message_ids: list.filter((m: any) => m.subject !== 'b').map((m: any) => m.id) }, { token });
    expect((await h.call('/api/user/message/deleteAllRead', {}, { token })).json.data).toEqual({ deleted: 2 });
    const left = (await h.call('/api/user/message/get', {}, { token })).json.data;
    expect(left.total).toBe(1);
    expect(left.messages[0].subject).toBe('b');
    expect(await unread(token)).toBe(1);
  });

  it('agents have the same message box', async () => {
    const token = await h.login('agent', 'shop1');
    await h.call('/api/admin/message/send', { target: 'user', user_id: await idOf('shop1'), subject: 'for the shop', content: 'x' }, { token: admin });
    const info = async () => (await h.call('/api/agent/getAgentInfo', {}, { token })).json.data.new_message_total;
    expect(await info()).toBe(1);
    const list = await h.call('/api/agent/message/get', { skip: 0 }, { token });
    expect(list.json.data.total).toBe(1);
    const id = list.json.data.messages[0].id;
    expect((await h.call('/api/agent/message/delete', { message_id: id }, { token })).json.error.code).toBe('message_unread_delete');
    expect((await h.call('/api/agent/message/read', { message_ids: [id] }, { token })).json.data).toEqual({ read: 1 });
    expect(await info()).toBe(0);
    expect((await h.call('/api/agent/message/delete', { message_id: id }, { token })).status).toBe(200);
    // A player token does not open the agent box.
    expect((await h.call('/api/agent/message/get', {}, { token: await h.login('user', 'user4') })).status).toBe(401);
  });
});

describe(`admin message send on ${testEngine}`, () => {
  it('a level send reaches exactly the members of that level (agents are level 7 too, but not members)', async () => {
    const r = await h.call('/api/admin/message/send', { target: 'level', level: 7, subject: 'level seven', content: '<p>hi</p>' }, { token: admin });
    expect(r.json.data).toEqual({ sent: 1 });
    expect(await recipients('level seven')).toEqual(['user7']);
    const one = await h.call('/api/admin/message/send', { target: 'level', level: 1, subject: 'level one', content: 'hi' }, { token: admin });
    expect(one.json.data).toEqual({ sent: 3 });
    expect(await recipients('level one')).toEqual(['test1', 'test2', 'user1']);
    expect(await inbox('user2')).not.toContain('level one');
  });

  it('all members; direct and all lower members of an agent', async () => {
    expect((await h.call('/api/admin/message/send', { target: 'all', subject: 'to all', content: 'x' }, { token: admin })).json.data.sent).toBe(9);
    expect(await recipients('to all')).toEqual(['test1', 'test2', 'user1', 'user2', 'user3', 'user4', 'user5', 'user6', 'user7']);
    const dist = await idOf('dist1');
    expect(
      (await h.call('/api/admin/message/send', { target: 'agent_lower_direct', agent_id: dist, subject: 'direct', content: 'x' }, { token: admin })).json.data
        .sent,
    ).toBe(1);
    expect(await recipients('direct')).toEqual(['shop1']);
    expect(
      (await h.call('/api/admin/message/send', { target: 'agent_lower_all', agent_id: dist, subject: 'tree', content: 'x' }, { token: admin })).json.data.sent,
    ).toBe(10);
    expect(await recipients('tree')).toContain('user5');
    expect(await recipients('tree')).not.toContain('dist1');
  });

  it('skips withdrawn members, checks targets and required fields, sanitises content', async () => {
    const u6 = await idOf('user6');
    await h.call('/api/admin/member/setStatus', { user_id: u6, status: 'withdrawn' }, { token: admin });
    expect((await h.call('/api/admin/message/send', { target: 'level', level: 6, subject: 'gone', content: 'x' }, { token: admin })).json.error.code).toBe(
      'message_no_recipients',
    );
    expect((await h.call('/api/admin/message/send', { target: 'user', user_id: u6, subject: 'gone', content: 'x' }, { token: admin })).status).toBe(404);
    await h.call('/api/admin/member/setStatus', { user_id: u6, status: 'normal_a' }, { token: admin });
    expect(
      (await h.call('/api/admin/message/send', { target: 'agent_lower_all', agent_id: await idOf('user1'), subject: 's', content: 'x' }, { token: admin })).json
        .error.code,
    ).toBe('agent_not_found');
    const missingField = await h.call('/api/admin/message/send', { target: 'user', subject: 's', content: 'x' }, { token: admin });
    expect(missingField.json.error.field).toBe('user_id');
    const empty = await h.call('/api/admin/message/send', { target: 'all', subject: ' ', content: '<p><br></p>' }, { token: admin });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toMatchObject({ code: 'message_required', message: 'Please enter the message title and content.' });
    await h.call(
      '/api/admin/message/send',
      { target: 'user', user_id: u6, subject: 'xss', content: '<p onclick="x()">hi<script>alert(1)</script></p>' },
      { token: admin },
    );
    const stored = await h.db.query<{ content: string }>(`SELECT content FROM messages WHERE subject = 'xss'`);
    expect(stored.rows[0].content).toBe('<p>hi</p>');
    expect((await h.call('/api/admin/message/send', { target: 'all', subject: 'x', content: 'x' }, { token: await h.login('agent', 'shop1') })).status).toBe(
      401,
    );
  });

  it('every send is one audit row with the admin as actor', async () => {
    const rows = await h.db.query<{ actor_type: string; actor_id: bigint; after: any; ip: string }>(
      `SELECT actor_type, actor_id, after, ip FROM audit_log WHERE action = 'message.send' ORDER BY id`,
    );
    const sends = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM message_sends');
    expect(rows.rows.length).toBe(sends.rows[0].n);
    expect(rows.rows.length).toBeGreaterThan(15);
    expect(rows.rows.every((r) => r.actor_type === 'admin' && r.actor_id > 0n && r.ip === '127.0.0.1')).toBe(true);
    expect(rows.rows.find((r) => r.after.subject === 'level seven')?.after).toMatchObject({ target: 'level', arg: '7', sent: 1 });
    expect((await verifyAudit(h.db)).ok).toBe(true);
  });
});
