import type { MinigameInfo, MinigameKey, MinigameRound, MinigameVerification } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { FAIR_ALGORITHM } from '../../platform/fair.ts';
import { toBetRow } from '../betting/index.ts';
import { getUser } from '../members/index.ts';
import { getGameSettings, getSettings, levelSettings } from '../settings/index.ts';
import { drawMessage } from './draw.ts';
import { publicEntropyInputs } from './entropy.ts';
import { GAMES, settingsKey } from './games/catalogue.ts';
import type { GameDef } from './games/types.ts';
import { effectiveOdds } from './odds.ts';
import * as repo from './repo.ts';
import { dayNumber, dayNumberOfRound } from './schedule.ts';
import { streaks } from './stats.ts';

function gameOf(key: MinigameKey): GameDef {
  const g = GAMES.get(key);
  if (!g) throw badRequest(`Unknown game: ${key}`, 'game', 'game_unknown', { game: key });
  return g;
}

/** A mini-game bet's round of the day as the game's screens show it (history rows, decision 045); null for an unknown game. */
export function roundOfDay(game: string, round: string, offsetMinutes: number): number | null {
  const g = GAMES.get(game as MinigameKey);
  return g ? dayNumberOfRound(round, g.intervalSeconds, offsetMinutes) : null;
}

const offsetOf = async (deps: Deps) => (await getSettings(deps.db)).timezone_offset_minutes;

export function toRound(r: repo.RoundRow, g: GameDef, offset: number): MinigameRound {
  const done = r.status === 'drawn' || r.status === 'settled';
  return {
    id: Number(r.id),
    game: g.key,
    number: Number(r.number),
    day_number: dayNumber(r.draws_at, g.intervalSeconds, offset),
    opens_at: r.opens_at.toISOString(),
    closes_at: r.closes_at.toISOString(),
    draws_at: r.draws_at.toISOString(),
    status: r.status,
    result: done ? r.result : null,
  };
}

/** Every game (or one) with its rules, markets and odds after the game's settings, and the member's limits. */
export async function listGames(deps: Deps, userId: bigint | null, only?: MinigameKey) {
  const level = userId === null ? null : ((await getUser(deps.db, userId))?.level ?? null);
  const games: MinigameInfo[] = [];
  for (const g of GAMES.values()) {
    if (only && g.key !== only) continue;
    const s = await getGameSettings(deps.db, settingsKey(g.key));
    const l = level === null ? null : levelSettings(s, level);
    games.push({
      key: g.key,
      board: g.board,
      family: g.family.family,
      route: g.route,
      interval_seconds: g.intervalSeconds,
      closing_seconds: Math.min(s.closing_seconds, g.intervalSeconds),
      betting_allowed: s.betting_allowed,
      cancel_allowed: s.cancel_allowed,
      cancel_seconds: s.cancel_seconds,
      rule_keys: g.family.ruleKeys,
      markets: g.family.markets.map((m) => ({ key: m.key, kind: m.kind, picks: m.picks.map((p) => ({ key: p.key, odds: effectiveOdds(p.odds, s) })) })),
      limits: l?.allowed ? { min_bet: String(l.min_bet), max_bet: String(l.max_bet), max_win: String(l.max_win) } : null,
      round_max_bet: s.round_max_bet === null ? null : String(s.round_max_bet),
      round_max_win: s.round_max_win === null ? null : String(s.round_max_win),
    });
  }
  return { games, server_time: deps.clock.now().toISOString() };
}

/** The round whose draw comes next, the newest result, and the server time for the countdown. */
export async function currentRound(deps: Deps, key: MinigameKey) {
  const g = gameOf(key);
  const now = deps.clock.now();
  const [{ current, last }, offset] = await Promise.all([repo.currentAndLast(deps.db, g.key, now), offsetOf(deps)]);
  return {
    current: current ? toRound(current, g, offset) : null,
    last: last ? toRound(last, g, offset) : null,
    server_time: now.toISOString(),
  };
}

export async function roundHistory(deps: Deps, key: MinigameKey, skip: number, limit: number) {
  const g = gameOf(key);
  const [r, offset] = await Promise.all([repo.history(deps.db, g.key, skip, limit), offsetOf(deps)]);
  return { rounds: r.rows.map((x) => toRound(x, g, offset)), total: r.total };
}

/** Streak columns (bead road) and counts of the last `rounds` results of each chart market. */
export async function roundStats(deps: Deps, key: MinigameKey, rounds: number) {
  const g = gameOf(key);
  const [r, offset] = await Promise.all([repo.history(deps.db, g.key, 0, rounds), offsetOf(deps)]);
  const oldestFirst = r.rows.reverse().map((x) => ({ day_number: dayNumber(x.draws_at, g.intervalSeconds, offset), result: x.result }));
  return { markets: g.family.statMarkets.map((m) => streaks(oldestFirst, m)), rounds: oldestFirst.length };
}

export async function memberRoundBets(deps: Deps, userId: bigint, key: MinigameKey, roundId: bigint | null, skip: number) {
  const g = gameOf(key);
  let round: string | null = null;
  if (roundId !== null) {
    const r = await repo.getRound(deps.db, roundId);
    if (!r || r.game !== g.key) throw notFound('The round does not exist.', 'minigame_round_not_found');
    round = String(r.number);
  }
  const r = await repo.memberBets(deps.db, userId, g.key, round, skip, 20);
  return { bets: r.rows.map(toBetRow), total: r.total };
}

/** Public: everything needed to recompute a round's draw (the seed and result only once drawn). */
export async function verification(deps: Deps, key: MinigameKey, number: number): Promise<MinigameVerification> {
  const g = gameOf(key);
  const r = await repo.roundByNumber(deps.db, g.key, number);
  if (!r) throw notFound('The round does not exist.', 'minigame_round_not_found');
  const chain = await repo.getChain(deps.db, r.chain_id);
  const drawn = r.status === 'drawn' || r.status === 'settled';
  const prev = r.chain_index === 1 ? chain.anchor : await repo.previousSeed(deps.db, chain.id, r.chain_index - 1);
  return {
    game: g.key,
    round_id: Number(r.id),
    number: Number(r.number),
    status: r.status,
    draws_at: r.draws_at.toISOString(),
    chain: { id: Number(chain.id), anchor: chain.anchor, length: chain.length, published_at: chain.published_at.toISOString() },
    index: r.chain_index,
    prev_hash: prev,
    seed: drawn ? r.seed : null,
    entropy_source: r.entropy_source ?? 'pending',
    entropy: r.entropy,
    entropy_inputs: await publicEntropyInputs(deps.db, r),
    message: drawn && r.entropy !== null ? drawMessage(g.key, Number(r.number), r.entropy) : null,
    algorithm: FAIR_ALGORITHM,
    result: drawn ? r.result : null,
  };
}

export async function commitments(deps: Deps, key: MinigameKey) {
  const g = gameOf(key);
  const rows = await repo.publicChains(deps.db, g.key, deps.clock.now());
  return {
    chains: rows.map((c) => ({
      id: Number(c.id),
      anchor: c.anchor,
      length: c.length,
      published_at: c.published_at.toISOString(),
      first_round: Number(c.first_round),
    })),
  };
}
