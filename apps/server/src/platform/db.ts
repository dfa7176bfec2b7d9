import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export type Row = Record<string, any>;
export type QueryResult<T> = { rows: T[]; rowCount: number };

/** Anything that runs SQL: the database itself or an open transaction. Repos take this. */
export type Sql = {
  /** `name` makes it a named prepared statement on pg (parsed once per connection); PGlite ignores it. */
  query<T extends Row = Row>(text: string, params?: unknown[], name?: string): Promise<QueryResult<T>>;
};

// Per-transaction state behind each Sql handed out: the database it belongs to (keys caches
// per database), the callbacks to run once the transaction has committed (null outside one),
// and for the database itself the transaction its async context has open (if any) and how to
// open one.
type TxState = {
  home: object;
  hooks: (() => void)[] | null;
  open?: () => Sql | undefined;
  begin?: <T>(fn: (sql: Sql) => Promise<T>) => Promise<T>;
};
const states = new WeakMap<object, TxState>();
const runHooks = (st: TxState) => {
  for (const h of st.hooks ?? []) h();
};

/**
 * Runs `fn` once the transaction `sql` belongs to has committed (at once outside a
 * transaction); dropped if it rolls back. Caches use it so they never hold uncommitted data.
 */
export function afterCommit(sql: Sql, fn: () => void) {
  const hooks = openState(sql)?.hooks;
  if (hooks) hooks.push(fn);
  else fn();
}

/** The state of the transaction `sql` runs in: itself, or the one open around a call on the database. */
function openState(sql: Sql): TxState | undefined {
  const st = states.get(sql);
  if (st?.hooks) return st;
  const open = st?.open?.();
  return open ? states.get(open) : undefined;
}

/**
 * Whether statements sent through `sql` run inside an open transaction: `sql` is one, or it is
 * the database called from inside `db.tx`. Outside one, every statement commits on its own.
 */
export function inTransaction(sql: Sql): boolean {
  return !!openState(sql)?.hooks;
}

/**
 * Runs `fn` in a transaction: the open one when there is one, else a new `db.tx` (retried on
 * deadlock like any). A service whose common case is one statement sends it without BEGIN and
 * COMMIT (a statement is atomic on its own) and calls this only for its multi-statement paths.
 */
export function atomically<T>(sql: Sql, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const st = states.get(sql);
  if (st?.hooks) return fn(sql);
  // The database called inside db.tx: hand over the open transaction (its afterCommit hooks wait).
  const open = st?.open?.();
  if (open) return fn(open);
  const begin = st?.begin;
  if (!begin) throw new Error('atomically: this Sql belongs to no database');
  return begin(fn);
}

/** What a `txOrRollback` function returns to undo its transaction and answer `value` instead. */
export class RolledBack<R> {
  constructor(readonly value: R) {}
}
export const rollBack = <R>(value: R) => new RolledBack(value);

/** Carries a `RolledBack` value out of `db.tx`, which rolls back only when its function throws. Never leaves `txOrRollback`. */
class RollbackSignal {
  constructor(readonly value: unknown) {}
}

/**
 * Runs `fn` in a new transaction that `fn` may undo by returning `rollBack(value)`: for a decision
 * taken inside the transaction after it wrote (the wallet row's key lost a race after the stake
 * was posted), everything it wrote is rolled back and the caller gets `value` as an ordinary
 * result. One named way instead of an exception class per reason: the caller reads the outcome,
 * it does not catch it. Faults still throw (and roll back) as in `db.tx`. Refused inside an open
 * transaction, whose own work a rollback would undo too.
 */
export async function txOrRollback<T>(db: Db, fn: (sql: Sql) => Promise<T | RolledBack<T>>): Promise<T> {
  if (inTransaction(db)) throw new Error('txOrRollback: called inside an open transaction, which its rollback would undo');
  try {
    return await db.tx(async (sql) => {
      const out = await fn(sql);
      if (out instanceof RolledBack) throw new RollbackSignal(out.value);
      return out;
    });
  } catch (e) {
    if (e instanceof RollbackSignal) return e.value as T;
    throw e;
  }
}

/** The same Sql, reporting each statement first (tests count round trips with it). */
export function observe(sql: Sql, onQuery: (text: string) => void): Sql {
  const seen: Sql = { query: (text, params, name) => (onQuery(text), sql.query(text, params, name)) };
  const st = states.get(sql);
  // A transaction opened through the observed database is observed too, reported as BEGIN …
  // COMMIT, so a count shows whether a service opened one.
  const begin = st?.begin;
  const open = st?.open;
  if (st)
    states.set(seen, {
      ...st,
      open:
        open &&
        (() => {
          const tx = open();
          return tx && observe(tx, onQuery);
        }),
      begin:
        begin &&
        ((fn) =>
          begin(async (tx) => {
            onQuery('BEGIN');
            const out = await fn(observe(tx, onQuery));
            onQuery('COMMIT');
            return out;
          })),
    });
  return seen;
}

