import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { minigameBetInput } from '../../test/bets.ts';
import { testEngine } from '../../test/db.ts';
import { placeBet, settleBets } from '../betting/index.ts';
import { drain } from '../commissions/index.ts';
import { ONLINE_WINDOW_MS } from '../auth/index.ts';

// Issue 20 defect 6: "online" counted every session never logged out (16–18 shown while about 3
// were live); it is now the sessions seen in the last poll window. The dashboard also has the
// site's day: deposits, withdrawals, settled bets and profit and loss, from the statistics reads.
let h: Harness;
let admin: string;
let seq = 0;
const rid = () => `dashboard-${seq++}`;
beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

const dashboard = async () => {
  const r = await h.call('/api/admin/dashboard', {}, { token: admin });
  expect(r.status).toBe(200);
  return r.json.data;
};
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;

describe(`admin dashboard on ${testEngine}`, () => {
  it('counts as online only the sessions seen in the poll window, not every session left open', async () => {
    const base = await dashboard();
    expect(base.online).toBe(1); // the admin polling it
    // Ten players sign in and close the tab: their sessions stay open until idle expiry.
    for (let i = 1; i <= 7; i++) await h.login('user', `user${i}`);
    await h.login('agent', 'shop1');
    expect((await dashboard()).online).toBe(9);

    // Six minutes later, two of them are still on the site (their pages poll); the rest left.
    h.clock.advance(6 * 60_000);
    const stay = [await h.login('user', 'user1'), await h.login('user', 'user2')];
    for (const t of stay) expect((await h.call('/api/user/getContext', { path: '/' }, { token: t })).status).toBe(200);
    const open = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NULL AND expires_at > $1`, [h.clock.now()]);
    expect(open.rows[0].n).toBe(9); // what the old counter showed (a new login replaced user1's and user2's)
    // The admin itself is seen again by this call: 2 players + the admin.
    expect((await dashboard()).online).toBe(3);

    // A page that keeps polling stays online across the window: its last-seen time is written
    // at most once a minute, never per request.
    const [t1] = stay;
    const seen = async () =>
      (
        await h.db.query<{ at: Date }>(
          `SELECT max(last_seen_at) AS at FROM sessions s JOIN users u ON u.id = s.subject_id WHERE u.account = 'user1' AND s.revoked_at IS NULL`,
        )
      ).rows[0].at;
    const first = await seen();
    for (let i = 0; i < 5; i++) {
      h.clock.advance(5_000);
      await h.call('/api/user/getContext', { path: '/' }, { token: t1 });
    }
    expect((await seen()).getTime()).toBe(first.getTime()); // 25 s of polls: no write
    for (let i = 0; i < 4; i++) {
      h.clock.advance(ONLINE_WINDOW_MS / 4);
      const r = await h.call('/api/user/getContext', { path: '/' }, { token: t1 });
      expect(r.json.data.user?.account).toBe('user1');
    }
    expect((await seen()).getTime()).toBeGreaterThan(first.getTime());
    // Only user1 kept polling (and the admin now calls again).
    expect((await dashboard()).online).toBe(2);
  });

  it("answers today's deposits, withdrawals, settled bets and profit and loss of the site", async () => {
    await drain(h.db, h.clock); // the seeded bets' statistics first
    const before = (await dashboard()).today;
    expect(before.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const user = await h.login('user', 'user6');
    const asked = await h.call('/api/user/bank/charge', { charge_money: 70_000, request_id: rid() }, { token: user });
    expect(asked.json.error ?? null).toBeNull();
    expect((await h.call('/api/admin/bank/process', { type: 'charge', id: asked.json.data.request.id, action: 'approve' }, { token: admin })).status).toBe(200);
    const out = await h.call('/api/user/bank/exchange', { exchange_money: 20_000, bank_password: '1234', request_id: rid() }, { token: user });
    expect(out.json.error ?? null).toBeNull();
    expect((await h.call('/api/admin/bank/process', { type: 'exchange', id: out.json.data.request.id, action: 'approve' }, { token: admin })).status).toBe(200);

    const uid = await idOf('user6');
    const lost = await placeBet(h.db, h.clock, minigameBetInput(uid, rid(), { amount: 30_000n }));
    const won = await placeBet(h.db, h.clock, minigameBetInput(uid, rid(), { amount: 10_000n }));
    await h.db.tx((sql) =>
      settleBets(sql, h.clock, rid(), [
        { betId: lost.id, outcome: 'lost' },
        { betId: won.id, outcome: 'won' },
      ]),
    );
    await drain(h.db, h.clock);

    const today = (await dashboard()).today;
    const wins = await h.db.query<{ w: bigint }>('SELECT win_amount AS w FROM bets WHERE id = $1', [won.id]);
    const add = (k: string, n: bigint) => String(BigInt(before[k]) + n);
    expect(today).toMatchObject({
      day: before.day,
      charge_count: before.charge_count + 1,
      charge_amount: add('charge_amount', 70_000n),
      exchange_count: before.exchange_count + 1,
      exchange_amount: add('exchange_amount', 20_000n),
      deposit_pl: add('deposit_pl', 50_000n),
      bet_count: before.bet_count + 2,
      bet_amount: add('bet_amount', 40_000n),
      win_amount: add('win_amount', wins.rows[0].w),
      betting_pl: add('betting_pl', 40_000n - wins.rows[0].w),
    });
  });
});
