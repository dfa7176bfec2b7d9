import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { ensureSports } from './feed/job.ts';
import type { FeedMessage } from './feed/types.ts';
import { ingest } from './ingest.ts';
import { settleJob } from './settle-job.ts';

// The whole path on the real modules: a feed fixture, a player's bet through the slip call, the
// feed's result, the settle job, and the ledger.
let h: Harness;
let token: string;
beforeAll(async () => {
  h = await harness();
  token = await h.login('user', 'user1');
  await ensureSports(h.db);
}, 60_000);
afterAll(async () => h?.close());

const at = () => h.clock.now().toISOString();
const base = { provider: 'primary' as const, fixtureRef: 'e2e:1' };

describe('feed → bet → feed result → settlement', () => {
  it('pays a winning single once, and takes it back on a feed rollback', async () => {
    const names = { ko: '리그', ja: 'リーグ', vi: 'Giải', th: 'ลีก', en: 'League' };
    const msgs: FeedMessage[] = [
      {
        ...base,
        at: at(),
        kind: 'fixture',
        sport: 'soccer',
        league: { ref: 'e2e:l', names, country: null, sort: 0 },
        home: { ref: 'e2e:h', name: 'H', names: {} },
        away: { ref: 'e2e:a', name: 'A', names: {} },
        startsAt: new Date(h.clock.now().getTime() + 3600_000).toISOString(),
      },
      {
        ...base,
        at: at(),
        kind: 'odds_change',
        markets: [
          {
            ref: '1x2:ft:',
            kind: '1x2',
            period: 'ft',
            line: null,
            status: 'open',
            outcomes: [
              { code: 'home', odds: 250 },
              { code: 'draw', odds: 320 },
              { code: 'away', odds: 300 },
            ],
          },
        ],
      },
    ];
    await ingest(h.db, h.clock, msgs);
    const list = await h.call('/api/user/sports/fixtures', { board: 'europe' }, { token });
    const fx = list.json.data.fixtures.find((f: any) => f.home.name === 'H');
    const home = fx.markets[0].outcomes.find((o: any) => o.code === 'home');
    const user = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user1'`)).rows[0].id;
    const money = async () => (await getBalances(h.db, user)).money;
    const before = await money();
    const placed = await h.call(
      '/api/user/sports/bet/place',
      { request_id: 'feed-e2e-0001', board: 'europe', amount: '10000', selections: [{ outcome_id: home.id, odds: home.odds }] },
      { token },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);

    h.clock.advance(3 * 3600_000);
    const result = { home: 2, away: 0, periods: { '1h': { home: 1, away: 0 }, '2h': { home: 1, away: 0 } }, specials: {} };
    await ingest(h.db, h.clock, [
      { ...base, at: at(), kind: 'score', status: 'result', score: { home: 2, away: 0, period: 'ft', minute: null, periods: [], events: [] } },
      { ...base, at: at(), kind: 'bet_settlement', result, markets: [] },
    ]);
    const job = settleJob(h.deps);
    await job.run();
    await job.run();
    expect(await money()).toBe(before - 10_000n + 25_000n);
    expect((await verifyLedger(h.db)).problems).toEqual([]);

    await ingest(h.db, h.clock, [{ ...base, at: at(), kind: 'rollback_settlement' }]);
    await job.run();
    expect(await money()).toBe(before - 10_000n);
    const bet = await h.db.query(
      `SELECT b.status FROM bets b JOIN sports_bet_selections s ON s.bet_id = b.id JOIN fixtures f ON f.id = s.fixture_id WHERE f.feed_ref = 'e2e:1'`,
    );
    expect(bet.rows[0].status).toBe('open');
    await ingest(h.db, h.clock, [{ ...base, at: at(), kind: 'bet_settlement', result, markets: [] }]);
    await job.run();
    expect(await money()).toBe(before - 10_000n + 25_000n);
    expect((await verifyLedger(h.db)).problems).toEqual([]);
  }, 60_000);
});
