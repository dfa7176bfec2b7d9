import { describe, expect, it } from 'vitest';
import { gameSettingsSchema, type GameSettings } from '@wager/contracts';
import { settingsSchema } from '../settings/index.ts';
import { cancelDeadline, checkAfterDelay, checkCancel, checkSlip, type RuleInput, type SnapshotRow, type SportsBlock } from './slip-rules.ts';

const NOW = new Date('2026-11-22T03:00:00Z');
const HOUR = 3_600_000;

let nextId = 1n;
/** A prematch outcome of fixture `fixture`, market `market` (kind/period/line), starting in 2 hours. */
function row(p: Partial<SnapshotRow> = {}): SnapshotRow {
  const id = nextId++;
  return {
    outcome_id: id,
    code: 'home',
    odds: '1.95',
    active: true,
    outcome_updated_at: new Date(NOW.getTime() - 60_000),
    market_id: 1000n + id,
    kind: '1x2',
    period: 'ft',
    line: null,
    market_status: 'open',
    fixture_id: 500n + id,
    fixture_status: 'release',
    on_sale: true,
    bet_stop: false,
    starts_at: new Date(NOW.getTime() + 2 * HOUR),
    version: 1n,
    sport: 'soccer',
    league: 'K리그1',
    league_stopped: [],
    home: 'A',
    away: 'B',
    ...p,
  };
}

const game = (p: Partial<GameSettings> = {}): GameSettings => ({ ...gameSettingsSchema.parse({}), ...p });
const block = (p: Partial<SportsBlock> = {}): SportsBlock => ({ ...settingsSchema.shape.sports_block.parse(undefined), ...p });

function input(
  rows: SnapshotRow[],
  p: Partial<RuleInput> & { amount?: bigint; seen?: string[]; accept?: boolean; board?: RuleInput['slip']['board'] } = {},
): RuleInput {
  return {
    now: NOW,
    game: p.game ?? game(),
    block: p.block ?? block(),
    member: p.member ?? { level: 1, restrictions: {} },
    rows: new Map(rows.map((r) => [r.outcome_id, r])),
    counters: p.counters,
    slip: {
      board: p.board ?? 'europe',
      amount: p.amount ?? 10_000n,
      picks: rows.map((r, i) => ({ outcomeId: r.outcome_id, odds: p.seen?.[i] ?? r.odds })),
      acceptHigherOdds: p.accept ?? false,
    },
  };
}

