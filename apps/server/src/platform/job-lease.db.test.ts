import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.ts';
import { testEngine } from '../test/db.ts';
import { sharedDatabase } from '../test/processes.ts';
import { openJobLease, ProcessModeConflict, type JobLease } from './job-lease.ts';

// Decision 060: a job runs where its advisory lock is held; a holder whose connection drops (a
// process killed) frees it for the next acquire. PostgreSQL only: PGlite serves one process.
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(testEngine === 'pg')('the job lease', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string;
  const opened: JobLease[] = [];
  const open = async (shared: boolean) => {
    const l = await openJobLease(url, { shared });
    opened.push(l);
    return l;
  };
  beforeAll(async () => {
    const shared = await sharedDatabase('lease');
    url = shared.target;
    drop = shared.drop;
    db = await shared.open();
  });
  afterAll(async () => {
    for (const l of opened) await l.release();
    await db?.close();
    await drop?.();
  });

  it('gives each job to one process; a killed holder’s jobs move to the other at its next try', async () => {
    const a = await open(true);
    const b = await open(true);
    expect(await a.acquire(['feed', 'draws'])).toEqual(['feed', 'draws']);
    expect(await b.acquire(['feed', 'draws', 'sweep'])).toEqual(['sweep']);
    expect([a.holds('feed'), b.holds('feed'), b.holds('sweep'), a.holds('sweep')]).toEqual([true, false, true, false]);
    // A's connection is cut, as when its process dies: the backend holding feed's lock.
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND classid = 22060 AND objsubid = 2 AND granted AND objid::bigint = (hashtext('feed')::bigint & 4294967295)`,
    );
    for (let i = 0; i < 50 && a.holds('feed'); i++) await wait(20);
    expect(a.holds('feed')).toBe(false);
    expect((await b.acquire(['feed', 'draws', 'sweep'])).sort()).toEqual(['draws', 'feed']);
    // A comes back and finds them taken.
    expect(await a.acquire(['feed', 'draws', 'sweep'])).toEqual([]);
    await b.release();
    expect((await a.acquire(['feed', 'draws', 'sweep'])).sort()).toEqual(['draws', 'feed', 'sweep']);
    await a.release();
  });

  it('refuses a process without Redis beside any other, and any process beside one without Redis', async () => {
    const shared = await open(true);
    await expect(open(false)).rejects.toBeInstanceOf(ProcessModeConflict);
    await shared.release();
    const alone = await open(false);
    await expect(open(true)).rejects.toThrow(/without REDIS_URL/);
    await expect(open(false)).rejects.toThrow(/several processes need REDIS_URL/);
    await alone.release();
  });
});
