import type { Sql } from '../../platform/db.ts';

/**
 * What happened to a bet, for commissions (agent rolling and losing) and statistics. Handlers
 * run INSIDE the transaction that changed the bet, so a commission posted by a handler commits
 * or rolls back with the bet itself, and an unsettle/cancel can reverse it exactly.
 * `winAmount` is what the player was paid back (0 when lost; the stake on a refund); on
 * 'unsettled' it is what was recalled.
 */
export type BetEvent = {
  kind: 'placed' | 'settled' | 'unsettled' | 'cancelled';
  betId: bigint;
  userId: bigint;
  gameType: string;
  game: string;
  amount: bigint;
  winAmount: bigint;
  status: string;
  at: Date;
};
export type BetEventHandler = (sql: Sql, e: BetEvent) => Promise<void> | void;

const handlers = new Set<BetEventHandler>();

/** Subscribes to bet events; returns the unsubscribe function. */
export function onBetEvent(handler: BetEventHandler) {
  handlers.add(handler);
  return () => void handlers.delete(handler);
}

export const hasBetEventHandlers = () => handlers.size > 0;

export async function emitBetEvents(sql: Sql, events: BetEvent[]) {
  if (handlers.size === 0) return;
  for (const e of events) for (const h of handlers) await h(sql, e);
}
