import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Agents' inquiry box, message box and notices (decision 033): the members' flows with the
// agent's token; `/api/inquiry/create` and `/api/board/getNotices` are the spec's agent paths,
// whose audience the page header picks.
let h: Harness;
let admin: string;
const onPartner = (token: string) => ({ token, headers: { pathname: '/pa-customer' } });
const idOf = async (account: string) => Number((await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id);
const info = async (token: string) => (await h.call('/api/agent/getAgentInfo', {}, { token })).json.data;
const create = (token: string, subject: string) => h.call('/api/inquiry/create', { subject, content: '<p>정산 문의</p>' }, onPartner(token));

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`agent inquiries on ${testEngine}`, () => {
  it('creates with the member rules, lists only its own, and the admin screen lists it as an agent', async () => {
    const shop = await h.login('agent', 'shop1');
    const dist = await h.login('agent', 'dist1');
    const blank = await h.call('/api/inquiry/create', { subject: '', content: '<p>x</p>' }, onPartner(shop));
    expect(blank.json.error).toMatchObject({ code: 'inquiry_required', message: 'Please enter the inquiry title and content.' });

    const mine = (await create(shop, '매장 문의')).json.data.id as number;
    await create(dist, '총판 문의');
    const list = (await h.call('/api/agent/inquiry/get', { requiredContent: true }, { token: shop })).json.data;
    expect(list).toEqual({
      total: 1,
      inquiries: [expect.objectContaining({ id: mine, subject: '매장 문의', content: '<p>정산 문의</p>', status: 'waiting', answer: null })],
    });

    const waiting = (await h.call('/api/admin/inquiry/list', { status: 'waiting' }, { token: admin })).json.data.inquiries;
    expect(waiting.find((i: any) => i.id === mine)).toMatchObject({ role: 'shop', account: 'shop1', nickname: '매장1', subject: '매장 문의' });
  });

  it('the shared path refuses a player token and a call without the partner page', async () => {
    const player = await h.login('user', 'user1');
    const asPlayer = await h.call('/api/inquiry/create', { subject: 's', content: 'c' }, { token: player });
    expect(asPlayer.status).toBe(404);
    expect((await h.call('/api/inquiry/create', { subject: 's', content: 'c' }, onPartner(player))).status).toBe(401);
    // An agent's token sent from a member page is checked as a player's: refused.
    expect((await h.call('/api/inquiry/create', { subject: 's', content: 'c' }, { token: await h.login('agent', 'branch1') })).status).toBe(401);
    expect((await h.db.query(`SELECT 1 FROM inquiries WHERE subject = 's'`)).rows).toEqual([]);
  });

  it('an answer counts as an unread reply in the login info until the agent opens it; others cannot open it', async () => {
    const token = await h.login('agent', 'subhq1');
    const id = (await create(token, '부본사 문의')).json.data.id as number;
    expect((await info(token)).unread_reply_total).toBe(0);
    await h.call('/api/admin/inquiry/answer', { inquiry_id: id, answer: '<p>확인했습니다</p>' }, { token: admin });
    expect((await info(token)).unread_reply_total).toBe(1);

    const other = await h.login('agent', 'mainhq1');
    expect((await h.call('/api/agent/inquiry/read', { inquiry_id: id }, { token: other })).json.error.code).toBe('inquiry_not_found');
    expect((await h.call('/api/agent/inquiry/delete', { inquiry_id: id }, { token: other })).status).toBe(404);
    expect((await info(token)).unread_reply_total).toBe(1);

    const read = await h.call('/api/agent/inquiry/read', { inquiry_id: id }, { token });
    expect(read.json.data.inquiry).toMatchObject({ id, status: 'answered', answer: '<p>확인했습니다</p>', readed_at: h.clock.now().toISOString() });
    expect((await info(token)).unread_reply_total).toBe(0);
    expect((await h.call('/api/agent/inquiry/delete', { inquiry_id: id }, { token })).json.data).toEqual({ deleted: 1 });
    expect((await h.call('/api/agent/inquiry/get', {}, { token })).json.data.total).toBe(0);
  });
});

describe(`agent message box on ${testEngine}`, () => {
  it('reads only its own notes, deletes only read ones, and the count drops on read', async () => {
    const token = await h.login('agent', 'tophq1');
    const other = await h.login('agent', 'mainhq1');
    for (const subject of ['첫 쪽지', '둘째 쪽지'])
      await h.call('/api/admin/message/send', { target: 'user', user_id: await idOf('tophq1'), subject, content: '<p>본문</p>' }, { token: admin });
    expect((await info(token)).new_message_total).toBe(2);
    const box = (await h.call('/api/agent/message/get', { skip: 0 }, { token })).json.data;
    expect(box.messages.map((m: any) => m.subject)).toEqual(['둘째 쪽지', '첫 쪽지']);
    const [second, first] = box.messages.map((m: any) => m.id as number);

    // Someone else's ids change nothing and open nothing.
    expect((await h.call('/api/agent/message/read', { message_ids: [first, second] }, { token: other })).json.data).toEqual({ read: 0 });
    expect((await h.call('/api/agent/message/delete', { message_id: first }, { token: other })).json.error.code).toBe('message_not_found');
    expect((await h.call('/api/agent/message/get', {}, { token: other })).json.data.messages.map((m: any) => m.id)).not.toContain(first);
    expect((await info(token)).new_message_total).toBe(2);

    expect((await h.call('/api/agent/message/delete', { message_id: first }, { token })).json.error.code).toBe('message_unread_delete');
    expect((await h.call('/api/agent/message/read', { message_ids: [first] }, { token })).json.data).toEqual({ read: 1 });
    expect((await info(token)).new_message_total).toBe(1);
    expect((await h.call('/api/agent/message/delete', { message_id: first }, { token })).json.data).toEqual({ ok: true });
    const left = (await h.call('/api/agent/message/get', {}, { token })).json.data;
    expect(left).toMatchObject({ total: 1, messages: [{ id: second, readed_at: null }] });
  });
});

describe(`agent notices on ${testEngine}`, () => {
  it('lists the visible notices and opens one; a player token is refused on the agent path', async () => {
    const token = await h.login('agent', 'shop1');
    const created = await h.call('/api/admin/board/create', { kind: 'notice', subject: '파트너 공지', content: '<p>정산일 안내</p>' }, { token: admin });
    const id = created.json.data.id as number;
    const list = (await h.call('/api/board/getNotices', { skip: 0 }, { token, headers: { pathname: '/pa-notice' } })).json.data;
    expect(list.notices.find((n: any) => n.id === id)).toMatchObject({ subject: '파트너 공지', type: 'notice' });
    const view = (await h.call('/api/agent/board/view', { id }, { token })).json.data.post;
    expect(view).toMatchObject({ id, subject: '파트너 공지', content: '<p>정산일 안내</p>' });

    await h.call('/api/admin/board/setVisible', { id, visible: false }, { token: admin });
    expect((await h.call('/api/agent/board/view', { id }, { token })).json.error.code).toBe('post_not_found');
    expect((await h.call('/api/board/getNotices', {}, { token: await h.login('user', 'user2') })).status).toBe(404);
  });
});
