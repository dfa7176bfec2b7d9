import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { shardOf, verifyLedger } from '../ledger/index.ts';
import { updateGameSettings } from '../settings/index.ts';
import { fund, makeFixture, type KitFixture } from './settle-test-kit.ts';

// Round trips of a sports bet (issue #9 acceptance 4, decision 012 fourth pass): a warmed-up single
// over HTTP is the slip read and one statement, with no BEGIN/COMMIT and no session re-read.

let h: Harness;
let uid: bigint;
let token: string;
const admin = { type: 'admin' as const, id: 1, ip: '127.0.0.1' };

beforeAll(async () => {
  h = await harness();
  uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user3'`)).rows[0].id;
  await fund(h.db, h.clock, uid, 5_000_000n, 'slip-statements');
  token = await h.login('user', 'user3');
});
afterAll(() => h?.close());

const soccer = (): Promise<KitFixture> => h.db.tx((sql) => makeFixture(sql, h.clock, [{ kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } }]));

/** Every statement and transaction the app starts while `fn` runs. */
async function statementsDuring(fn: () => Promise<unknown>) {
  const db = h.deps.db;
  const query = db.query;
  const tx = db.tx;
  const seen: string[] = [];
  db.query = ((...a: Parameters<typeof query>) => (seen.push(a[0]), query.apply(db, a))) as typeof query;
  db.tx = ((...a: Parameters<typeof tx>) => (seen.push('BEGIN'), tx.apply(db, a))) as typeof tx;
  try {
    await fn();
  } finally {
    db.query = query;
    db.tx = tx;
  }
  return seen;
}

// Request ids whose ledger key lands on the warm-up's house shard keep every account id cached.
const sameShard = (warm: string, prefix: string) =>
  Array.from({ length: 400 }, (_, i) => `${prefix}-req-${i}`).filter((r) => shardOf(`bet:place:${uid}:${r}`) === shardOf(`bet:place:${uid}:${warm}`));

