import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// One owner for the member lock (issue 17): a row lock on `users` is written only in
// members/lock.ts; every other module takes `lockedMembers` / `lockMember` from the members door.
const SRC = path.join(import.meta.dirname, 'modules');
const OWNER = path.join(SRC, 'members', 'lock.ts');
const LITERAL = /`[^`]*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;
const ROW_LOCK = /\bFOR\s+(?:(?:NO\s+KEY\s+)?UPDATE|(?:KEY\s+)?SHARE)\b(?:\s+OF\s+(\w+(?:\s*,\s*\w+)*))?/gi;
const USERS = /\b(?:FROM|JOIN)\s+users\b(?:\s+(?:AS\s+)?(\w+))?/gi;
const NOT_ALIAS = new Set(['where', 'join', 'on', 'order', 'limit', 'set', 'group', 'inner', 'left', 'cross', 'using', 'for']);

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return productionFiles(file);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [file] : [];
  });
}

/** SQL texts in `source` that lock rows of the users table (no OF list with users in it, or users named in the OF list). */
export function userRowLocks(source: string) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(LITERAL)]
    .map((m) => m[0])
    .filter((text) => {
      const names = [...text.matchAll(USERS)].map((m) => (m[1] && !NOT_ALIAS.has(m[1].toLowerCase()) ? m[1] : 'users').toLowerCase());
      if (names.length === 0) return false;
      return [...text.matchAll(ROW_LOCK)].some((m) => !m[1] || m[1].split(/\s*,\s*/).some((a) => names.includes(a.toLowerCase())));
    });
}

test('the scan finds a users row lock written outside the owner', () => {
  expect(userRowLocks("await sql.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);")).toHaveLength(1);
  expect(userRowLocks('const q = `SELECT u.id FROM users u JOIN t ON true FOR UPDATE OF u`;')).toHaveLength(1);
  expect(userRowLocks("sql.query('SELECT * FROM bets WHERE id = $1 FOR UPDATE')")).toHaveLength(0);
  expect(userRowLocks('`SELECT s.id FROM casino_sessions s JOIN users u ON u.id = s.user_id FOR UPDATE OF s`')).toHaveLength(0);
  expect(userRowLocks("'SELECT * FROM users WHERE id = ANY($1) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED'")).toHaveLength(1);
});

test('only members/lock.ts writes a row lock on users', () => {
  const offenders = productionFiles(SRC)
    .filter((f) => f !== OWNER)
    .flatMap((f) => userRowLocks(fs.readFileSync(f, 'utf8')).map((s) => `${path.relative(SRC, f)}: ${s.slice(0, 80)}`));
  expect(offenders).toEqual([]);
});
