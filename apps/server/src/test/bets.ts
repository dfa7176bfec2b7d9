import type { NewBet } from '../modules/betting/index.ts';

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
