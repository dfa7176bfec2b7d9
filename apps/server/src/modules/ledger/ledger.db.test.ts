import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { freshDb, testEngine, type TestDb } from '../../test/db.ts';
import { insertMember } from '../../test/members.ts';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { afterCommit, atomically, inTransaction, observe } from '../../platform/db.ts';
import { onChange } from '../../platform/events.ts';
import { HOUSE, HOUSE_SHARDS, getBalances, shardOf, houseBalances, postTransaction, transfer, verifyLedger, type Asset } from './service.ts';

let db: TestDb;
const clock = new ManualClock();
const users: bigint[] = [];

beforeAll(async () => {
  db = await freshDb();
  for (let i = 0; i < 5; i++) {
    users.push(await insertMember(db, `led${i}`));
  }
});
afterAll(() => db?.drop());

const deposit = (user: bigint, amount: bigint, key: string, asset: Asset = 'money') =>
  db.tx((sql) => transfer(sql, clock, { idempotencyKey: key, kind: 'test.deposit', from: { house: HOUSE.deposits, asset }, to: { user, asset }, amount }));

describe(`ledger on ${testEngine}`, () => {
  it('posts a balanced transfer and keeps balances equal to postings', async () => {
    const r = await deposit(users[0], 50_000n, 'dep-1');
    expect(r.replayed).toBe(false);
    expect((await getBalances(db, users[0])).money).toBe(50_000n);
    expect(await verifyLedger(db)).toEqual({ ok: true, problems: [] });
  });

  it('replays an idempotency key without moving money twice', async () => {
    const first = await deposit(users[1], 10_000n, 'dep-2');
    const again = await deposit(users[1], 10_000n, 'dep-2');
    expect(again.replayed).toBe(true);
    expect(again.transactionId).toBe(first.transactionId);
    expect((await getBalances(db, users[1])).money).toBe(10_000n);
  });

  it('refuses to take a player below zero and writes nothing', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM ledger_transactions');
    await expect(
      db.tx((sql) =>
        transfer(sql, clock, {
          idempotencyKey: 'over-1',
          kind: 'test.debit',
          from: { user: users[2], asset: 'money' },
          to: { house: HOUSE.stakes, asset: 'money' },
          amount: 1n,
        }),
      ),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    const after = await db.query('SELECT count(*)::int AS n FROM ledger_transactions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('rejects unbalanced postings', async () => {
    await expect(
      db.tx((sql) =>
        postTransaction(sql, clock, {
          idempotencyKey: 'bad-1',
          kind: 'test',
          postings: [
            { account: { user: users[0], asset: 'money' }, amount: 5n },
            { account: { house: HOUSE.deposits, asset: 'money' }, amount: -4n },
          ],
        }),
      ),
    ).rejects.toThrow(/unbalanced/);
  });

  it('rolls back the business row when the posting fails', async () => {
    await expect(
      db.tx(async (sql) => {
        await sql.query(`INSERT INTO posts (kind, subject) VALUES ('notice', 'rollback-probe')`);
        await transfer(sql, clock, {
          idempotencyKey: 'rb-1',
          kind: 'test.debit',
          from: { user: users[3], asset: 'money' },
          to: { house: HOUSE.stakes, asset: 'money' },
          amount: 10n,
        });
      }),
    ).rejects.toBeInstanceOf(AppError);
    const r = await db.query(`SELECT count(*)::int AS n FROM posts WHERE subject = 'rollback-probe'`);
    expect(r.rows[0].n).toBe(0);
  });

  it('keeps every invariant under random transfers (property)', async () => {
    let seq = 0;
    const assets: Asset[] = ['money', 'point', 'egg', 'casino'];
    const op = fc.record({
      from: fc.integer({ min: -1, max: 3 }),
      to: fc.integer({ min: -1, max: 3 }),
      asset: fc.constantFrom(...assets),
      amount: fc.bigInt({ min: 1n, max: 1_000_000n }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 15 }), async (ops) => {
        for (const o of ops) {
          if (o.from === o.to) continue;
          const ref = (i: number) => (i < 0 ? { house: HOUSE.adjustments, asset: o.asset } : { user: users[i], asset: o.asset });
          const before = o.from >= 0 ? (await getBalances(db, users[o.from]))[o.asset] : null;
          try {
            await db.tx((sql) =>
              transfer(sql, clock, { idempotencyKey: `prop-${seq++}`, kind: 'test.prop', from: ref(o.from), to: ref(o.to), amount: o.amount }),
            );
            if (before !== null) expect(before >= o.amount).toBe(true);
          } catch (e) {
            expect((e as AppError).code).toBe('insufficient_funds');
            expect(before! < o.amount).toBe(true);
          }
          const v = await verifyLedger(db);
          expect(v.problems).toEqual([]);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('200 parallel debits that exceed the balance: exactly the ones that fit succeed', async () => {
    const u = users[4]; // untouched by the other tests
    await deposit(u, 1_000_000n, 'conc-fund');
    const start = (await getBalances(db, u)).money;
    expect(start).toBe(1_000_000n);
    const amount = 7_000n;
    const fit = 142; // 142 × 7,000 = 994,000 fits; the 143rd would not
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        db.tx((sql) =>
          transfer(sql, clock, {
            idempotencyKey: `conc-${i}`,
            kind: 'test.debit',
            from: { user: u, asset: 'money' },
            to: { house: HOUSE.stakes, asset: 'money' },
            amount,
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toBe(fit);
    expect(failed.every((f) => f.reason?.code === 'insufficient_funds')).toBe(true);
    expect((await getBalances(db, u)).money).toBe(start - BigInt(fit) * amount);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  const grant = (key: string, to: bigint, amount: bigint, kind = 'test.grant') =>
    db.tx((sql) =>
      transfer(sql, clock, { idempotencyKey: key, kind, from: { house: HOUSE.adjustments, asset: 'point' }, to: { user: to, asset: 'point' }, amount }),
    );
  const points = async () => [(await getBalances(db, users[0])).point, (await getBalances(db, users[1])).point];

  it('refuses a reused key with another amount, member or kind (409) and replays an exact repeat', async () => {
    const before = await points();
    const first = await grant('idem-seq', users[0], 10n);
    expect(first.replayed).toBe(false);
    const others = [() => grant('idem-seq', users[0], 11n), () => grant('idem-seq', users[1], 10n), () => grant('idem-seq', users[0], 10n, 'test.other')];
    for (const other of others) await expect(other()).rejects.toMatchObject({ status: 409, code: 'idempotency_conflict' });
    const again = await grant('idem-seq', users[0], 10n);
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId });
    expect(await points()).toEqual([before[0] + 10n, before[1]]);
    expect((await db.query(`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = 'idem-seq'`)).rows[0].n).toBe(1);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('refuses a reused key with a different payload (409) and replays an exact repeat, also in parallel', async () => {
    const before = await points();
    // Three calls of one payload, two of others: whichever payload wins the key, at least two calls are refused.
    const payloads: [number, bigint][] = [
      [0, 10n],
      [1, 10n],
      [0, 11n],
      [0, 10n],
      [0, 10n],
    ];
    const runs = await Promise.allSettled(payloads.map(([u, amount]) => grant('idem-k', users[u], amount)));
    const codes = runs.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as AppError).code));
    const first = runs.findIndex((r) => r.status === 'fulfilled' && !r.value.replayed);
    expect(first).toBeGreaterThanOrEqual(0);
    const [wu, wa] = payloads[first];
    // The winner's payload (and only its) is answered, every other payload is refused: counted, not just "all refusals are 409".
    expect(codes).toEqual(payloads.map(([u, a]) => (u === wu && a === wa ? 'ok' : 'idempotency_conflict')));
    expect(codes.filter((c) => c === 'idempotency_conflict').length).toBeGreaterThanOrEqual(2);
    const winners = runs.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ transactionId: bigint; replayed: boolean }>[];
    expect(new Set(winners.map((w) => w.value.transactionId)).size).toBe(1);
    expect(winners.filter((w) => !w.value.replayed)).toHaveLength(1);
    const after = await points();
    expect([after[0] - before[0], after[1] - before[1]]).toEqual(wu === 0 ? [wa, 0n] : [0n, wa]);
    expect((await verifyLedger(db)).ok).toBe(true);
  });

  it('spreads a house account over shards whose sum is its balance', async () => {
    for (let i = 0; i < 40; i++) await deposit(users[2], 5n, `shard-${i}`);
    const shards = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_type = 'house' AND code = 'deposits' AND asset = 'money'`,
    );
    expect(shards.rows[0].n).toBe(HOUSE_SHARDS);
    const used = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_type = 'house' AND code = 'deposits' AND asset = 'money' AND balance <> 0`,
    );
    expect(used.rows[0].n).toBeGreaterThan(1);
    const house = (await houseBalances(db)).find((h) => h.code === 'deposits' && h.asset === 'money')!;
    const players = await db.query<{ s: bigint }>(`SELECT sum(balance)::bigint AS s FROM ledger_accounts WHERE owner_type = 'user' AND asset = 'money'`);
    const others = await db.query<{ s: bigint }>(
      `SELECT coalesce(sum(balance), 0)::bigint AS s FROM ledger_accounts WHERE owner_type = 'house' AND code <> 'deposits' AND asset = 'money'`,
    );
    expect(house.balance + players.rows[0].s + others.rows[0].s).toBe(0n);
    // verify sees a shard that breaks the rules
    await db.query(
      `UPDATE ledger_accounts SET shard = 99 WHERE id = (SELECT min(id) FROM ledger_accounts WHERE owner_type = 'house' AND shard = 0 AND code = 'deposits' AND asset = 'money')`,
    );
    expect((await verifyLedger(db)).problems.join()).toMatch(/bad shard 99/);
    await db.query(`UPDATE ledger_accounts SET shard = 0 WHERE shard = 99`);
  });

  it('posts a warmed-up transfer in one statement (BEGIN + 1 + COMMIT)', async () => {
    await deposit(users[3], 100n, 'warm-1');
    const seen: string[] = [];
    await db.tx(async (sql) => {
      const counting = observe(sql, (text) => seen.push(text));
      // A key hashing to the same shard as warm-1 keeps the account ids cached.
      let k = 2;
      while (shardOf(`warm-${k}`) !== shardOf('warm-1')) k++;
      await transfer(counting, clock, {
        idempotencyKey: `warm-${k}`,
        kind: 'test.deposit',
        from: { house: HOUSE.deposits, asset: 'money' },
        to: { user: users[3], asset: 'money' },
        amount: 1n,
      });
    });
    expect(seen).toHaveLength(1);
  });

  it('outside a transaction a warmed-up transfer is one statement with no BEGIN/COMMIT, and its notice comes after it', async () => {
    await deposit(users[4], 100n, 'bare-warm-1');
    const before = (await getBalances(db, users[4])).money;
    let k = 2;
    while (shardOf(`bare-warm-${k}`) !== shardOf('bare-warm-1')) k++;
    const seen: string[] = [];
    const notices: string[] = [];
    const stop = onChange((_home, c) => void (c.id === String(users[4]) && notices.push(`${c.topic}:${seen.length}`)));
    try {
      expect(inTransaction(db)).toBe(false);
      const r = await transfer(
        observe(db, (text) => seen.push(text)),
        clock,
        {
          idempotencyKey: `bare-warm-${k}`,
          kind: 'test.deposit',
          from: { house: HOUSE.deposits, asset: 'money' },
          to: { user: users[4], asset: 'money' },
          amount: 1n,
        },
      );
      expect(r.balances.get(`${users[4]}:money`)).toBe(before + 1n);
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toMatch(/^(BEGIN|COMMIT)/);
    // A balance notice (the context poll re-reads; the cached session stays), once the statement ran.
    expect(notices).toEqual(['balance:1']);
    expect((await getBalances(db, users[4])).money).toBe(before + 1n);
  });

  it('outside a transaction, a posting that must open accounts opens a transaction; refused, it leaves no account behind', async () => {
    const fresh = await insertMember(db, 'led-cold');
    const seen: string[] = [];
    await expect(
      transfer(
        observe(db, (text) => seen.push(text)),
        clock,
        {
          idempotencyKey: 'cold-1',
          kind: 'test.debit',
          from: { user: fresh, asset: 'money' },
          to: { house: HOUSE.stakes, asset: 'money' },
          amount: 1n,
        },
      ),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(seen[0]).toBe('BEGIN');
    expect((await db.query(`SELECT id FROM ledger_accounts WHERE owner_id = $1`, [fresh])).rows).toEqual([]);
    expect((await db.query(`SELECT id FROM ledger_transactions WHERE idempotency_key = 'cold-1'`)).rows).toEqual([]);
  });

  it('atomically joins an open transaction and opens one otherwise; afterCommit waits for the commit', async () => {
    const order: string[] = [];
    await db.tx(async (sql) => {
      expect(inTransaction(sql)).toBe(true);
      expect(inTransaction(db)).toBe(true); // the database, called inside db.tx, runs in it
      await atomically(db, async (inner) => {
        expect(inner).toBe(sql);
        afterCommit(inner, () => order.push('hook'));
      });
      afterCommit(db, () => order.push('hook on db'));
      order.push('body done');
    });
    expect(order).toEqual(['body done', 'hook', 'hook on db']);
    const seen: string[] = [];
    await atomically(
      observe(db, (t) => seen.push(t)),
      async (sql) => {
        expect(inTransaction(sql)).toBe(true);
        await sql.query('SELECT 1');
      },
    );
    expect(seen).toEqual(['BEGIN', 'SELECT 1', 'COMMIT']);
    // The observed database inside db.tx hands over the open transaction, still observed.
    seen.length = 0;
    await db.tx(() =>
      atomically(
        observe(db, (t) => seen.push(t)),
        (sql) => sql.query('SELECT 2'),
      ),
    );
    expect(seen).toEqual(['SELECT 2']);
  });
});
