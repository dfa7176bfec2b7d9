import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

const idOf = async (account: string) => Number((await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id);

describe(`activity restrictions on ${testEngine}`, () => {
  it('an admin switches activities off; the member is refused with a clear message; switching back allows them', async () => {
    const admin = await h.login('admin', 'admin');
    const uid = await idOf('user3');
    const set = await h.call(
      '/api/admin/member/setRestrictions',
      { user_id: uid, restrictions: { board_write: true, comment: true, inquiry: true, exchange: true } },
      { token: admin },
    );
    expect(set.json.data.restrictions).toEqual(['board_write', 'comment', 'inquiry', 'exchange']);
    const t = await h.login('user', 'user3');
    const ctx = await h.call('/api/user/getContext', {}, { token: t });
    expect(ctx.json.data.user.restrictions).toEqual(['board_write', 'comment', 'inquiry', 'exchange']);

    const refused = (r: { status: number; json: any }) => {
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('activity_restricted');
      expect(r.json.error.message).toMatch(/restricted for your account/);
    };
    refused(await h.call('/api/user/board/post/create', { subject: '제목', content: '<p>내용</p>' }, { token: t }));
    refused(await h.call('/api/user/board/post/createComment', { post_id: 1, content: '댓글' }, { token: t }));
    refused(await h.call('/api/user/inquiry/create', { subject: '문의', content: '<p>내용</p>' }, { token: t }));
    refused(await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: 'restricted-1' }, { token: t }));

    await h.call('/api/admin/member/setRestrictions', { user_id: uid, restrictions: { board_write: false, exchange: false } }, { token: admin });
    expect((await h.call('/api/user/board/post/create', { subject: '제목', content: '<p>내용</p>' }, { token: t })).status).toBe(200);
    expect((await h.call('/api/user/inquiry/create', { subject: '문의', content: '<p>내용</p>' }, { token: t })).status).toBe(403);
    const audit = await h.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'member.restrictions'`);
    expect(audit.rows[0].n).toBe(2);
  });

  it('a member barred from charge points gets the charge but no bonus', async () => {
    const admin = await h.login('admin', 'admin');
    const uid = await idOf('user4');
    await h.call('/api/admin/member/setRestrictions', { user_id: uid, restrictions: { first_charge_points: true } }, { token: admin });
    const t = await h.login('user', 'user4');
    const c = await h.call('/api/user/bank/charge', { charge_money: 100000, request_id: 'restricted-charge-1' }, { token: t });
    const done = await h.call('/api/admin/bank/process', { type: 'charge', id: c.json.data.request.id, action: 'approve' }, { token: admin });
    expect(done.json.data.request.bonus_point).toBe('0');
  });
});

describe(`restrictions in the admin member list on ${testEngine}`, () => {
  it('lists each member with the activities currently switched off', async () => {
    const admin = await h.login('admin', 'admin');
    const r = await h.call('/api/admin/member/list', { search: 'user3' }, { token: admin });
    expect(r.json.data.rows[0].restrictions).toEqual(['comment', 'inquiry']);
  });
});
