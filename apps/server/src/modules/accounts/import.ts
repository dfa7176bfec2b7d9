import { account as accountSchema, nickname as nicknameSchema, type ImportJob, type ImportRow, type ImportRowError } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import type { Actor } from '../../platform/http.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { insertUsers, ZERO_ROLLING, type NewUserRow } from '../members/index.ts';
import * as repo from './repo.ts';
import * as jobs from './repo-import.ts';
import { isLowerRole } from './rules.ts';

/**
 * The member import (issue 19, decision 041): an admin's sheet of members checked row by row,
 * then created all or nothing in one transaction. Each row keeps the account service's rules for
 * a member an admin creates (names free, bank from the list, a parent agent of a higher tier, its
 * member lock held while the rows go in), applied set-based: one query per rule for the whole
 * sheet, one insert per 1,000 rows.
 */

const CHUNK = 1_000;
/** Passwords hashed at once (the native hasher's thread pool; more only queues). */
const HASH_PARALLEL = 4;
const IMPORTED_STATUS = 'normal_a';

type Checked = {
  account: string;
  nickname: string;
  password: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  bankHolder: string | null;
  level: number;
  parentCode: string;
};

const clean = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/** The format rules of one row (no database): its fields as stored, or its errors. */
function checkFormat(r: ImportRow, row: number, errors: ImportRowError[]): Checked {
  const err = (field: ImportRowError['field'], code: ImportRowError['code']) => errors.push({ row, field, code });
  const account = clean(r.account);
  const nickname = clean(r.nickname);
  const parentCode = clean(r.parent_code);
  if (!account) err('account', 'required');
  else if (!accountSchema.safeParse(account).success) err('account', 'account_format');
  if (!nickname) err('nickname', 'required');
  else if (!nicknameSchema.safeParse(nickname).success) err('nickname', 'nickname_format');
  if (!parentCode) err('parent_code', 'required');
  const password = r.password ?? '';
  if (password !== '' && (password.length < 4 || password.length > 100)) err('password', 'password_format');
  const phone = clean(r.phone)?.replace(/-/g, '') ?? null;
  if (phone !== null && !/^\d{9,11}$/.test(phone)) err('phone', 'phone_format');
  const bankAccount = clean(r.bank_account);
  if (bankAccount !== null && !/^[\d-]{6,30}$/.test(bankAccount)) err('bank_account', 'bank_account_format');
  const levelText = clean(r.level) ?? '1';
  const level = /^\d+$/.test(levelText) ? Number(levelText) : NaN;
  if (!(level >= 1 && level <= 7)) err('level', 'level_range');
  return {
    account: account ?? '',
    nickname: nickname ?? '',
    password: password === '' ? null : password,
    phone,
    bankName: clean(r.bank_name),
    bankAccount: bankAccount?.replace(/-/g, '') ?? null,
    bankHolder: clean(r.bank_holder)?.slice(0, 40) ?? null,
    level,
    parentCode: parentCode ?? '',
  };
}

/** Every row's errors (format, repeats in the sheet, names taken, bank, parent), with the rows as stored. */
async function checkRows(sql: Sql, rows: ImportRow[]) {
  const errors: ImportRowError[] = [];
  // Sheet row numbers: the header is row 1.
  const checked = rows.map((r, i) => checkFormat(r, i + 2, errors));
  const seenAccounts = new Set<string>();
  const seenNicknames = new Set<string>();
  const [taken, banks, parents] = await Promise.all([
    jobs.takenNames(sql, checked.map((c) => c.account).filter(Boolean), checked.map((c) => c.nickname).filter(Boolean)),
    jobs.bankNames(sql),
    jobs.accountsByCode(sql, [...new Set(checked.map((c) => c.parentCode).filter(Boolean))]),
  ]);
  checked.forEach((c, i) => {
    const row = i + 2;
    const err = (field: ImportRowError['field'], code: ImportRowError['code']) => errors.push({ row, field, code });
    const a = c.account.toLowerCase();
    const n = c.nickname.toLowerCase();
    if (a && taken.accounts.has(a)) err('account', 'account_taken');
    else if (a && seenAccounts.has(a)) err('account', 'account_repeated');
    if (n && taken.nicknames.has(n)) err('nickname', 'nickname_taken');
    else if (n && seenNicknames.has(n)) err('nickname', 'nickname_repeated');
    seenAccounts.add(a);
    seenNicknames.add(n);
    if (c.bankName !== null && !banks.has(c.bankName)) err('bank_name', 'bank_unknown');
    const parent = c.parentCode ? parents.get(c.parentCode) : undefined;
    if (c.parentCode && !parent) err('parent_code', 'parent_not_found');
    else if (parent && !isLowerRole(parent.role, 'user')) err('parent_code', 'parent_not_agent');
  });
  errors.sort((x, y) => x.row - y.row);
  return { checked, errors, parents };
}

/** The preview: nothing is written. */
export async function previewImport(deps: Deps, rows: ImportRow[]) {
  const { errors } = await checkRows(deps.db, rows);
  const bad = new Set(errors.map((e) => e.row)).size;
  return { total: rows.length, valid: rows.length - bad, errors };
}

// ---- the background job

type Progress = { phase: ImportJob['phase']; done: number; total: number };
/** Progress of the imports this process runs: the rows go in as one transaction, invisible until it commits. */
const running = new Map<string, Progress>();
/** 10,000 rows take under a minute (decision 041); a job running longer than this with no process on it was interrupted. */
export const IMPORT_STALE_MS = 15 * 60_000;