const refused = (x: RuleInput) => {
  try {
    checkSlip(x);
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'accepted';
};

describe('slip rules', () => {
  it('prices a single and a combination (odds multiplied, rounded down per leg)', () => {
    const single = checkSlip(input([row({ odds: '1.95' })], { amount: 10_000n }));
    expect(single).toMatchObject({ odds: '1.95', potential: 19_500n, inPlay: false });
    const combo = checkSlip(input([row({ odds: '1.95' }), row({ odds: '2.10' }), row({ odds: '1.33' })], { amount: 10_000n }));
    expect(combo.odds).toBe('5.43'); // 1.95 × 2.10 = 4.095 → 4.09; × 1.33 = 5.4397 → 5.43
  });

  it('refuses the game, the level and each folder state with its own code', () => {
    expect(refused(input([row()], { game: game({ betting_allowed: false }) }))).toBe('sports_betting_off');
    const lv = game();
    lv.levels['1'] = { ...lv.levels['1'], allowed: false };
    expect(refused(input([row()], { game: lv }))).toBe('sports_level_not_allowed');
    expect(refused({ ...input([row()]), rows: new Map() })).toBe('sports_outcome_unknown');
    expect(refused(input([row({ starts_at: new Date(NOW.getTime() + 30_000) })]))).toBe('sports_betting_closed'); // closing 60 s
    expect(refused(input([row({ starts_at: new Date(NOW.getTime() + 30_000) })], { game: game({ closing_seconds: 10 }) }))).toBe('accepted');
    expect(refused(input([row({ fixture_status: 'progress' })]))).toBe('sports_betting_closed');
    expect(refused(input([row({ fixture_status: 'result' })]))).toBe('sports_betting_closed');
    expect(refused(input([row({ on_sale: false })]))).toBe('sports_not_on_sale');
    expect(refused(input([row({ fixture_status: 'waiting' })]))).toBe('sports_not_on_sale');
    expect(refused(input([row({ league_stopped: ['europe'] })]))).toBe('sports_league_stopped');
    expect(refused(input([row({ league_stopped: ['cross'] })]))).toBe('accepted');
    expect(refused(input([row({ market_status: 'suspended' })]))).toBe('sports_market_closed');
    expect(refused(input([row({ active: false })]))).toBe('sports_outcome_inactive');
    expect(refused(input([row({ bet_stop: true })]))).toBe('sports_bet_stop');
    expect(refused(input([row()], { board: 'inplay' }))).toBe('sports_board_mismatch');
    expect(refused(input([row({ kind: 'first_3pt' })], { board: 'cross' }))).toBe('sports_board_mismatch');
    expect(refused(input([row({ kind: 'first_3pt' })], { board: 'special' }))).toBe('accepted');
    const r = row();
    expect(
      refused({
        ...input([r]),
        slip: { board: 'europe', amount: 10_000n, picks: [0, 1].map(() => ({ outcomeId: r.outcome_id, odds: r.odds })), acceptHigherOdds: false },
      }),
    ).toBe('sports_selection_repeated');
  });

  it('refuses changed odds with the new ones, and takes higher odds only when the player opted in', () => {
    const r = row({ odds: '2.00' });
    const x = input([r], { seen: ['1.90'] });
    expect(() => checkSlip(x)).toThrow(expect.objectContaining({ code: 'odds_changed', details: { params: { count: 1, changes: `${r.outcome_id}:2.00` } } }));
    expect(checkSlip(input([r], { seen: ['1.90'], accept: true })).odds).toBe('2.00');
    expect(refused(input([row({ odds: '1.80' })], { seen: ['1.90'], accept: true }))).toBe('odds_changed');
    expect(refused(input([row({ odds: '1.90' })], { seen: ['1.9'] }))).toBe('accepted');
  });

  it('applies highest odds and the per-level amounts', () => {
    expect(refused(input([row({ odds: '60.00' }), row({ odds: '2.00' })], { game: game({ highest_odds: 100 }) }))).toBe('sports_odds_too_high');
    expect(refused(input([row({ odds: '50.00' }), row({ odds: '2.00' })], { game: game({ highest_odds: 100 }) }))).toBe('accepted');
    // level 1 defaults: min 1,000, max 1,000,000, single max 500,000, max win 10,000,000
    expect(refused(input([row()], { amount: 999n }))).toBe('sports_bet_min');
    expect(refused(input([row(), row()], { amount: 1_000_001n }))).toBe('sports_bet_max');
    expect(refused(input([row()], { amount: 500_001n }))).toBe('sports_single_max');
    expect(refused(input([row(), row()], { amount: 500_001n }))).toBe('accepted');
    expect(refused(input([row({ odds: '11.00' })], { amount: 1_000_000n, member: { level: 7, restrictions: {} } }))).toBe('accepted');
    expect(refused(input([row({ odds: '11.00' })], { amount: 1_000_000n }))).toBe('sports_single_max');
    expect(refused(input([row({ odds: '11.00' }), row({ odds: '2.00' })], { amount: 500_000n }))).toBe('sports_win_max');
  });

  it('refuses banned bet shapes', () => {
    expect(refused(input([row()], { block: block({ single_banned: true }) }))).toBe('sports_single_banned');
    expect(refused(input([row(), row()], { block: block({ two_folder_banned: true }) }))).toBe('sports_two_folder_banned');
    expect(refused(input([row(), row(), row()], { block: block({ multi_folder_banned: true }) }))).toBe('sports_multi_folder_banned');
    expect(refused(input([row(), row(), row()], { block: block({ max_folders: 2 }) }))).toBe('sports_folders_max');
    const a = row();
    const hedge = row({ market_id: a.market_id, fixture_id: a.fixture_id, code: 'away' });
    expect(refused(input([a, hedge]))).toBe('sports_hedge_banned');
    expect(refused(input([a, hedge], { block: block({ hedge_banned: false }) }))).toBe('sports_same_game_banned');
  });

  it('same-game and related combinations: European never, domestic only result + over/under when allowed', () => {
    const h = row({ kind: 'handicap', line: '-1.50' });
    const ou = row({ fixture_id: h.fixture_id, kind: 'over_under', line: '2.50', code: 'over' });
    const x12 = row({ fixture_id: h.fixture_id, kind: '1x2' });
    const open = block({ same_game_banned: false });
    expect(refused(input([h, ou], { board: 'cross' }))).toBe('sports_same_game_banned');
    expect(refused(input([h, ou], { board: 'europe', block: open }))).toBe('sports_same_game_banned');
    expect(refused(input([h, ou], { board: 'cross', block: open }))).toBe('accepted');
    expect(refused(input([h, x12], { board: 'cross', block: open }))).toBe('sports_related_banned');
    expect(refused(input([h, ou, x12], { board: 'cross', block: open }))).toBe('sports_related_banned');
    const f3 = row({ kind: 'first_3pt', sport: 'basketball' });
    const ft = row({ kind: 'first_free_throw', fixture_id: f3.fixture_id, sport: 'basketball' });
    expect(refused(input([f3, ft], { board: 'special', block: open }))).toBe('sports_special_combo_banned');
    expect(refused(input([f3, row({ kind: 'odd_even' })], { board: 'special' }))).toBe('accepted');
  });

  it('designated odds threshold: folders under it do not count toward the combination', () => {
    const b = block({ combo_odds_threshold: 1.3, combo_min_count: 2 });
    expect(refused(input([row({ odds: '1.20' }), row({ odds: '1.90' })], { block: b }))).toBe('sports_combo_threshold');
    expect(refused(input([row({ odds: '1.30' }), row({ odds: '1.90' })], { block: b }))).toBe('accepted');
    expect(refused(input([row({ odds: '1.20' }), row({ odds: '1.90' }), row({ odds: '1.50' })], { block: b }))).toBe('accepted');
  });

  it('member activity restrictions', () => {
    const m = (k: string) => ({ level: 1, restrictions: { [k]: true } });
    expect(refused(input([row()], { member: m('sports_single') }))).toBe('activity_restricted');
    expect(refused(input([row(), row()], { member: m('sports_single') }))).toBe('accepted');
    expect(refused(input([row(), row()], { member: m('sports_two_folder') }))).toBe('activity_restricted');
    expect(refused(input([row({ kind: 'over_under', code: 'over' }), row()], { member: m('sports_over_under') }))).toBe('activity_restricted');
    expect(refused(input([row({ kind: 'handicap' })], { member: m('sports_handicap') }))).toBe('activity_restricted');
    expect(refused(input([row()], { member: m('sports_handicap') }))).toBe('accepted');
  });

  it('duplicate betting and round totals from the counters', () => {
    const r = row({ odds: '2.00' });
    const counters = { stake: new Map([[r.fixture_id, 90_000n]]), win: new Map([[r.fixture_id, 180_000n]]), outcomes: new Set([r.outcome_id]) };
    expect(refused(input([r], { counters }))).toBe('accepted');
    expect(refused(input([r], { counters, game: game({ duplicate_betting: false }) }))).toBe('sports_duplicate_bet');
    expect(refused(input([r], { counters, game: game({ round_max_bet: 100_000 }) }))).toBe('accepted');
    expect(refused(input([r], { counters, amount: 10_001n, game: game({ round_max_bet: 100_000 }) }))).toBe('sports_round_bet_max');
    expect(refused(input([r], { counters, game: game({ round_max_win: 200_000 }) }))).toBe('accepted');
    expect(refused(input([r], { counters, amount: 10_005n, game: game({ round_max_win: 200_000 }) }))).toBe('sports_round_win_max');
  });

  it('in play: accepted only when nothing moved during the delay', () => {
    const r = row({ fixture_status: 'progress', starts_at: new Date(NOW.getTime() - HOUR) });
    const priced = checkSlip(input([r], { board: 'inplay' }));
    expect(priced.inPlay).toBe(true);
    const same = new Map([[r.outcome_id, r]]);
    expect(() => checkAfterDelay(priced.folders, same, new Set())).not.toThrow();
    const moved = new Map([[r.outcome_id, { ...r, odds: '2.05', outcome_updated_at: NOW }]]);
    expect(() => checkAfterDelay(priced.folders, moved, new Set())).toThrow(expect.objectContaining({ code: 'sports_inplay_changed' }));
    expect(() => checkAfterDelay(priced.folders, new Map([[r.outcome_id, { ...r, bet_stop: true }]]), new Set())).toThrow(
      expect.objectContaining({ code: 'sports_inplay_changed' }),
    );
    expect(() => checkAfterDelay(priced.folders, same, new Set([r.fixture_id]))).toThrow(expect.objectContaining({ code: 'sports_inplay_changed' }));
  });

  it('cancellation limits', () => {
    const g = game({ cancel_seconds: 600, cancel_minutes: 30, daily_cancel_count: 3 });
    const f = { createdAt: NOW, firstStart: new Date(NOW.getTime() + 2 * HOUR), started: false };
    const code = (gg: GameSettings, now: Date, today = 0, ff = f) => {
      try {
        checkCancel(gg, ff, now, today);
        return 'ok';
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(code(g, new Date(NOW.getTime() + 60_000))).toBe('ok');
    expect(code(game({ cancel_allowed: false }), NOW)).toBe('sports_cancel_off');
    expect(code(g, new Date(NOW.getTime() + 31 * 60_000))).toBe('sports_cancel_expired');
    expect(code(g, NOW, 3)).toBe('sports_cancel_daily_limit');
    expect(code(g, NOW, 0, { ...f, started: true })).toBe('sports_cancel_started');
    const soon = { ...f, firstStart: new Date(NOW.getTime() + 5 * 60_000) };
    expect(code(g, NOW, 0, soon)).toBe('sports_cancel_closed');
    expect(code(g, new Date(soon.firstStart.getTime() + 1), 0, soon)).toBe('sports_cancel_started');
    expect(cancelDeadline(g, f)).toEqual(new Date(NOW.getTime() + 30 * 60_000));
  });
});
