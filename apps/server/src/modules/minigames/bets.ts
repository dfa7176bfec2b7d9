import type { MinigameKey } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { localDate, localDayRange } from '../../platform/local-time.ts';
import { cancelBet, payout, placeBet, toBetRow } from '../betting/index.ts';
import { auditLimitHit } from '../responsible/index.ts';
import { lockMember } from '../members/index.ts';
import { getGameSettings, getSettings, levelSettings } from '../settings/index.ts';
import { findPick, GAMES, settingsKey } from './games/catalogue.ts';
import { effectiveOdds } from './odds.ts';
import * as repo from './repo.ts';

export type BetInput = { game: MinigameKey; roundId: bigint; market: string; pick: string; amount: bigint; odds?: string; requestId: string };

const won = (n: bigint | number) => n.toString();

/**
 * A mini-game bet (spec §3 "Settings per game", "Per-level bet settings"): the pick must exist,
 * the game take bets, the member's level be allowed and within its minimum, maximum, single and
 * maximum-win limits; under the member lock the round must still be open (held FOR SHARE so
 * closing waits for this bet) and the member's totals on the round, and duplicate bets on a
 * market, within the game's limits. A replayed request id returns the first bet.
 */
export async function placeMinigameBet(deps: Deps, userId: bigint, b: BetInput) {
  const game = GAMES.get(b.game);
  if (!game) throw badRequest(`Unknown game: ${b.game}`, 'game', 'game_unknown', { game: b.game });
  const found = findPick(game, b.market, b.pick);
  if (!found) throw badRequest('This pick is not offered in this game.', 'pick', 'minigame_pick_unknown');
  const [s, site] = await Promise.all([getGameSettings(deps.db, settingsKey(game.key)), getSettings(deps.db)]);
  const odds = effectiveOdds(found.pick.odds, s);
  const bet = await deps.db
    .tx(async (sql) => {
      const member = await lockMember(sql, userId);
      if (!member) throw notFound('Member not found.', 'member_not_found');
      const gate = await repo.betGate(sql, b.roundId, userId, b.requestId, b.market);
      if (!gate || gate.game !== game.key) throw notFound('The round does not exist.', 'minigame_round_not_found');
      const newBet = {
        userId,
        gameType: 'minigame' as const,
        game: game.key,
        round: String(gate.number),
        betType: found.market.kind,
        selections: [{ name: `${game.key} ${gate.number}`, market: b.market, pick: b.pick, odds }],
        odds,
        amount: b.amount,
        requestId: b.requestId,
      };
      // A replay answers with the first bet (placeBet checks it is the same bet), whatever changed since.
      if (gate.replay) return placeBet(sql, deps.clock, newBet);
      // The solution switch (spec §3 use_minigame) closes the product on the server, not only in the menu.
      if (!site.use_minigame) throw forbidden('Mini games are not available.', 'minigame_off');
      if (!s.betting_allowed) throw forbidden('Betting failed: this game is not open for betting.', 'minigame_betting_off');
      if (b.odds !== undefined && b.odds !== odds) throw conflict('The odds have changed.', 'odds_changed', { odds });
      if (gate.status !== 'open' || deps.clock.now() >= gate.closes_at) throw conflict('Betting on this round has closed.', 'minigame_round_closed');
      // A round made ahead (its commitment published first, decision 049) takes bets from its opening only.
      if (deps.clock.now() < gate.opens_at) throw conflict('Betting on this round has not opened yet.', 'minigame_round_not_open');
      const level = levelSettings(s, member.level);
      if (!level.allowed) throw forbidden('Betting failed: your level may not bet on this game.', 'minigame_level_not_allowed');
      if (b.amount < BigInt(level.min_bet)) throw badRequest('Below the minimum bet.', 'amount', 'minigame_bet_min', { amount: won(level.min_bet) });
      if (b.amount > BigInt(level.max_bet)) throw badRequest('Above the maximum bet.', 'amount', 'minigame_bet_max', { amount: won(level.max_bet) });
      if (found.market.kind === 'single' && b.amount > BigInt(level.single_max))
        throw badRequest('Above the maximum single bet.', 'amount', 'minigame_single_max', { amount: won(level.single_max) });
      const win = payout(b.amount, odds);
      if (win > BigInt(level.max_win)) throw badRequest('Above the maximum winnings.', 'amount', 'minigame_win_max', { amount: won(level.max_win) });
      if (!s.duplicate_betting && gate.same_market > 0) throw conflict('Duplicate bet on this market.', 'minigame_duplicate_bet');
      if (s.round_max_bet !== null && gate.staked + b.amount > BigInt(s.round_max_bet))
        throw conflict('Round betting total exceeded.', 'minigame_round_bet_max', { amount: won(s.round_max_bet) });
      if (s.round_max_win !== null && gate.potential + win > BigInt(s.round_max_win))
        throw conflict('Round winning total exceeded.', 'minigame_round_win_max', { amount: won(s.round_max_win) });
      return placeBet(sql, deps.clock, newBet);
    })
    .catch(async (e) => {
      // A refusal by the member's own limit is a protection event (decision 057), audited after the rollback.
      await auditLimitHit(deps.db, deps.clock, userId, e, 'minigame');
      throw e;
    });
  return { bet: toBetRow(bet), money: bet.money_after.toString() };
}

/**
 * A player cancels an open bet (game settings: cancellation allowed, until `cancel_seconds`
 * before the draw and while the round takes bets, within `cancel_minutes` of placing it, at most
 * `daily_cancel_count` a day per game), decided under the member lock; the stake comes back
 * through betting.cancelBet.
 */
export async function cancelMinigameBet(deps: Deps, userId: bigint, betId: bigint) {
  const bet = await deps.db.tx(async (sql) => {
    const member = await lockMember(sql, userId);
    if (!member) throw notFound('Member not found.', 'member_not_found');
    const b = await repo.betWithRound(sql, betId, userId);
    if (!b) throw notFound('The bet does not exist.', 'bet_not_found');
    const game = GAMES.get(b.game as MinigameKey);
    if (!game) throw notFound('The bet does not exist.', 'bet_not_found');
    if (b.status !== 'open') throw conflict('The bet is no longer open.', 'minigame_bet_not_open');
    if (member.restrictions.bet_cancel === true)
      throw new AppError(403, 'activity_restricted', 'This activity is restricted for your account. Please contact customer service.');
    const s = await getGameSettings(sql, settingsKey(game.key));
    if (!s.cancel_allowed) throw conflict('Bets on this game cannot be cancelled.', 'minigame_cancel_off');
    const now = deps.clock.now();
    if (b.round_status !== 'open' || now >= b.closes_at || now.getTime() > b.draws_at.getTime() - s.cancel_seconds * 1000)
      throw conflict('Too late to cancel.', 'minigame_cancel_closed', { seconds: s.cancel_seconds });
    if (s.cancel_minutes !== null && now.getTime() > b.created_at.getTime() + s.cancel_minutes * 60_000)
      throw conflict('Too long since the bet.', 'minigame_cancel_expired', { minutes: s.cancel_minutes });
    if (s.daily_cancel_count !== null) {
      const offset = (await getSettings(sql)).timezone_offset_minutes;
      const [dayStart] = localDayRange(localDate(now, offset), offset);
      if ((await repo.playerCancelsSince(sql, userId, game.key, dayStart)) >= s.daily_cancel_count)
        throw conflict('Daily cancellations used up.', 'minigame_cancel_daily_limit', { count: s.daily_cancel_count });
    }
    return cancelBet(sql, deps.clock, betId, 'player');
  });
  return { bet: toBetRow(bet) };
}
