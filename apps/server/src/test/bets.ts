import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { placeBet, settleBets, type NewBet } from '../modules/betting/index.ts';

/**
 * A mini-game single for tests and benches that exercise betting itself (no game rules): EOS
 * Powerball 1-minute, odd at `odds`.
 */
export const minigameBetInput = (userId: bigint, requestId: string, o: { amount?: bigint; odds?: string; round?: string } = {}): NewBet => ({
  userId,
  gameType: 'minigame',
  game: 'EOS 파워볼 1분',
  round: o.round ?? '1',
  betType: 'single',
  selections: [{ name: 'EOS1', pick: '홀', odds: o.odds ?? '1.95' }],
  odds: o.odds ?? '1.95',
  amount: o.amount ?? 1_000n,
  requestId,
});

/** A mini-game single at even odds (2.00): a win pays twice the stake, so its net for the member is ± the stake. */
export const evenMinigameBetInput = (userId: bigint, requestId: string, amount: bigint): NewBet => ({
  userId,
  gameType: 'minigame',
  game: 'one-test',
  round: 'r1',
  betType: 'single',
  selections: [{ name: 'T', pick: 'odd', odds: '2.00' }],
  odds: '2.00',
  amount,
  requestId,
});

/** Places an even-odds mini-game single and settles it: lost (the member's net loss is the stake) or won (minus the stake). */
export async function settledEvenBet(db: Db, clock: Clock, userId: bigint, requestId: string, amount: bigint, outcome: 'won' | 'lost') {
  const b = await placeBet(db, clock, evenMinigameBetInput(userId, requestId, amount));
  await db.tx((sql) => settleBets(sql, clock, `${requestId}-settle`, [{ betId: b.id, outcome }]));
  return b.id;
}
