import { expect } from 'vitest';
import type { Clock } from '../../platform/clock.ts';
import { homeOf, type Db } from '../../platform/db.ts';
import { notifyChange } from '../../platform/events.ts';
import { placeBet } from '../betting/index.ts';
import { getBalances, houseBalances, verifyLedger } from '../ledger/index.ts';
import { parseRate, RATE_SCALE, ROLLING_KEYS, SUPPORT_KEYS, supportKindOf, type RollingGameType, type SupportKind } from './rates.ts';

/**
 * Shared by the commission option tests (decision 027 "Decimals option", "Crediting at
 * placement"): a six-tier chain with a rate for every rolling game type, bets of each type, the
 * two settings, and the books every test checks after each step.
 */

/** Top first; four-decimal rates so most splits leave sub-won parts. Rates fall down the tree. */
const TOP: Record<RollingGameType, number> = {
  sports_single: 1.2345,
  sports_combination: 2.0001,
  minigame: 0.9,
  powerball_single: 1.5,
  powerball_combination: 1.7531,
  casino: 0.3333,
  slot: 0.4447,
};
const SHARE = [1, 0.8, 0.55, 0.37, 0.21, 0.07];
/** The support rates at the top (decision 043); the kit's casino and slot bets are all with outside vendors. */
const SUPPORT_TOP: Record<SupportKind, number> = { support_casino: 0.2221, support_slot: 0.3113 };
export const CHAIN_ROLLING = SHARE.map((f) => ({
  ...Object.fromEntries(Object.entries(TOP).map(([t, r]) => [ROLLING_KEYS[t as RollingGameType], Math.floor(r * f * 10_000) / 10_000])),
  ...Object.fromEntries(Object.entries(SUPPORT_TOP).map(([t, r]) => [SUPPORT_KEYS[t as SupportKind], Math.floor(r * f * 10_000) / 10_000])),
}));
export const GAME_TYPES = Object.keys(TOP) as RollingGameType[];

const SHAPES: Record<RollingGameType, { gameType: 'sports' | 'minigame' | 'casino' | 'slot'; game: string; betType: 'single' | 'combo'; vendor?: string }> = {
  sports_single: { gameType: 'sports', game: 'soccer', betType: 'single' },
  sports_combination: { gameType: 'sports', game: 'soccer', betType: 'combo' },
  minigame: { gameType: 'minigame', game: 'one-test', betType: 'single' },
  powerball_single: { gameType: 'minigame', game: 'ntry_eos1', betType: 'single' },
  powerball_combination: { gameType: 'minigame', game: 'ntry_eos1', betType: 'combo' },
  casino: { gameType: 'casino', game: 'baccarat', betType: 'single', vendor: 'evolution' },
  slot: { gameType: 'slot', game: 'sweet', betType: 'single', vendor: 'pragmatic' },
};

let n = 0;
export function placeTyped(db: Db, clock: Clock, member: bigint, type: RollingGameType, amount: bigint) {
  const s = SHAPES[type];
  return placeBet(db, clock, {
    userId: member,
    gameType: s.gameType,
    game: s.game,
    vendor: s.vendor ?? null,
    round: 'r1',
    betType: s.betType,
    selections: [{ name: 'T', pick: 'odd', odds: '1.90' }],
    odds: '1.90',
    amount,
    requestId: `opt-${process.pid}-${++n}`,
  });
}

