import { AppError } from './errors.ts';

/**
 * A client request id names one request of one caller. The row it already produced is the
 * answer to an exact repeat; the same id with another payload is refused, never replayed.
 */
export function replayOrConflict<T>(first: T, samePayload: boolean): T {
  if (!samePayload) throw new AppError(409, 'idempotency_conflict', 'This request id was already used for a different request.');
  return first;
}
