import pg from 'pg';

/**
 * Which background jobs this process may run (issue 22, decision 060). On PostgreSQL a job runs
 * where its session advisory lock is held: one dedicated connection per process takes the lock
 * of each job it can get and keeps it for as long as it lives. A process that dies closes its
 * connection and PostgreSQL frees its locks at once; the others try every `retryMs`, so a job
 * moves within that time. On PGlite there is one process, which holds every job.
 *
 * The same connection holds the process-mode lock: a process without Redis caches in memory and
 * must be alone (exclusive lock), processes with Redis share theirs (shared lock) and may be many.
 */
export type JobLease = {
  /** Whether this process runs `job` now (no I/O: the answer of the last acquire). */
  holds(job: string): boolean;
  /** Tries to take the jobs not held; answers the ones newly taken. */
  acquire(jobs: string[]): Promise<string[]>;
  /** Lets every lock go (graceful stop: the next holder need not wait for the connection to drop). */
  release(): Promise<void>;
};

/** Lock key spaces (the two-int form, apart from the one-bigint keys of the drain and migrations). */
const JOB_SPACE = 22_060;
const MODE_SPACE = 22_061;

export const everyJob: JobLease = { holds: () => true, acquire: async () => [], release: async () => {} };

export class ProcessModeConflict extends Error {}

/**
 * Opens the lease connection and takes the process-mode lock. `shared`: this process relays its
 * cache notices over Redis. Throws ProcessModeConflict when the mode lock cannot be had.
 */
export async function openJobLease(url: string, opts: { shared: boolean }): Promise<JobLease> {
  let client: pg.Client | null = null;
  const held = new Set<string>();
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'wager-job-lease' });
    // A dropped connection has lost its locks: this process stops running jobs until it holds them again.
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    return c;
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    held.clear();
  };
  client = await connect();
  const mode = opts.shared ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
  const got = await client.query<{ ok: boolean }>(`SELECT ${mode}($1, 0) AS ok`, [MODE_SPACE]);
  if (!got.rows[0].ok) {
    await client.end();
    throw new ProcessModeConflict(
      opts.shared
        ? 'A server process without REDIS_URL is running on this database: stop it, or give every process REDIS_URL.'
        : 'Another server process is running on this database: several processes need REDIS_URL (caches, sessions and push are shared through it).',
    );
  }
  return {
    holds: (job) => held.has(job),
    async acquire(jobs) {
      if (!client) {
        // Reconnect; without the mode lock back, no job is taken (another mode may have started).
        const c = await connect();
        const again = await c.query<{ ok: boolean }>(`SELECT ${mode}($1, 0) AS ok`, [MODE_SPACE]);
        if (!again.rows[0].ok) {
          await c.end();
          return [];
        }
        client = c;
      }
      const want = jobs.filter((j) => !held.has(j));
      if (want.length === 0) return [];
      const c = client;
      const r = await c.query<{ job: string; ok: boolean }>('SELECT job, pg_try_advisory_lock($1, hashtext(job)) AS ok FROM unnest($2::text[]) AS job', [
        JOB_SPACE,
        want,
      ]);
      if (client !== c) return [];
      const taken = r.rows.filter((x) => x.ok).map((x) => x.job);
      for (const j of taken) held.add(j);
      return taken;
    },
    async release() {
      const c = client;
      client = null;
      held.clear();
      await c?.end().catch(() => {});
    },
  };
}
