import { describe, expect, it } from 'vitest';
import { asUrgent, urgentWorkRunning, yieldingToUrgent } from './urgent.ts';

// Settlement first (decision 027): a job yielding to urgent work skips at most `ticks` runs in a row.
describe('urgent work', () => {
  it('is seen while it runs, also when it throws, and not after', async () => {
    expect(urgentWorkRunning()).toBe(false);
    await asUrgent(async () => expect(urgentWorkRunning()).toBe(true));
    await expect(asUrgent(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(urgentWorkRunning()).toBe(false);
  });

  it('a yielding job skips at most two ticks in a row while urgent work runs, and every tick otherwise', async () => {
    let runs = 0;
    const tick = yieldingToUrgent(async () => void runs++, 2);
    await tick();
    expect(runs).toBe(1);
    let release!: () => void;
    const settling = asUrgent(() => new Promise<void>((r) => (release = r)));
    const seen: number[] = [];
    for (let i = 0; i < 7; i++) {
      await tick();
      seen.push(runs);
    }
    // Skipped, skipped, ran; skipped, skipped, ran; skipped.
    expect(seen).toEqual([1, 1, 2, 2, 2, 3, 3]);
    release();
    await settling;
    await tick();
    await tick();
    expect(runs).toBe(5);
  });
});