/** Writes the two options as an admin save does (the settings row, then the change notice that drops every cache). */
export async function setOptions(db: Db, o: { decimals?: number; credit?: 'settlement' | 'placement' }) {
  const rows: [string, unknown][] = [];
  if (o.decimals !== undefined) rows.push(['rolling_decimals', o.decimals]);
  if (o.credit !== undefined) rows.push(['rolling_credit', o.credit]);
  for (const [key, value] of rows)
    await db.query(
      `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), 'test')
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      [key, JSON.stringify(value)],
    );
  notifyChange(homeOf(db), { topic: 'all' });
}

const CARRY = 10_000n;
const floorDiv = (a: bigint, b: bigint) => (a >= 0n ? a / b : -((-a + b - 1n) / b));

/** The chain total the rules give one valid bet: floor(top rate × stake) in units of 10^-d won. */
export function chainTotal(type: RollingGameType, amount: bigint, decimals: number) {
  const top = parseRate(CHAIN_ROLLING[0][ROLLING_KEYS[type]]);
  return (top * amount * 10n ** BigInt(decimals)) / RATE_SCALE;
}

/** The support a valid bet of this type earns the chain, in whole won (0: no support for its type or vendor). */
export function supportTotal(type: RollingGameType, amount: bigint) {
  const kind = supportKindOf({ gameType: SHAPES[type].gameType, vendor: SHAPES[type].vendor ?? null });
  return kind === null ? 0n : (parseRate(CHAIN_ROLLING[0][SUPPORT_KEYS[kind]]) * amount) / RATE_SCALE;
}

type Live = { bet_id: bigint; stage: number; agent_id: bigint; amount: bigint; decimals: number; game_type: RollingGameType; base: bigint };

/**
 * The books after a drain, for every bet of `bets` (with its game type) and every agent:
 * - each bet has standing accruals exactly when it earns now (won or lost; or open, credited at
 *   placement, `placedOpen`), all of one stage, summing to its chain total in their unit;
 * - each agent holds exactly floor(everything standing for it, in won), its carry holds the
 *   standing accruals with decimals, and the house paid what the agents hold (nothing created);
 * - the outbox is empty and `ledger:verify` is clean.
 * Support (decision 043) likewise: an earning outside-vendor casino or slot bet has standing support
 * of the same stage summing to its support total, any other bet none, and each agent holds it too.
 */
export async function expectBooks(db: Db, agents: bigint[], bets: Map<bigint, RollingGameType>, placedOpen: Set<bigint>) {
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bet_outbox')).rows[0].n).toBe(0);
  const live = (await db.query<Live>('SELECT bet_id, stage, agent_id, amount, decimals, game_type, base FROM commission_accruals WHERE reversed_at IS NULL'))
    .rows;
  const status = new Map(
    (await db.query<{ id: bigint; status: string }>('SELECT id, status FROM bets WHERE id = ANY($1::bigint[])', [[...bets.keys()].map(String)])).rows.map(
      (r) => [r.id, r.status],
    ),
  );
  const support = (
    await db.query<{ bet_id: bigint; stage: number; agent_id: bigint; amount: bigint }>(
      'SELECT bet_id, stage, agent_id, amount FROM commission_support_accruals WHERE reversed_at IS NULL',
    )
  ).rows;
  for (const [bet, type] of bets) {
    const mine = live.filter((a) => a.bet_id === bet);
    const mineSupport = support.filter((a) => a.bet_id === bet);
    const st = status.get(bet)!;
    const earns = st === 'won' || st === 'lost' || (st === 'open' && placedOpen.has(bet));
    if (!earns) {
      expect(mine, `bet ${bet} (${st}) earns nothing`).toEqual([]);
      expect(mineSupport, `bet ${bet} (${st}) earns no support`).toEqual([]);
      continue;
    }
    const supportSum = mineSupport.reduce((s, a) => s + a.amount, 0n);
    expect(supportSum, `bet ${bet} support total`).toBe(mine.length ? supportTotal(type, mine[0].base) : 0n);
    expect(mineSupport.every((a) => a.amount > 0n && a.stage === mine[0]?.stage)).toBe(true);
    expect(mine.length, `bet ${bet} (${st}) has standing accruals`).toBeGreaterThan(0);
    expect(new Set(mine.map((a) => a.stage)).size).toBe(1);
    expect(new Set(mine.map((a) => a.decimals)).size).toBe(1);
    const sum = mine.reduce((s, a) => s + a.amount, 0n);
    expect(sum, `bet ${bet} chain total`).toBe(chainTotal(type, mine[0].base, mine[0].decimals));
    expect(mine.every((a) => a.game_type === type && a.amount > 0n)).toBe(true);
  }
  const carry = new Map(
    (await db.query<{ agent_id: bigint; units: bigint }>('SELECT agent_id, units FROM commission_carry')).rows.map((r) => [r.agent_id, r.units]),
  );
  let held = 0n;
  for (const agent of agents) {
    const mine = live.filter((a) => a.agent_id === agent);
    const units = mine.reduce((s, a) => s + a.amount * 10n ** BigInt(4 - a.decimals), 0n);
    const fine = mine.filter((a) => a.decimals > 0).reduce((s, a) => s + a.amount * 10n ** BigInt(4 - a.decimals), 0n);
    const money = (await getBalances(db, agent)).money;
    const supported = support.filter((a) => a.agent_id === agent).reduce((s, a) => s + a.amount, 0n);
    expect(money, `agent ${agent} holds floor of what stands for it, and its support`).toBe(floorDiv(units, CARRY) + supported);
    expect(carry.get(agent) ?? 0n).toBe(fine);
    held += money;
  }
  const house = (await houseBalances(db)).find((r) => r.code === 'commissions' && r.asset === 'money')?.balance ?? 0n;
  expect(-house).toBe(held);
  expect((await verifyLedger(db)).problems).toEqual([]);
}