const jobOut = (j: jobs.ImportJobRow, p?: Progress): ImportJob => ({
  id: Number(j.id),
  status: j.status,
  phase: p?.phase ?? 'finished',
  total: j.total,
  done: p ? p.done : j.status === 'done' ? j.total : 0,
  created: j.created,
  error_code: j.error_code,
});

/**
 * Starts the import (refused while a row has an error) and answers at once with the running job;
 * a replay of the request id answers the same job. `defaultPassword` is the password of every row
 * that has none (hashed once: 10,000 argon2id hashes would take minutes on two cores).
 */
export async function startImport(deps: Deps, actor: Actor<'admin'>, rows: ImportRow[], requestId: string, defaultPassword?: string) {
  const replay = await jobs.findImportJob(deps.db, { requestId });
  if (replay) return jobOut(replay, running.get(replay.id.toString()));
  const first = await checkRows(deps.db, rows);
  if (first.errors.length > 0)
    throw conflict('Some rows cannot be imported; correct them and upload again.', 'import_invalid', { rows: new Set(first.errors.map((e) => e.row)).size });
  if (!defaultPassword && rows.some((r) => !r.password))
    throw badRequest('Enter the password for rows without one.', 'default_password', 'import_password_required');
  const job = await jobs.insertImportJob(deps.db, requestId, rows.length, actor.id, deps.clock.now());
  if (!job) return jobOut((await jobs.findImportJob(deps.db, { requestId }))!);
  const progress: Progress = { phase: 'checking', done: 0, total: rows.length };
  running.set(job.id.toString(), progress);
  void runImport(deps, actor, job, rows, first, defaultPassword ?? null, progress);
  return jobOut(job, progress);
}

export async function importStatus(deps: Deps, id: bigint) {
  const p = running.get(id.toString());
  // While this process runs it, the job row says only "running": answer from memory without a query
  // (on PGlite a query would wait behind the import's transaction).
  if (p) return { id: Number(id), status: 'running' as const, phase: p.phase, total: p.total, done: p.done, created: 0, error_code: null };
  const j = await jobs.findImportJob(deps.db, { id });
  if (!j) throw notFound('The import does not exist.', 'import_not_found');
  // A job no process has in hand and older than any import takes was left by a process that
  // stopped mid-import: its transaction rolled back and created nothing, so it failed.
  if (j.status === 'running') {
    const now = deps.clock.now();
    const stale = await jobs.failStaleImportJob(deps.db, id, new Date(now.getTime() - IMPORT_STALE_MS), now);
    if (stale) return jobOut(stale);
  }
  return jobOut(j);
}

async function hashAll(plain: (string | null)[], fallback: string | null, progress: Progress) {
  progress.phase = 'hashing';
  const shared = fallback === null ? null : await hashPassword(fallback);
  const out: string[] = new Array(plain.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < plain.length; i = next++) {
      out[i] = plain[i] === null ? shared! : await hashPassword(plain[i]!);
      progress.done += 1;
    }
  };
  await Promise.all(Array.from({ length: HASH_PARALLEL }, worker));
  return out;
}

async function runImport(
  deps: Deps,
  actor: Actor<'admin'>,
  job: jobs.ImportJobRow,
  rows: ImportRow[],
  first: Awaited<ReturnType<typeof checkRows>>,
  fallback: string | null,
  progress: Progress,
) {
  const key = job.id.toString();
  let created = 0;
  let errorCode: string | null = null;
  try {
    const hashes = await hashAll(
      first.checked.map((c) => c.password),
      fallback,
      progress,
    );
    created = await deps.db.tx(async (sql) => {
      // The parents' member locks first (ascending id), as the account service takes its parent's;
      // then the rules again under them: a name taken or a parent moved meanwhile fails the whole import.
      const parentIds = [...new Set([...first.parents.values()].map((p) => p.id))].sort((a, b) => (a < b ? -1 : 1));
      await repo.lockUsers(sql, parentIds);
      const { checked, errors, parents } = await checkRows(sql, rows);
      if (errors.length > 0) throw conflict('Some rows cannot be imported; correct them and upload again.', 'import_invalid', { rows: errors.length });
      progress.phase = 'inserting';
      progress.done = 0;
      const now = deps.clock.now();
      const all: NewUserRow[] = checked.map((c, i) => ({
        account: c.account,
        passwordHash: hashes[i],
        nickname: c.nickname,
        phone: c.phone,
        parentId: parents.get(c.parentCode)!.id,
        level: c.level,
        status: IMPORTED_STATUS,
        bankName: c.bankName,
        bankAccount: c.bankAccount,
        bankHolder: c.bankHolder,
      }));
      let n = 0;
      for (let i = 0; i < all.length; i += CHUNK) {
        n += await insertUsers(sql, all.slice(i, i + CHUNK), ZERO_ROLLING, now);
        progress.done = n;
      }
      await writeAudit(sql, deps.clock, {
        actor,
        action: 'account.import',
        target: `member_import:${job.id}`,
        after: { created: n, first: checked[0].account, last: checked[checked.length - 1].account, parents: [...parents.keys()], status: IMPORTED_STATUS },
      });
      return n;
    });
  } catch (e) {
    errorCode = e instanceof AppError ? e.code : 'internal';
    if (!(e instanceof AppError)) console.error('member import failed', e);
  } finally {
    progress.phase = 'finished';
    await jobs.finishImportJob(deps.db, job.id, { created, errorCode }, deps.clock.now()).catch((e: unknown) => console.error('member import: job row', e));
    running.delete(key);
  }
}
