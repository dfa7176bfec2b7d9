/**
 * The countdown follows the server's clock, not the browser's: each round answer carries the
 * server time, and the difference to the browser's clock at arrival (half the round trip is
 * ignored; a poll every few seconds keeps the error under a second) shifts every countdown.
 */
export type RoundTimes = { opensAt?: string; closesAt: string; drawsAt: string };
/** waiting: the next round is not open yet; open: bets taken; closed: betting over, draw to come; drawing: past the draw, result on its way. */
export type RoundPhase = 'waiting' | 'open' | 'closed' | 'drawing';

/** Milliseconds to add to the browser's clock to get the server's. */
export function clockOffset(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

export type RoundClock = { phase: RoundPhase; toClose: number; toDraw: number };

export function roundClock(times: RoundTimes, serverNow: number): RoundClock {
  const toClose = Math.max(0, Date.parse(times.closesAt) - serverNow);
  const toDraw = Math.max(0, Date.parse(times.drawsAt) - serverNow);
  const notOpen = times.opensAt !== undefined && Date.parse(times.opensAt) > serverNow;
  const phase: RoundPhase = toClose > 0 ? (notOpen ? 'waiting' : 'open') : toDraw > 0 ? 'closed' : 'drawing';
  return { phase, toClose, toDraw };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "04:59", or "1:04:59" past an hour; rounds a part second up so 0.2 s left still reads 00:01. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
