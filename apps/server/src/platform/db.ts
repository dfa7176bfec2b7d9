import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export type Row = Record<string, any>;
export type QueryResult<T> = { rows: T[]; rowCount: number };

/** Anything that runs SQL: the database itself or an open transaction. Repos take this. */
export type Sql = {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
};

export type Db = Sql & {
  readonly engine: 'pglite' | 'pg';
  /**
   * Run `fn` in one transaction. A nested call joins the open transaction, so services can
   * compose without knowing who opened it. On PGlite every transaction (and every query
   * outside one) is queued: it has one connection, and interleaving would mix transactions.
   */
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
};

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

// int8 comes back as bigint on both engines: money is never a JS float.
pg.types.setTypeParser(20, (v) => BigInt(v));

export async function openDb(opts: { url?: string; dataDir?: string }): Promise<Db> {
  return opts.url ? openPg(opts.url) : openPglite(opts.dataDir);
}

function openPg(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 20) });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const current = new AsyncLocalStorage<Sql>();
  const wrap = (c: pg.PoolClient | pg.Pool): Sql => ({
    query: async (text, params) => {
      const r = await c.query(text, params as any[]);
      return { rows: r.rows, rowCount: r.rowCount ?? 0 };
    },
  });
  const poolSql = wrap(pool);
  return {
    engine: 'pg',
    query: (text, params) => (current.getStore() ?? poolSql).query(text, params),
    async tx(fn) {
      const open = current.getStore();
      if (open) return fn(open);
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        const sql = wrap(client);
        try {
          await client.query('BEGIN');
          const out = await current.run(sql, () => fn(sql));
          await client.query('COMMIT');
          return out;
        } catch (err: any) {
          await client.query('ROLLBACK').catch(() => {});
          if (RETRYABLE.has(err?.code) && attempt < 4) continue;
          throw err;
        } finally {
          client.release();
        }
      }
    },
    async exec(text) {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A pid file in the folder makes the second opener (a CLI while the server runs) stop with a
 * clear message instead.
 */
function lockDataDir(dataDir: string) {
  const file = `${dataDir}/.pglite.pid`;
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid) {
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch {
        alive = false;
      }
      if (alive) throw new Error(`The embedded database in ${dataDir} is in use by process ${pid} (the running server?). Stop it first, or use DATABASE_URL.`);
    }
  } catch (e: any) {
    if (e?.code !== 'ENOENT') throw e;
  }
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

async function openPglite(dataDir?: string): Promise<Db> {
  const isDisk = !!dataDir && !dataDir.startsWith('memory://');
  if (isDisk) fs.mkdirSync(dataDir!, { recursive: true });
  const unlock = isDisk ? lockDataDir(dataDir!) : () => {};
  const lite = await PGlite.create(dataDir, { parsers: { 20: (v: string) => BigInt(v) } });
  const current = new AsyncLocalStorage<Sql>();
  let queue: Promise<unknown> = Promise.resolve();
  // One connection: serialise every unit of work behind the previous one.
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };
  const liteSql: Sql = {
    query: async (text, params) => {
      const r = await lite.query<any>(text, params as any[]);
      // Match pg: a statement that returns rows counts them; others count affected rows.
      return { rows: r.rows, rowCount: r.fields.length > 0 ? r.rows.length : (r.affectedRows ?? 0) };
    },
  };
  return {
    engine: 'pglite',
    query: (text, params) => {
      const open = current.getStore();
      return open ? open.query(text, params) : exclusive(() => liteSql.query(text, params));
    },
    async tx(fn) {
      const open = current.getStore();
      if (open) return fn(open);
      return exclusive(async () => {
        await lite.exec('BEGIN');
        try {
          const out = await current.run(liteSql, () => fn(liteSql));
          await lite.exec('COMMIT');
          return out;
        } catch (err) {
          await lite.exec('ROLLBACK').catch(() => {});
          throw err;
        }
      });
    },
    exec: (text) => exclusive(async () => void (await lite.exec(text))),
    close: () =>
      exclusive(async () => {
        await lite.close();
        unlock();
      }),
  };
}
