import { describe, expect, it } from 'vitest';
import type { Sql } from '../../platform/db.ts';
import { rememberBet, rememberedBets, takeBet, type PlacedBet } from './placed-bets.ts';

// An Sql of its own: its home (the database it stands for) is this object.
const sql = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Sql;
const bet = (betId: bigint): PlacedBet => ({ userId: 7n, betId, amount: 1000n, gameType: 'slot', game: 'fortune5' });
const MIN = 60_000;

describe('the bets this process placed and whose win has not come', () => {
  it('answers a bet once, for its own member only', () => {
    rememberBet(sql, 'house', 'a', bet(1n), 0);
    expect(takeBet(sql, 'house', 'a', 8n)).toBeUndefined();
    rememberBet(sql, 'house', 'b', bet(2n), 0);
    expect(takeBet(sql, 'house', 'b', 7n)?.betId).toBe(2n);
    expect(takeBet(sql, 'house', 'b', 7n)).toBeUndefined();
  });

  it('forgets a bet whose win went to another process (or never came) after five minutes', () => {
    const t0 = 10 * MIN;
    rememberBet(sql, 'house', 'old-1', bet(3n), t0);
    rememberBet(sql, 'house', 'old-2', bet(4n), t0 + MIN);
    const before = rememberedBets(sql);
    rememberBet(sql, 'house', 'new', bet(5n), t0 + 5 * MIN + 1);
    // The first is past five minutes and went; the second is not yet.
    expect(rememberedBets(sql)).toBe(before);
    expect(takeBet(sql, 'house', 'old-1', 7n)).toBeUndefined();
    expect(takeBet(sql, 'house', 'old-2', 7n)?.betId).toBe(4n);
    expect(takeBet(sql, 'house', 'new', 7n)?.betId).toBe(5n);
  });
});
