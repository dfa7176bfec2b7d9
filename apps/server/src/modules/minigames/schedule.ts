/**
 * Rounds are time slots: round number n of a game with interval I seconds draws at n·I seconds
 * after the epoch and takes bets from the previous draw until `closing` seconds before its own.
 * A number is therefore the same on every server and after every restart.
 */
export type Slot = { number: number; opensAt: Date; closesAt: Date; drawsAt: Date };

export function slotOf(number: number, intervalSeconds: number, closingSeconds: number): Slot {
  const draws = number * intervalSeconds * 1000;
  const opens = draws - intervalSeconds * 1000;
  const closes = Math.max(opens, draws - closingSeconds * 1000);
  return { number, opensAt: new Date(opens), closesAt: new Date(closes), drawsAt: new Date(draws) };
}

/** The round whose betting period holds `now` (its draw is the next one strictly after now). */
export const currentNumber = (now: Date, intervalSeconds: number) => Math.floor(now.getTime() / 1000 / intervalSeconds) + 1;

/**
 * Round of the day as the boards count it: the first draw after local midnight is 1, the draw
 * at midnight itself is the last of the day before.
 */
export function dayNumber(drawsAt: Date, intervalSeconds: number, offsetMinutes: number) {
  const local = drawsAt.getTime() / 1000 + offsetMinutes * 60;
  const sinceMidnight = (((local - 1) % 86_400) + 86_400) % 86_400;
  return Math.floor(sinceMidnight / intervalSeconds) + 1;
}

/**
 * A bet's round of the day from its round number (the slot number a bet stores), for the game's
 * interval; null for a number that is not a whole positive slot.
 */
export function dayNumberOfRound(number: string, intervalSeconds: number, offsetMinutes: number): number | null {
  const n = Number(number);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  return dayNumber(slotOf(n, intervalSeconds, 0).drawsAt, intervalSeconds, offsetMinutes);
}
