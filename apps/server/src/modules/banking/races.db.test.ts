import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyLedger } from '../ledger/index.ts';

// Rules that depend on a member's earlier activity, hit by parallel calls. Meaningful on
// PostgreSQL (TEST_DATABASE_URL), where the calls really run at the same time; on PGlite the
// transactions queue and the same answers must come out.

let h: Harness;
let seq = 0;
const rid = () => `race-request-${seq++}`;
beforeAll(async () => {
  h = await harness();
  h.clock.set(new Date(Date.parse('2026-11-24T10:00:00+09:00')));
});
afterAll(() => h?.close());
afterEach(async () => {
  expect((await verifyLedger(h.db)).problems).toEqual([]);
});

const admin = () => h.login('admin', 'admin');
const settings = async (patch: object) => expect((await h.call('/api/admin/settings/update', { settings: patch }, { token: await admin() })).status).toBe(200);
const balances = async (token: string) => (await h.call('/api/user/getContext', {}, { token })).json.data.user as { money: string; point: string };

describe(`member-lock races on ${testEngine}`, () => {
  it('parallel approvals of one member’s charges pay the first-charge bonus exactly once', async () => {
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 0, require_exchange_password: false } });
    const t = await h.login('user', 'user2');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await h.call('/api/user/bank/charge', { charge_money: 100000, request_id: rid() }, { token: t });
      if (!r.json.result) throw new Error(JSON.stringify(r.json));
      ids.push(r.json.data.request.id);
    }
    const before = await balances(t);
    const token = await admin();
    const answers = await Promise.all(ids.map((id) => h.call('/api/admin/bank/process', { type: 'charge', id, action: 'approve' }, { token })));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const bonuses = answers.map((a) => a.json.data.request.bonus_point as string);
    expect(bonuses.filter((b) => b !== '0')).toEqual(['5000']); // 5 % of the first charge only
    const after = await balances(t);
    expect(BigInt(after.point) - BigInt(before.point)).toBe(5000n);
    expect(BigInt(after.money) - BigInt(before.money)).toBe(600000n);
  });

  it('parallel exchange requests keep one request per interval', async () => {
    const t = await h.login('user', 'user4');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t })),
    );
    expect(answers.map((a) => a.json.error?.code ?? 'ok').sort()).toEqual([
      'exchange_too_soon',
      'exchange_too_soon',
      'exchange_too_soon',
      'exchange_too_soon',
      'exchange_too_soon',
      'ok',
    ]);
    expect(answers.filter((a) => a.json.error?.code === 'exchange_too_soon')).toHaveLength(5);
  });

  it('parallel exchange requests keep the daily count when there is no interval', async () => {
    await settings({ exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 0, daily_count: 2, blackout_start: '23:30', blackout_end: '00:30' } });
    const t = await h.login('user', 'user5');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.json.error?.code === 'exchange_daily_limit')).toHaveLength(4);
    await settings({
      exchange: { min: 10000, max: null, unit: 10000, interval_minutes: 180, daily_count: null, blackout_start: '23:30', blackout_end: '00:30' },
    });
  });

  it('parallel charge requests respect the member’s own daily deposit limit', async () => {
    const t = await h.login('user', 'user6');
    expect((await h.call('/api/user/limits/set', { deposit_daily: 250000 }, { token: t })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.call('/api/user/bank/charge', { charge_money: 100000, request_id: rid() }, { token: t })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.json.error?.code === 'deposit_limit_daily')).toHaveLength(4);
  });

  it('parallel comments are rewarded at most five times a day', async () => {
    const t = await h.login('user', 'user7');
    const post = await h.call('/api/user/board/post/create', { subject: 'race', content: '<p>race</p>' }, { token: t });
    expect(post.status).toBe(200);
    const postId = post.json.data.id;
    const before = await balances(t);
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => h.call('/api/user/board/post/createComment', { post_id: postId, content: `c${i}` }, { token: t })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const after = await balances(t);
    expect(BigInt(after.point) - BigInt(before.point)).toBe(250n);
    expect(answers.filter((a) => a.json.data.reward_point === '50')).toHaveLength(5);
  });

  it('parallel quick account requests leave one open request', async () => {
    const t = await h.login('user', 'test1');
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.call('/api/user/inquiry/quickAccount', {}, { token: t })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json.data.id)).size).toBe(1);
  });

  it('parallel charge requests keep the delay between requests', async () => {
    await settings({ charge: { min: 10000, max: null, unit: null, delay_seconds: 60, require_exchange_password: false } });
    const t = await h.login('user', 'user1');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.call('/api/user/bank/charge', { charge_money: 20000, request_id: rid() }, { token: t })),
    );
    expect(answers.map((a) => a.json.error?.code ?? 'ok').sort()).toEqual([...Array(5).fill('charge_too_soon'), 'ok']);
  });
});
