import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { openDb } from './db.ts';

const run = promisify(execFile);

export type BackupTarget = { databaseUrl?: string; dataDir: string };

/**
 * A whole-database backup (issue 21, decision 054). PostgreSQL: `pg_dump` in its custom format,
 * consistent while the server runs (one snapshot). PGlite: the data directory as a gzipped
 * tarball from PGlite itself; the directory has one user at a time, so the server is stopped
 * first (opening it says so otherwise).
 */
export async function backupDatabase(t: BackupTarget, file: string) {
  if (t.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, t.databaseUrl]);
    return;
  }
  const db = await openDb({ dataDir: t.dataDir });
  try {
    const tar = await db.dumpDataDir!();
    fs.writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup. PostgreSQL: into the database of the URL (which must exist; its objects are
 * replaced, in one transaction). PGlite: a new data directory made from the tarball; an existing
 * one is refused unless `force` (then it is replaced).
 */
export async function restoreDatabase(t: BackupTarget, file: string, opts: { force?: boolean } = {}) {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  if (t.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      t.databaseUrl,
      file,
    ]);
    return;
  }
  const used = fs.existsSync(t.dataDir) && fs.readdirSync(t.dataDir).some((f) => f !== '.pglite.pid');
  if (used && !opts.force) throw new Error(`${t.dataDir} already holds a database: restore into an empty folder, or pass --force to replace it`);
  if (used) fs.rmSync(t.dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir: t.dataDir, loadDataDir: new Blob([fs.readFileSync(file)]) });
  await db.close();
}
