import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from './jobs.ts';

const log = { error: vi.fn() };

describe('background jobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wait the start delay, then run on their interval without overlapping themselves', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const slow = { name: 'slow', everyMs: 100, run: () => (runs++, new Promise<void>((r) => (release = r))) };
    const stop = startJobs([slow], log, { startDelayMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running: later ticks skip instead of starting a second run.
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    release();
    await stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
  });

  it('never start when stopped before the start delay; a failing run is logged and the next one runs', async () => {
    let runs = 0;
    const stop = startJobs([{ name: 'never', everyMs: 100, run: async () => void runs++ }], log, { startDelayMs: 1000 });
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(0);

    let tries = 0;
    const flaky = async () => {
      if (tries++ === 0) throw new Error('boom');
    };
    const stop2 = startJobs([{ name: 'flaky', everyMs: 100, run: flaky }], log);
    await vi.advanceTimersByTimeAsync(150);
    await stop2();
    expect(tries).toBe(2);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), 'job run failed');
  });
});
