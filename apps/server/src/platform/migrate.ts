import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from './config.ts';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

/**
 * Forward-only migrations: each file runs once, in name order, inside its own transaction,
 * and is recorded with a checksum. An applied file that has since changed stops the start.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await db.tx(async (sql) => {
    // Two servers starting at once against one PostgreSQL must not both migrate.
    await sql.query('SELECT pg_advisory_xact_lock(727274)');
    const done = new Map(
      (await sql.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations')).rows.map((r) => [r.version, r.checksum]),
    );
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      const seen = done.get(file);
      if (seen) {
        if (seen !== checksum) throw new Error(`migration ${file} changed after it was applied (checksum mismatch)`);
        continue;
      }
      for (const stmt of splitStatements(text)) await sql.query(stmt);
      await sql.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [file, checksum]);
      applied.push(file);
    }
  });
  return applied;
}

/** Migration files not yet recorded as applied (the readiness probe: a server ahead of its database is not ready). */
export async function pendingMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
  return files.filter((f) => !done.has(f)).sort();
}

/**
 * Split on semicolons at line ends; our migrations keep one statement per `;\n`. A dollar-quoted
 * body (`$$ … $$`, a plpgsql trigger function) is kept whole: its semicolons end its own lines.
 */
function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  text.split('$$').forEach((part, i) => {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      return;
    }
    const pieces = part.split(/;\s*(?:\n|$)/);
    current += pieces[0];
    for (const next of pieces.slice(1)) {
      statements.push(current);
      current = next;
    }
  });
  statements.push(current);
  return statements.map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
