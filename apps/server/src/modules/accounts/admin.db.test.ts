import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_STATUSES } from '@wager/contracts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// The admin's member detail, status moves along the one state table, profile edits and grants (issue 19, decision 037).
let h: Harness;
let admin: string;

const user = async (account: string) =>
  (await h.db.query<{ id: bigint; status: string }>('SELECT id, status FROM users WHERE account = $1', [account])).rows[0];
const create = async (account: string, extra: object = {}) => {
  const r = await h.call(
    '/api/admin/member/create',
    { account, password: 'pw1234', nickname: `n_${account}`, parent_code: 'shop1', state: 'normal_a', ...extra },
    { token: admin },
  );
  expect(r.json.data.status).toBeDefined();
  return r.json.data.id as number;
};
const setStatus = (user_id: number, status: string, memo?: string) => h.call('/api/admin/member/setStatus', { user_id, status, memo }, { token: admin });
const audits = async (id: number, action: string) =>
  (
    await h.db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      'SELECT before, after FROM audit_log WHERE target = $1 AND action = $2 ORDER BY id',
      [`user:${id}`, action],
    )
  ).rows;
const adjust = (user_id: number, asset: string, amount: string, request_id: string) =>
  h.call('/api/admin/ledger/adjust', { user_id, asset, amount, memo: 'test memo', request_id }, { token: admin });

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`admin member detail on ${testEngine}`, () => {
  it('reads any account of the site with the moves the state table allows and the downline counts; an unknown id is 404', async () => {
    const id = await create('adm_d1');
    const d = await h.call('/api/admin/member/detail', { user_id: id }, { token: admin });
    expect(d.status).toBe(200);
    expect(d.json.data.user).toMatchObject({ account: 'adm_d1', status: 'normal_a', parent_account: 'shop1', money: '0' });
    expect(d.json.data.next_statuses.sort()).toEqual(['blocked', 'normal_b', 'pending', 'suspended', 'withdrawn']);
    expect(d.json.data.downline).toEqual({ direct: 0, all: 0, members: 0 });
    const shop = await h.call('/api/admin/member/detail', { user_id: Number((await user('shop1')).id) }, { token: admin });
    expect(shop.json.data.downline.members).toBeGreaterThan(0);
    expect(shop.json.data.next_statuses.sort()).toEqual(['blocked', 'suspended']);
    for (const path of ['/api/admin/member/detail', '/api/admin/member/detail/sessions', '/api/admin/member/detail/updates']) {
      const r = await h.call(path, { user_id: 99_999_999 }, { token: admin });
      if (path.endsWith('updates')) expect(r.json.data.total).toBe(0);
      else expect([r.status, r.json.error.code]).toEqual([404, 'member_not_found']);
    }
    // An agent cannot use the admin's scope.
    const agent = await h.login('agent', 'shop1');
    expect((await h.call('/api/admin/member/detail', { user_id: id }, { token: agent })).status).toBe(401);
  });

  it('moves a member along every allowed admin move, each audited with before, after and memo', async () => {
    const id = await create('adm_s1');
    const walk = [
      'normal_b',
      'normal_a',
      'suspended',
      'normal_b',
      'blocked',
      'normal_a',
      'pending',
      'blocked',
      'withdrawn',
      'normal_a',
      'blocked',
      'normal_b',
      'suspended',
      'blocked',
      'normal_b',
      'suspended',
      'withdrawn',
    ] as const;
    let from = 'normal_a';
    for (const to of walk) {
      const r = await setStatus(id, to, `to ${to}`);
      expect([from, to, r.status]).toEqual([from, to, 200]);
      from = to;
    }
    expect((await user('adm_s1')).status).toBe('withdrawn');
    const rows = await audits(id, 'member.status');
    expect(rows).toHaveLength(walk.length);
    expect(rows[0]).toEqual({ before: { status: 'normal_a' }, after: { status: 'normal_b', memo: 'to normal_b' } });
    // pending -> normal_a (approve) and pending -> withdrawn (reject), the registration application's moves
    const p = await create('adm_s2', { state: 'pending' });
    expect((await setStatus(p, 'normal_a')).status).toBe(200);
    const q = await create('adm_s3', { state: 'pending' });
    expect((await setStatus(q, 'withdrawn')).status).toBe(200);
  });

  it('refuses every move the table does not have with 409 account_state_invalid, changing nothing', async () => {
    const id = await create('adm_r1');
    const allowed: Record<string, string[]> = {
      normal_a: ['normal_a', 'normal_b', 'suspended', 'blocked', 'withdrawn', 'pending'],
    };
    for (const to of MEMBER_STATUSES.filter((s) => !allowed.normal_a.includes(s))) {
      const r = await setStatus(id, to);
      expect([to, r.status, r.json.error.code]).toEqual([to, 409, 'account_state_invalid']);
    }
    expect((await setStatus(id, 'withdrawn')).status).toBe(200);
    for (const to of ['normal_b', 'suspended', 'blocked', 'pending', 'test']) expect((await setStatus(id, to)).json.error.code).toBe('account_state_invalid');
    expect((await user('adm_r1')).status).toBe('withdrawn');
    // A test account is never restored to a real member; an agent is never withdrawn or deleted.
    const t = await create('adm_t1', { state: 'test' });
    expect((await setStatus(t, 'normal_a')).json.error.code).toBe('account_state_invalid');
    const shop = Number((await user('shop1')).id);
    for (const to of ['withdrawn', 'deleted', 'test']) expect((await setStatus(shop, to)).json.error.code).toBe('account_state_invalid');
    expect((await user('shop1')).status).toBe('normal_a');
    // A repeated click to the same status changes nothing and writes no audit row.
    const before = (await audits(id, 'member.status')).length;
    expect((await setStatus(id, 'withdrawn')).status).toBe(200);
    expect(await audits(id, 'member.status')).toHaveLength(before);
  });

  it('a suspended or blocked member cannot sign in; restore lets it back', async () => {
    const id = await create('adm_l1');
    await h.login('user', 'adm_l1', 'pw1234');
    expect((await setStatus(id, 'blocked')).status).toBe(200);
    expect((await h.call('/api/user/login', { account: 'adm_l1', password: 'pw1234', device: 'PC' })).json.error.code).toBe('account_blocked');
    expect((await setStatus(id, 'normal_a')).status).toBe(200);
    await h.login('user', 'adm_l1', 'pw1234');
  });

  it('permanent delete needs an empty account, anonymises the row and keeps its postings (the ledger still verifies)', async () => {
    const id = await create('adm_x1', { phone: '01012345678', bankName: undefined });
    expect((await adjust(id, 'money', '5000', 'adm-x1-grant')).status).toBe(200);
    expect((await setStatus(id, 'withdrawn')).status).toBe(200);
    const refused = await setStatus(id, 'deleted');
    expect([refused.status, refused.json.error.code]).toEqual([409, 'account_has_balance']);
    expect((await adjust(id, 'money', '-5000', 'adm-x1-reclaim')).status).toBe(200);
    expect((await setStatus(id, 'deleted', 'asked by member')).status).toBe(200);
    const row = (await h.db.query('SELECT account, nickname, phone, status, referral_code FROM users WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ account: `deleted-${id}`, nickname: `deleted-${id}`, phone: null, status: 'deleted', referral_code: null });
    const postings = await h.db.query(
      `SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.owner_type = 'user' AND a.owner_id = $1`,
      [id],
    );
    expect(postings.rows[0].n).toBe(2);
    expect((await h.call('/api/admin/ledger/verify', {}, { token: admin })).json.data.ok).toBe(true);
    expect((await h.call('/api/user/login', { account: 'adm_x1', password: 'pw1234', device: 'PC' })).status).toBeGreaterThanOrEqual(400);
    // The name is free again; nothing leaves deleted.
    await create('adm_x1');
    expect((await setStatus(id, 'normal_a')).json.error.code).toBe('account_state_invalid');
    expect((await audits(id, 'member.status')).at(-1)).toEqual({
      before: { status: 'withdrawn', account: 'adm_x1', nickname: 'n_adm_x1' },
      after: { status: 'deleted', memo: 'asked by member' },
    });
  });

  it('edits profile and level with only the changed fields audited; a taken nickname is refused', async () => {
    const id = await create('adm_p1');
    await create('adm_p2');
    const r = await h.call('/api/admin/member/profile/update', { user_id: id, nickname: 'adm_p1_new', level: 5, name: 'Kim' }, { token: admin });
    expect(r.json.data).toEqual({ ok: true, changed: ['nickname', 'name', 'level'] });
    expect(await audits(id, 'member.profile')).toEqual([
      { before: { nickname: 'n_adm_p1', name: null, level: 1 }, after: { nickname: 'adm_p1_new', name: 'Kim', level: 5 } },
    ]);
    const taken = await h.call('/api/admin/member/profile/update', { user_id: id, nickname: 'N_ADM_P2' }, { token: admin });
    expect([taken.status, taken.json.error.code]).toEqual([409, 'nickname_taken']);
    const same = await h.call('/api/admin/member/profile/update', { user_id: id, level: 5 }, { token: admin });
    expect(same.json.data.changed).toEqual([]);
    expect(await audits(id, 'member.profile')).toHaveLength(1);
    const bad = await h.call('/api/admin/member/profile/update', { user_id: id, level: 9 }, { token: admin });
    expect(bad.status).toBe(400);
  });

  it('the tabs: a grant shows in the balance history with its memo, the update history lists the changes, notes and sessions read', async () => {
    const id = await create('adm_h1');
    expect((await adjust(id, 'point', '700', 'adm-h1-point')).json.data.balance).toBe('700');
    const ledger = await h.call('/api/admin/member/detail/ledger', { user_id: id, asset: 'point' }, { token: admin });
    expect(ledger.json.data.rows[0]).toMatchObject({ kind: 'admin.grant', memo: 'test memo', amount: '700', balance_after: '700' });
    await setStatus(id, 'suspended', 'check');
    const updates = await h.call('/api/admin/member/detail/updates', { user_id: id }, { token: admin });
    expect(updates.json.data.rows.map((r: { action: string }) => r.action)).toEqual(['member.status', 'balance.grant', 'account.create']);
    await h.call('/api/admin/message/send', { target: 'user', user_id: id, subject: 'hello', content: '<p>hi</p>' }, { token: admin });
    const notes = await h.call('/api/admin/member/detail/messages', { user_id: id }, { token: admin });
    expect(notes.json.data.rows[0]).toMatchObject({ subject: 'hello', readed_at: null });
    await setStatus(id, 'normal_a');
    await h.login('user', 'adm_h1', 'pw1234');
    const sessions = await h.call('/api/admin/member/detail/sessions', { user_id: id }, { token: admin });
    expect(sessions.json.data.total).toBe(1);
    const inquiries = await h.call('/api/admin/member/detail/inquiries', { user_id: id }, { token: admin });
    expect(inquiries.json.data).toEqual({ rows: [], total: 0 });
    const bets = await h.call('/api/admin/member/detail/bets', { user_id: id, game_type: 'sports' }, { token: admin });
    expect(bets.json.data.total).toBe(0);
  });
});
