import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { siblingShop } from '../../test/sibling-shop.ts';

/**
 * Issue 23 (decision 057), staff and protection: an admin or an agent (its own subtree only)
 * tightens a player's limits through responsible's service and can never raise or remove one;
 * notes sent to many skip a player in a time-out or self-exclusion, and a note to one is refused.
 */
let h: Harness;
let admin: string;
let user9: bigint;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const audits = async (id: bigint, action: string) =>
  (
    await h.db.query<{ after: Record<string, unknown>; actor_type: string; actor_id: string | null }>(
      'SELECT after, actor_type, actor_id::text FROM audit_log WHERE target = $1 AND action = $2 ORDER BY id',
      [`user:${id}`, action],
    )
  ).rows;
const notesOf = async (id: bigint) => Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM messages WHERE user_id = $1', [id])).rows[0].n);

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  user9 = (await siblingShop(h.db)).user9;
});
afterAll(() => h?.close());

describe(`staff tighten a player's limits on ${testEngine}`, () => {
  it('the admin reads the limits, waiting raises, exclusion and totals; tightens with an audit row; a raise or removal is refused', async () => {
    const uid = await idOf('user2');
    const member = await h.login('user', 'user2');
    await h.call('/api/user/limits/set', { deposit_daily: 300_000, loss_weekly: 100_000 }, { token: member });
    await h.call('/api/user/limits/set', { loss_weekly: 200_000 }, { token: member }); // a raise: waits a day

    const read = await h.call('/api/admin/member/limits/get', { user_id: Number(uid) }, { token: admin });
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    expect(read.json.data).toMatchObject({
      deposit_daily: '300000',
      loss_weekly: '100000',
      pending: { loss_weekly: '200000' },
      pending_from: new Date(h.clock.now().getTime() + 86_400_000).toISOString(),
      self_excluded_until: null,
      excluded_permanent: false,
      deposited_today: '0',
    });

    const tightened = await h.call(
      '/api/admin/member/limits/set',
      { user_id: Number(uid), limits: { deposit_daily: 100_000, stake_per_bet: 5000 } },
      { token: admin },
    );
    expect(tightened.status, JSON.stringify(tightened.json)).toBe(200);
    expect(tightened.json.data).toMatchObject({ deposit_daily: '100000', stake_per_bet: '5000', loss_weekly: '100000' });
    const set = await audits(uid, 'limits.set');
    expect(set.at(-1)).toMatchObject({ actor_type: 'admin', after: { deposit_daily: '100000', stake_per_bet: '5000' } });

    // Tightening the key a raise waits for replaces the raise.
    const lower = await h.call('/api/admin/member/limits/set', { user_id: Number(uid), limits: { loss_weekly: 50_000 } }, { token: admin });
    expect(lower.json.data).toMatchObject({ loss_weekly: '50000', pending: null, pending_from: null });

    for (const limits of [{ deposit_daily: 500_000 }, { stake_per_bet: null }]) {
      const refused = await h.call('/api/admin/member/limits/set', { user_id: Number(uid), limits }, { token: admin });
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe('limit_raise_forbidden');
    }
    const after = await h.call('/api/admin/member/limits/get', { user_id: Number(uid) }, { token: admin });
    expect(after.json.data).toMatchObject({ deposit_daily: '100000', stake_per_bet: '5000' });
    expect((await audits(uid, 'limits.raise_scheduled')).map((a) => a.actor_type)).toEqual(['user']);

    // An agent account or an unknown id is not a player with limits.
    expect((await h.call('/api/admin/member/limits/get', { user_id: Number(await idOf('shop1')) }, { token: admin })).json.error.code).toBe('member_not_found');
    expect((await h.call('/api/admin/member/limits/set', { user_id: 999_999, limits: { deposit_daily: 1 } }, { token: admin })).status).toBe(404);
    // A member's token is refused on the admin call.
    expect((await h.call('/api/admin/member/limits/get', { user_id: Number(uid) }, { token: member })).status).toBe(401);
  });

  it('an agent tightens a member of its subtree and sees only the limits in force; raises and members outside are refused', async () => {
    const uid = await idOf('user3');
    const shop1 = await h.login('agent', 'shop1');
    const read = await h.call('/api/agent/user/limits/get', { user_id: Number(uid) }, { token: shop1, headers: { pathname: '/pa' } });
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    expect(read.json.data.limits.stake_daily).toBeNull();

    const set = await h.call(
      '/api/agent/user/limits/set',
      { user_id: Number(uid), limits: { stake_daily: 40_000 } },
      { token: shop1, headers: { pathname: '/pa' } },
    );
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.data.limits.stake_daily).toBe('40000');
    expect(Object.keys(set.json.data.limits)).not.toContain('self_excluded_until');
    const row = (await audits(uid, 'limits.set')).at(-1)!;
    expect(row).toMatchObject({ actor_type: 'agent', actor_id: String(await idOf('shop1')), after: { stake_daily: '40000' } });

    const raise = await h.call(
      '/api/agent/user/limits/set',
      { user_id: Number(uid), limits: { stake_daily: 90_000 } },
      { token: shop1, headers: { pathname: '/pa' } },
    );
    expect([raise.status, raise.json.error.code]).toEqual([403, 'limit_raise_forbidden']);

    // user9 is shop2's (beside shop1): the same 404 as every agent call outside the subtree, nothing written.
    const outside = await h.call(
      '/api/agent/user/limits/set',
      { user_id: Number(user9), limits: { stake_daily: 1000 } },
      { token: shop1, headers: { pathname: '/pa' } },
    );
    expect([outside.status, outside.json.error.code]).toEqual([404, 'not_in_subtree']);
    expect((await h.db.query('SELECT 1 FROM member_limits WHERE user_id = $1', [user9])).rows).toEqual([]);
    expect((await audits(user9, 'limits.set')).length).toBe(0);
    // dist1, above shop2, may.
    const dist1 = await h.login('agent', 'dist1');
    const above = await h.call(
      '/api/agent/user/limits/set',
      { user_id: Number(user9), limits: { stake_daily: 1000 } },
      { token: dist1, headers: { pathname: '/pa' } },
    );
    expect(above.json.data.limits.stake_daily).toBe('1000');
  });
});

