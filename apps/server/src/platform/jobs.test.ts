import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from './jobs.ts';
import { metricsText } from './metrics.ts';

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

  it("report each job's lag (time since its last successful run) and its failures to /metrics", async () => {
    const lagOf = async (job: string) => {
      const m = new RegExp(`job_lag_seconds\\{job="${job}"\\} ([0-9.e+-]+)`).exec((await metricsText()).body);
      return m ? Number(m[1]) : undefined;
    };
    let fail = false;
    const stop = startJobs(
      [
        {
          name: 'lagging',
          everyMs: 1000,
          run: async () => {
            if (fail) throw new Error('down');
          },
        },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(await lagOf('lagging')).toBeLessThan(0.05);
    fail = true;
    await vi.advanceTimersByTimeAsync(5000);
    // Five failed runs since the last success: the lag grows with the clock.
    expect(await lagOf('lagging')).toBeGreaterThanOrEqual(5);
    expect((await metricsText()).body).toMatch(/job_failures_total\{job="lagging"\} 5/);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await lagOf('lagging')).toBeLessThan(1);
    await stop();
  });
});
