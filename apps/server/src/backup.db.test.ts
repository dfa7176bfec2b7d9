import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from './modules/ledger/index.ts';
import { seed } from './seed.ts';
import { backupDatabase, restoreDatabase } from './platform/backup.ts';
import { ManualClock } from './platform/clock.ts';
import { loadConfig, SERVER_ROOT } from './platform/config.ts';
import { openDb, type Db } from './platform/db.ts';
import { createDeps } from './platform/deps-factory.ts';
import { migrate } from './platform/migrate.ts';
import { seededRng } from './platform/rng.ts';
import { devSmsProvider } from './platform/sms.ts';

// Issue 21 "Backups": `npm run backup` / `npm run restore` on both engines. A seeded database is
// backed up, restored into a fresh one, and the restored one must verify (ledger:verify) with
// every balance the same.
const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function seeded(db: Db) {
  await migrate(db);
  await seed(await createDeps({ db, clock: new ManualClock('2026-11-22T03:00:00Z'), rng: seededRng('backup'), sms: devSmsProvider(), config: loadConfig() }));
}
const balances = async (db: Db) =>
  (await db.query<{ k: string }>(`SELECT owner_type || ':' || owner_id || ':' || asset || '=' || balance AS k FROM ledger_accounts ORDER BY 1`)).rows.map(
    (r) => r.k,
  );

describe('backup and restore', () => {
  it('PGlite: the data directory restores into a new one that verifies with the same balances', async () => {
    const [from, to, file] = [path.join(tmp, 'a'), path.join(tmp, 'b'), path.join(tmp, 'a.tar.gz')];
    const a = await openDb({ dataDir: from });
    await seeded(a);
    const before = await balances(a);
    expect(before.some((b) => !b.endsWith('=0'))).toBe(true);
    await a.close();

    await backupDatabase({ dataDir: from }, file);
    await restoreDatabase({ dataDir: to }, file);
    const b = await openDb({ dataDir: to });
    expect((await verifyLedger(b)).ok).toBe(true);
    expect(await balances(b)).toEqual(before);
    await b.close();
    // A folder that holds a database is replaced only when asked.
    await expect(restoreDatabase({ dataDir: to }, file)).rejects.toThrow(/already holds a database/);
    await restoreDatabase({ dataDir: to }, file, { force: true });
  }, 120_000);

  // The commands themselves, on the engine under test (PostgreSQL in the CI's second pass).
  it(`npm run backup / restore on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: restores into a fresh database that verifies with the same balances`, async () => {
    const url = process.env.TEST_DATABASE_URL;
    const names = [`bk_a_${process.pid}`, `bk_b_${process.pid}`];
    const admin = url ? new pg.Client({ connectionString: url }) : null;
    await admin?.connect();
    const urlOf = (name: string) => Object.assign(new URL(url!), { pathname: `/${name}` }).toString();
    const envOf = (i: number): NodeJS.ProcessEnv =>
      url ? { ...process.env, DATABASE_URL: urlOf(names[i]) } : { ...process.env, DATABASE_URL: '', DATA_DIR: path.join(tmp, `cli${i}`) };
    const cli = (i: number, ...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', path.join(SERVER_ROOT, 'src/cli/backup.ts'), ...args], { env: envOf(i), cwd: SERVER_ROOT });
    try {
      for (const n of admin ? names : []) await admin!.query(`CREATE DATABASE ${n}`);
      const open = (i: number) => openDb(url ? { url: urlOf(names[i]) } : { dataDir: envOf(i).DATA_DIR });
      const a = await open(0);
      await seeded(a);
      const before = await balances(a);
      await a.close();
      const file = path.join(tmp, url ? 'cli.dump' : 'cli.tar.gz');
      expect((await cli(0, 'backup', file)).stdout).toContain('backup written');
      expect((await cli(1, 'restore', file)).stdout).toContain('restored');
      const b = await open(1);
      expect((await verifyLedger(b)).ok).toBe(true);
      expect(await balances(b)).toEqual(before);
      await b.close();
    } finally {
      for (const n of admin ? names : []) await admin!.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      await admin?.end();
    }
  }, 180_000);
});
