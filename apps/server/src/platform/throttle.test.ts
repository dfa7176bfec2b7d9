import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { AppError } from './errors.ts';
import { memoryRateLimiter } from './rate-limit.ts';
import { throttleWrites, WRITE_BUDGET } from './throttle.ts';

describe('throttleWrites', () => {
  it('allows the budget per member and minute, refuses the next with 429, then allows again', async () => {
    const clock = new ManualClock();
    const limiter = memoryRateLimiter(clock);
    for (let n = 0; n < WRITE_BUDGET.writes; n++) await throttleWrites(limiter, 7n);
    const refused = await throttleWrites(limiter, 7n).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, code: 'posting_too_fast' });
    await throttleWrites(limiter, 8n); // another member has a budget of their own
    clock.advance(WRITE_BUDGET.windowMs);
    await throttleWrites(limiter, 7n);
  });
});
