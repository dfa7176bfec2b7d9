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

  it('run only the jobs this process holds, take one over at once when its lock comes free, and show who leads in /metrics', async () => {
    const held = new Set<string>(['mine']);
    let free: string[] = [];
    const lease = {
      holds: (job: string) => held.has(job),
      acquire: async (jobs: string[]) => {
        const taken = jobs.filter((j) => free.includes(j));
        for (const j of taken) held.add(j);
        free = [];
        return taken;
      },
      release: async () => held.clear(),
    };
    const runs: string[] = [];
    const job = (name: string) => ({ name, everyMs: 60_000, run: async () => void runs.push(name) });
    const stop = startJobs([job('mine'), job('theirs')], log, { lease, leaseRetryMs: 2000 });
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toEqual(['mine']);
    const leader = async (name: string) => new RegExp(`job_leader\\{job="${name}"\\} (\\d)`).exec((await metricsText()).body)?.[1];
    expect(await leader('mine')).toBe('1');
    expect(await leader('theirs')).toBe('0');
    // The other holder dies: within one retry this process takes the job and runs it without
    // waiting out the job's own minute.
    free = ['theirs'];
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toEqual(['mine', 'theirs']);
    expect(await leader('theirs')).toBe('1');
    await stop();
    expect(held.size).toBe(0);
  });
});