describe(`nothing reaches an excluded player on ${testEngine}`, () => {
  it('a note to many skips the excluded member; a note to that member alone is refused and writes nothing', async () => {
    const uid = await idOf('user5');
    const other = await idOf('user6');
    const t = await h.login('user', 'user5');
    expect((await h.call('/api/user/limits/selfExclude', { period: '7d', password: '1234' }, { token: t })).status).toBe(200);
    const players = Number(
      (await h.db.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE role = 'user' AND status NOT IN ('withdrawn', 'deleted')")).rows[0].n,
    );
    const [before, otherBefore] = [await notesOf(uid), await notesOf(other)];

    const all = await h.call('/api/admin/message/send', { target: 'all', subject: '이벤트 안내', content: '<p>주말 이벤트</p>' }, { token: admin });
    expect(all.status, JSON.stringify(all.json)).toBe(200);
    expect(all.json.data.sent).toBe(players - 1);
    expect(await notesOf(uid)).toBe(before);
    expect(await notesOf(other)).toBe(otherBefore + 1);

    const lower = await h.call(
      '/api/admin/message/send',
      { target: 'agent_lower_all', agent_id: Number(await idOf('shop1')), subject: '매장 안내', content: '<p>x</p>' },
      { token: admin },
    );
    expect(lower.status).toBe(200);
    expect(await notesOf(uid)).toBe(before);

    // Level 5 holds user5 alone among the seeded players: nobody is left to send to.
    const level = await h.call('/api/admin/message/send', { target: 'level', level: 5, subject: '등급 안내', content: '<p>x</p>' }, { token: admin });
    expect([level.status, level.json.error.code]).toEqual([400, 'message_no_recipients']);

    const one = await h.call('/api/admin/message/send', { target: 'user', user_id: Number(uid), subject: '개별 안내', content: '<p>x</p>' }, { token: admin });
    expect([one.status, one.json.error.code]).toEqual([409, 'message_member_excluded']);
    expect(await notesOf(uid)).toBe(before);

    // After the time-out ends, notes reach the member again.
    h.clock.advance(7 * 86_400_000 + 1000);
    admin = await h.login('admin', 'admin');
    const again = await h.call(
      '/api/admin/message/send',
      { target: 'user', user_id: Number(uid), subject: '개별 안내', content: '<p>x</p>' },
      { token: admin },
    );
    expect(again.json.data).toEqual({ sent: 1 });
    expect(await notesOf(uid)).toBe(before + 1);
  });
});

describe(`the session-time limit reaches the member site on ${testEngine}`, () => {
  it('the first call at the limit answers session_limit_reached even when it is the optional context read; later ones read as a guest', async () => {
    const t = await h.login('user', 'user7');
    await h.call('/api/user/limits/set', { session_minutes: 15 }, { token: t });
    h.clock.advance(14 * 60_000);
    const live = await h.call('/api/user/getContext', { path: '/' }, { token: t });
    expect(live.json.data.user?.account).toBe('user7');
    h.clock.advance(60_000);
    const ended = await h.call('/api/user/getContext', { path: '/' }, { token: t });
    expect([ended.status, ended.json.error?.code]).toEqual([401, 'session_limit_reached']);
    const after = await h.call('/api/user/getContext', { path: '/' }, { token: t });
    expect(after.status).toBe(200);
    expect(after.json.data.user ?? null).toBeNull();
  });
});
