import { describe, expect, it } from 'vitest';
import { folderRefusalCode, type FixtureSummary, type SportsMarket, type SportsOutcome } from '@wager/contracts';
import { patchFixture, patchFixtures } from './live-patch.ts';

/** Whether the odds button is open: the slip's own rule (the button uses it the same way), an hour before the start. */
const isOpenOutcome = (f: FixtureSummary, m: SportsMarket, o: SportsOutcome) =>
  folderRefusalCode(
    f.live ? 'inplay' : 'europe',
    {
      ...m,
      fixture_status: f.status,
      starts_at: Date.parse(f.starts_at),
      on_sale: true,
      league_stopped: [],
      market_status: m.status,
      active: o.active,
      bet_stop: f.bet_stop,
    },
    Date.parse(f.starts_at) - 3600_000,
    60,
  ) === null;

function fixture(id: number): FixtureSummary {
  return {
    id,
    sport: 'soccer',
    league: { id: 1, name: 'L', country: null },
    home: { id: 1, name: 'H' },
    away: { id: 2, name: 'A' },
    starts_at: '2026-11-23T12:00:00Z',
    status: 'waiting',
    live: false,
    bet_stop: false,
    score: null,
    version: 1,
    markets: [
      {
        id: 10,
        kind: '1x2',
        period: 'ft',
        line: null,
        status: 'open',
        outcomes: [
          { id: 100, code: 'home', odds: '2.10', active: true, result: null },
          { id: 101, code: 'draw', odds: '3.20', active: true, result: null },
          { id: 102, code: 'away', odds: '3.40', active: true, result: null },
        ],
      },
      {
        id: 11,
        kind: 'over_under',
        period: 'ft',
        line: '2.50',
        status: 'open',
        outcomes: [{ id: 110, code: 'over', odds: '1.90', active: true, result: null }],
      },
    ],
    market_count: 2,
  };
}

describe('applying pushed deltas', () => {
  it('changes only the outcomes named and keeps untouched parts identical', () => {
    const f = fixture(1);
    const next = patchFixture(f, { type: 'odds', fixture_id: 1, version: 2, outcomes: [{ id: 101, market_id: 10, odds: '3.05', active: true }] });
    expect(next).not.toBe(f);
    expect(next.version).toBe(2);
    expect(next.markets[0].outcomes[1].odds).toBe('3.05');
    expect(next.markets[0].outcomes[0]).toBe(f.markets[0].outcomes[0]);
    expect(next.markets[1]).toBe(f.markets[1]);
  });

  it('returns the same object when nothing changed or the delta is for another fixture', () => {
    const f = fixture(1);
    expect(patchFixture(f, { type: 'odds', fixture_id: 1, version: 2, outcomes: [{ id: 100, market_id: 10, odds: '2.10', active: true }] })).toBe(f);
    expect(patchFixture(f, { type: 'odds', fixture_id: 2, version: 2, outcomes: [{ id: 100, market_id: 10, odds: '9.00', active: true }] })).toBe(f);
    expect(patchFixture(f, { type: 'catalogue', stamp: 3 })).toBe(f);
    const list = [fixture(1), fixture(2)];
    expect(patchFixtures(list, { type: 'markets', fixture_id: 3, version: 2, markets: [{ id: 10, status: 'suspended' }] })).toBe(list);
  });

  it('market suspension, bet stop, kick-off and score reach the fixture', () => {
    let f: FixtureSummary = { ...fixture(1), status: 'release' };
    f = patchFixture(f, { type: 'markets', fixture_id: 1, version: 2, markets: [{ id: 11, status: 'suspended' }] });
    expect(f.markets[1].status).toBe('suspended');
    expect(isOpenOutcome(f, f.markets[1], f.markets[1].outcomes[0])).toBe(false);
    expect(isOpenOutcome(f, f.markets[0], f.markets[0].outcomes[0])).toBe(true);
    f = patchFixture(f, { type: 'status', fixture_id: 1, version: 3, status: 'progress', bet_stop: true });
    expect(f).toMatchObject({ status: 'progress', live: true, bet_stop: true });
    expect(isOpenOutcome(f, f.markets[0], f.markets[0].outcomes[0])).toBe(false);
    const score = { home: 1, away: 0, period: '1h', minute: 12, periods: [], events: [] };
    f = patchFixture(f, { type: 'score', fixture_id: 1, score });
    expect(f.score).toEqual(score);
    f = patchFixture(f, { type: 'status', fixture_id: 1, version: 4, status: 'result', bet_stop: false });
    expect(isOpenOutcome(f, f.markets[0], f.markets[0].outcomes[0])).toBe(false);
  });
});
