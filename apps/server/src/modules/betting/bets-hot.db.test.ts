import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { hotUpdateBlockers } from '../../test/hot-updates.ts';

// Settling a bet rewrites its status, win and settlement columns. That update is HOT only while
// no index of `bets` names one of those columns and pages keep room: migration 020 and decision
// 018. Settlement ran at 17–20k bets/s with `status` in two partial indexes, 30k/s without. A
// seamless win also settles its bet's wallet row (migration 021).
const SETTLED = {
  bets: ['status', 'win_amount', 'settled_at', 'settled_tx', 'settle_count', 'selections', 'cancelled_by'],
  casino_wallet_tx: ['status', 'win_amount', 'balance_after', 'settled_at'],
};

describe(`settled rows stay updatable in place (${testEngine})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db?.drop());

  for (const [table, columns] of Object.entries(SETTLED))
    it(`${table}: no index names a column that settlement writes, and pages keep room`, async () => {
      const r = await hotUpdateBlockers(db, table, columns);
      expect(r.indexes).toBeGreaterThan(2);
      expect(r.naming).toEqual([]);
      expect(r.fillfactor).toBeLessThan(100);
    });
});
