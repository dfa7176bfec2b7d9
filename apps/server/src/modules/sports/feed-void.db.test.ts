import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import type { FeedMessage } from './feed/types.ts';
import { ingest } from './ingest.ts';
import { fund, makeFixture, placeSportsBet, type KitFixture } from './settle-test-kit.ts';
import { runSettleQueue } from './settlement.ts';

// Issue 9: "void (selection odds become 1.00 and a single void refunds the stake) … combinations
// multiply the remaining factors". A feed's market cancel or fixture void is a leg at 1.00, not a
// cancelled bet; its rollback restores the leg; money and the commission outbox follow exactly.
let h: Harness;
let u1: bigint;
let u2: bigint;
let n = 0;
const rid = () => `fv-${++n}`;

beforeAll(async () => {
  h = await harness();
  const id = async (account: string) => (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [account])).rows[0].id;
  u1 = await id('user1');
  u2 = await id('user2');
  await fund(h.db, h.clock, u1, 1_000_000n, 'fv-u1');
  await fund(h.db, h.clock, u2, 1_000_000n, 'fv-u2');
});
afterAll(() => h?.close());

const money = async (u: bigint) => (await getBalances(h.db, u)).money;
const ledgerOk = async () => expect((await verifyLedger(h.db)).problems).toEqual([]);
const bet = async (id: bigint) => (await h.db.query<{ status: string; win_amount: bigint }>(`SELECT status, win_amount FROM bets WHERE id = $1`, [id])).rows[0];
const soccer = () =>
  h.db.tx((sql) =>
    makeFixture(sql, h.clock, [
      { kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } },
      { kind: 'over_under', line: '2.50', odds: { over: '1.90', under: '1.90' } },
    ]),
  );
const feed = async (f: KitFixture, m: Record<string, unknown>) => {
  await ingest(h.db, h.clock, [{ provider: 'primary', fixtureRef: f.ref, at: h.clock.now().toISOString(), ...m } as FeedMessage]);
  await runSettleQueue(h.db, h.clock);
};
const result = (home: number, away: number) => ({ kind: 'bet_settlement', result: { home, away, periods: {}, specials: {} }, markets: [] });
const OU = 'over_under:ft:2.50';

describe(`feed voids on ${testEngine}`, () => {
  it('a voided market: a single is a void refund, a combination counts the leg 1.00 (settled ones re-settled); the rollback restores it; a void fixture likewise', async () => {
    const a = await soccer();
    const b = await soccer();
    const m1 = await money(u1);
    const m2 = await money(u2);
    const single = await placeSportsBet(h.db, h.clock, u1, [a.outcome('over_under', 'over', '2.50')], 10_000n, rid());
    const combo = await placeSportsBet(h.db, h.clock, u1, [a.outcome('1x2', 'home'), b.outcome('1x2', 'home')], 10_000n, rid()); // 4.41
    const combo2 = await placeSportsBet(h.db, h.clock, u2, [a.outcome('over_under', 'over', '2.50'), b.outcome('1x2', 'home')], 10_000n, rid()); // 3.99
    const singleB = await placeSportsBet(h.db, h.clock, u2, [b.outcome('1x2', 'home')], 10_000n, rid());

    await feed(b, result(1, 0));
    expect(await bet(singleB.id)).toEqual({ status: 'won', win_amount: 21_000n });
    expect((await bet(combo2.id)).status).toBe('open');

    // The feed cancels fixture a's over/under before the match: legs on it are worth 1.00.
    await feed(a, { kind: 'bet_cancel', markets: [OU], reason: 'market error' });
    expect(await bet(single.id)).toEqual({ status: 'void', win_amount: 10_000n });
    expect(await bet(combo2.id)).toEqual({ status: 'won', win_amount: 21_000n }); // 10,000 × 1.00 × 2.10
    expect((await bet(combo.id)).status).toBe('open'); // its leg on a's 1x2 is undecided
    expect(await money(u1)).toBe(m1 - 20_000n + 10_000n);
    expect(await money(u2)).toBe(m2 - 20_000n + 21_000n + 21_000n);
    await ledgerOk();

    await feed(a, result(3, 0));
    expect(await bet(combo.id)).toEqual({ status: 'won', win_amount: 44_100n });
    expect(await bet(single.id)).toEqual({ status: 'void', win_amount: 10_000n }); // the void market is not graded by the result

    // The feed takes its cancel back: the over/under is graded from the result (3-0: over) and re-settled.
    await feed(a, { kind: 'rollback_cancel', markets: [OU] });
    expect(await bet(single.id)).toEqual({ status: 'won', win_amount: 19_000n });
    expect(await bet(combo2.id)).toEqual({ status: 'won', win_amount: 39_900n });
    expect(await bet(combo.id)).toEqual({ status: 'won', win_amount: 44_100n });
    expect(await money(u1)).toBe(m1 - 20_000n + 19_000n + 44_100n);
    expect(await money(u2)).toBe(m2 - 20_000n + 39_900n + 21_000n);
    await ledgerOk();

    // Fixture b is voided after the fact (e.g. a match annulled): its legs become 1.00 everywhere.
    await feed(b, { kind: 'void', reason: 'annulled' });
    expect(await bet(singleB.id)).toEqual({ status: 'void', win_amount: 10_000n });
    expect(await bet(combo.id)).toEqual({ status: 'won', win_amount: 21_000n }); // 2.10 × 1.00
    expect(await bet(combo2.id)).toEqual({ status: 'won', win_amount: 19_000n }); // 1.90 × 1.00
    expect(await money(u1)).toBe(m1 - 20_000n + 19_000n + 21_000n);
    expect(await money(u2)).toBe(m2 - 20_000n + 19_000n + 10_000n);
    await ledgerOk();

    // Every change reached the commission outbox (decision 027), in order: each settlement an
    // accrue at its stage, each re-opening a reverse of the stage it undoes; the win amounts are
    // the bets' rows above.
    const of = async (id: bigint) =>
      (
        await h.db.query<{ kind: string; stage: number; status: string; amount: bigint }>(
          'SELECT kind, stage, status, amount FROM bet_outbox WHERE bet_id = $1 ORDER BY id',
          [id],
        )
      ).rows.map((r) => `${r.kind}:${r.stage}:${r.status}:${r.amount}`);
    expect(await of(single.id)).toEqual(['accrue:1:void:10000', 'reverse:1:open:10000', 'accrue:2:won:10000']);
    expect(await of(combo2.id)).toEqual(['accrue:1:won:10000', 'reverse:1:open:10000', 'accrue:2:won:10000', 'reverse:2:open:10000', 'accrue:3:won:10000']);
    expect(await of(singleB.id)).toEqual(['accrue:1:won:10000', 'reverse:1:open:10000', 'accrue:2:void:10000']);
    expect(await of(combo.id)).toEqual(['accrue:1:won:10000', 'reverse:1:open:10000', 'accrue:2:won:10000']);
  });
});
