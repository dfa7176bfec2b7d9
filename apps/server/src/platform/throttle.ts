import { tooMany } from './errors.ts';
import type { RateLimiter } from './rate-limit.ts';

/** One budget per member for everything they write (posts, comments, inquiries): 20 a minute. */
export const WRITE_BUDGET = { writes: 20, windowMs: 60_000 } as const;

/**
 * Counts one write against the member's budget; past it, 429 `posting_too_fast`. Call it first,
 * before parsing or sanitising the text: a refused or blank write still costs the writer
 * (otherwise a flood of blank or oversized texts would be parsed for free).
 */
export async function throttleWrites(limiter: RateLimiter, userId: bigint): Promise<void> {
  if ((await limiter.add(`community-write:${userId}`, WRITE_BUDGET.windowMs)) > WRITE_BUDGET.writes)
    throw tooMany('Too many posts in a short time. Please try again later.', 'posting_too_fast');
}