describe(`sports bet round trips on ${testEngine}`, () => {
  it('a warmed-up single over HTTP is one read and one statement: no transaction, no session re-read; a replay inserts nothing', async () => {
    const f = await soccer();
    const o = f.outcome('1x2', 'home');
    const place = (requestId: string) =>
      h.call(
        '/api/user/sports/bet/place',
        { request_id: requestId, board: 'europe', amount: '1,000', selections: [{ outcome_id: Number(o.outcomeId), odds: o.odds }] },
        { token },
      );
    expect((await place('stmt-warm')).status).toBe(200);
    const [rid] = sameShard('stmt-warm', 'stmt');
    let r!: Awaited<ReturnType<typeof place>>;
    const seen = await statementsDuring(async () => (r = await place(rid)));
    expect(r.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/JOIN users u ON u.id = r.user_id LEFT JOIN LATERAL/); // the slip and the member
    expect(seen[1]).toMatch(/INSERT INTO sports_bets/); // lock, stake, bet and sports rows
    const id = r.json.data.bet.id as number;
    expect((await h.db.query(`SELECT board, folders, in_play FROM sports_bets WHERE bet_id = $1`, [id])).rows).toEqual([
      { board: 'europe', folders: 1, in_play: false },
    ]);
    expect((await h.db.query(`SELECT idx, fixture_id, outcome_id, odds::text AS odds FROM sports_bet_selections WHERE bet_id = $1`, [id])).rows).toEqual([
      { idx: 0, fixture_id: f.id, outcome_id: o.outcomeId, odds: '2.10' },
    ]);

    const again = await place(rid);
    expect(again.json.data.bet.id).toBe(id);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM sports_bets WHERE bet_id = $1`, [id])).rows[0].n).toBe(1);
    expect((await h.db.query(`SELECT count(*)::int AS n FROM sports_bet_selections WHERE bet_id = $1`, [id])).rows[0].n).toBe(1);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('singles placed at the same moment by different members share their read and their statement (group commit)', async () => {
    const f = await soccer();
    const o = f.outcome('1x2', 'home');
    const accounts = ['user1', 'user2', 'user4', 'user5', 'user6'];
    const players: { id: bigint; token: string }[] = [];
    for (const a of accounts) {
      const id = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = $1`, [a])).rows[0].id;
      await fund(h.db, h.clock, id, 1_000_000n, `slip-statements-${a}`);
      players.push({ id, token: await h.login('user', a) });
    }
    const place = (p: { token: string }, requestId: string) =>
      h.call(
        '/api/user/sports/bet/place',
        { request_id: requestId, board: 'europe', amount: '1,000', selections: [{ outcome_id: Number(o.outcomeId), odds: o.odds }] },
        { token: p.token },
      );
    for (const p of players) expect((await place(p, `together-warm-${p.id}`)).status).toBe(200);
    let answers: Awaited<ReturnType<typeof place>>[] = [];
    const seen = await statementsDuring(async () => (answers = await Promise.all(players.map((p) => place(p, `together-${p.id}`)))));
    expect(answers.map((a) => a.status)).toEqual(players.map(() => 200));
    // Five bets, one by one, would be ten round trips.
    expect(seen.length).toBeLessThan(2 * players.length);
    expect(seen.filter((t) => /unnest\(\$1::bigint\[\], \$2::text\[\]\) WITH ORDINALITY AS r\(user_id, ids, n\)/.test(t)).length).toBeLessThan(players.length);
    for (const [i, a] of answers.entries()) {
      const id = a.json.data.bet.id as number;
      expect((await h.db.query(`SELECT user_id FROM bets WHERE id = $1`, [id])).rows[0].user_id).toBe(players[i].id);
      expect((await h.db.query(`SELECT board, folders FROM sports_bets WHERE bet_id = $1`, [id])).rows).toEqual([{ board: 'europe', folders: 1 }]);
      expect((await h.db.query(`SELECT outcome_id FROM sports_bet_selections WHERE bet_id = $1`, [id])).rows).toEqual([{ outcome_id: o.outcomeId }]);
    }
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  });

  it('a refused chained bet leaves no sports rows and no bet', async () => {
    const f = await soccer();
    const o = f.outcome('1x2', 'away');
    const r = await h.call(
      '/api/user/sports/bet/place',
      { request_id: 'stmt-broke', board: 'europe', amount: '900,000,000', selections: [{ outcome_id: Number(o.outcomeId), odds: o.odds }] },
      { token },
    );
    expect(r.status).not.toBe(200);
    expect((await h.db.query(`SELECT id FROM bets WHERE user_id = $1 AND request_id = 'stmt-broke'`, [uid])).rows).toEqual([]);
    expect((await h.db.query(`SELECT bet_id FROM sports_bet_selections WHERE outcome_id = $1`, [o.outcomeId])).rows).toEqual([]);
  });

  it('when a rule needs the round counters the bet is one transaction', async () => {
    await updateGameSettings(h.db, h.clock, admin, 'sports:europe', { duplicate_betting: false });
    try {
      const f = await soccer();
      const o = f.outcome('1x2', 'draw');
      const place = (requestId: string) =>
        h.call(
          '/api/user/sports/bet/place',
          { request_id: requestId, board: 'europe', amount: '1,000', selections: [{ outcome_id: Number(o.outcomeId), odds: o.odds }] },
          { token },
        );
      const [rid] = sameShard('stmt-warm', 'stmt-counted');
      let r!: Awaited<ReturnType<typeof place>>;
      const seen = await statementsDuring(async () => (r = await place(rid)));
      expect(r.status).toBe(200);
      expect(seen.filter((t) => t === 'BEGIN')).toHaveLength(1);
      // The duplicate rule, decided under the member lock: the same outcome again is refused.
      expect((await place(`${rid}-dup`)).json.error.code).toBe('sports_duplicate_bet');
    } finally {
      await updateGameSettings(h.db, h.clock, admin, 'sports:europe', { duplicate_betting: true });
    }
  });
});