/** One object per database, the same for every transaction of it: keys per-database caches. */
export const homeOf = (sql: Sql): object => states.get(sql)?.home ?? sql;

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
  /** PGlite only: the whole data directory as a tarball (`npm run backup`; decision 054). */
  dumpDataDir?(): Promise<Blob>;
};

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

// int8 comes back as bigint on both engines: money is never a JS float.
pg.types.setTypeParser(20, (v) => BigInt(v));

/** `loadDataDir` (PGlite only): a tarball from `dumpDataDir` to create the new data directory from (`npm run restore`). */
export async function openDb(opts: { url?: string; dataDir?: string; loadDataDir?: Blob }): Promise<Db> {
  return opts.url ? openPg(opts.url) : openPglite(opts.dataDir, opts.loadDataDir);
}

function openPg(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 20) });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const current = new AsyncLocalStorage<Sql>();
  const home = {};
  const wrap = (c: pg.PoolClient | pg.Pool, hooks: (() => void)[] | null): Sql => {
    const sql: Sql = {
      query: async (text, params, name) => {
        const r = await c.query(name ? { name, text, values: params as any[] } : { text, values: params as any[] });
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
    };
    states.set(sql, { home, hooks });
    return sql;
  };
  const poolSql = wrap(pool, null);
  // A statement outside a transaction commits on its own; one that deadlocked was rolled back
  // whole, so it is retried like a transaction would be.
  const autocommit = poolSql.query;
  poolSql.query = async (text, params, name) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await autocommit(text, params, name);
      } catch (err: any) {
        if (!(RETRYABLE.has(err?.code) && attempt < 4)) throw err;
      }
    }
  };
  const db: Db = {
    engine: 'pg',
    query: (text, params, name) => (current.getStore() ?? poolSql).query(text, params, name),
    async tx(fn) {
      const open = current.getStore();
      if (open) return fn(open);
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // A connection cut while the transaction waits between statements (a PostgreSQL restart)
        // is an 'error' event on the checked-out client: taken here, not a crash of the process;
        // the next statement fails, the transaction rolls back, the broken client is discarded.
        let broken: Error | undefined;
        const onError = (e: Error) => void (broken = e);
        client.on('error', onError);
        const hooks: (() => void)[] = [];
        const sql = wrap(client, hooks);
        try {
          await client.query('BEGIN');
          const out = await current.run(sql, () => fn(sql));
          await client.query('COMMIT');
          runHooks({ home, hooks });
          return out;
        } catch (err: any) {
          await client.query('ROLLBACK').catch(() => {});
          if (RETRYABLE.has(err?.code) && attempt < 4) continue;
          throw err;
        } finally {
          client.off('error', onError);
          client.release(broken);
        }
      }
    },
    async exec(text) {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
  states.set(db, { home, hooks: null, open: () => current.getStore(), begin: (fn) => db.tx(fn) });
  return db;
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

/** The longest a run of queued PGlite work keeps the event loop before it lets I/O in. */
const TURN_MS = 5;

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const isDisk = !!dataDir && !dataDir.startsWith('memory://');
  if (isDisk) fs.mkdirSync(dataDir!, { recursive: true });
  const unlock = isDisk ? lockDataDir(dataDir!) : () => {};
  const lite = await PGlite.create(dataDir, { parsers: { 20: (v: string) => BigInt(v) }, ...(loadDataDir ? { loadDataDir } : {}) });
  const current = new AsyncLocalStorage<Sql>();
  let queue: Promise<unknown> = Promise.resolve();
  // PGlite answers inside the calling thread and its promises settle as microtasks, so a loop
  // of awaited transactions (a scheduler making up hours of rounds) never lets the event loop
  // read a socket: HTTP stalled for the whole loop (25 s after a 10-hour clock jump). A unit of
  // work that starts more than TURN_MS after the last turn first yields one loop turn.
  let lastTurn = performance.now();
  const turn = async () => {
    if (performance.now() - lastTurn < TURN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
  };
  // One connection: serialise every unit of work behind the previous one.
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(turn, turn).then(work);
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
  const home = {};
  states.set(liteSql, { home, hooks: null });
  const db: Db = {
    engine: 'pglite',
    query: (text, params) => {
      const open = current.getStore();
      return open ? open.query(text, params) : exclusive(() => liteSql.query(text, params));
    },
    async tx(fn) {
      const open = current.getStore();
      if (open) return fn(open);
      return exclusive(async () => {
        const hooks: (() => void)[] = [];
        const txSql: Sql = { query: liteSql.query };
        states.set(txSql, { home, hooks });
        await lite.exec('BEGIN');
        try {
          const out = await current.run(txSql, () => fn(txSql));
          await lite.exec('COMMIT');
          runHooks({ home, hooks });
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
    // Queued like any unit of work, so the tarball is taken between transactions.
    dumpDataDir: () => exclusive(() => lite.dumpDataDir('gzip')),
  };
  states.set(db, { home, hooks: null, open: () => current.getStore(), begin: (fn) => db.tx(fn) });
  return db;
}
