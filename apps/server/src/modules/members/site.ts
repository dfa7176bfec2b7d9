import type { BlacklistKind, RecommendCodeStatus } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { getSettings } from '../settings/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { getById } from './repo.ts';
import * as repo from './repo-site.ts';

/**
 * Recommendation codes (spec §3, §4, §9) and the account blacklist (spec §2), decision 040. They
 * sit in members because the join and the login that use them are members' rules.
 */

const PAGE = 20;
const MINUTE = 60_000;

/** Spec §4's join status of a code (decision 040 adds `used`, the code's joined member). */
export function codeStatus(c: { used_at: Date | null; starts_at: Date; expires_at: Date }, now: Date): RecommendCodeStatus {
  if (c.used_at) return 'used';
  if (c.starts_at > now) return 'waiting';
  if (c.expires_at <= now) return 'expired';
  return 'available';
}

const codeOut = (c: repo.CodeRow, now: Date) => ({
  id: Number(c.id),
  code: c.code,
  agent_id: Number(c.agent_id),
  agent_account: c.agent_account,
  valid_minutes: c.valid_minutes,
  starts_at: c.starts_at.toISOString(),
  expires_at: c.expires_at.toISOString(),
  issued_at: c.issued_at.toISOString(),
  issued_by: c.issued_by,
  memo: c.memo,
  deleted_at: c.deleted_at?.toISOString() ?? null,
  used_by_account: c.used_by_account,
  used_at: c.used_at?.toISOString() ?? null,
  status: codeStatus(c, now),
});

export async function listCodes(deps: Deps, status: RecommendCodeStatus | undefined, skip: number) {
  const now = deps.clock.now();
  const [r, s] = await Promise.all([repo.listCodes(deps.db, status, now, skip, PAGE), getSettings(deps.db)]);
  return { rows: r.rows.map((c) => codeOut(c, now)), total: r.total, validity_minutes: s.recommend_code_validity_minutes };
}

/** The member detail's codes tab: the code the member joined with, and the codes issued for it (an agent). */
export async function memberCodes(deps: Deps, userId: bigint, skip: number) {
  const now = deps.clock.now();
  const [joined, issued] = await Promise.all([repo.codeUsedBy(deps.db, userId), repo.codesOfAgent(deps.db, userId, skip, PAGE)]);
  return { joined: joined ? codeOut(joined, now) : null, issued: issued.rows.map((c) => codeOut(c, now)), issued_total: issued.total };
}

// No 0/O or 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newCode(deps: Deps) {
  const bytes = deps.rng.bytes(9);
  return 'R' + [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export type IssueInput = { agent_account: string; count: number; valid_minutes?: number; starts_at?: string; memo?: string };

/** Issues single-use codes that join a member under the agent; audited (spec §8 "recommendation code issued"). */
export async function issueCodes(deps: Deps, actor: Actor, input: IssueInput) {
  const s = await getSettings(deps.db);
  const validMinutes = input.valid_minutes ?? s.recommend_code_validity_minutes;
  const now = deps.clock.now();
  const startsAt = input.starts_at ? new Date(input.starts_at) : now;
  if (Number.isNaN(startsAt.getTime())) throw badRequest('Not a date.', 'starts_at');
  const expiresAt = new Date(startsAt.getTime() + validMinutes * MINUTE);
  const ids = await deps.db.tx(async (sql) => {
    const agent = await repo.agentForCode(sql, input.agent_account);
    if (!agent) throw notFound('The agent does not exist.', 'agent_not_found');
    const out: bigint[] = [];
    while (out.length < input.count) {
      const id = await repo.insertCode(sql, {
        code: newCode(deps),
        agentId: agent.id,
        validMinutes,
        startsAt,
        expiresAt,
        issuedAt: now,
        issuedBy: actor.type === 'admin' && actor.id != null ? BigInt(actor.id) : null,
        memo: input.memo || null,
      });
      if (id !== null) out.push(id); // a code already taken is drawn again
    }
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'recommend_code.issue',
      target: `user:${agent.id}`,
      after: { ids: out.map(String), valid_minutes: validMinutes, starts_at: startsAt.toISOString(), memo: input.memo ?? null },
    });
    return out;
  });
  return (await repo.codesByIds(deps.db, ids)).map((c) => codeOut(c, now));
}

/** Deletes an unused code (a used one is the joined member's history and stays). */
export async function deleteCode(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const c = await repo.lockCodeById(sql, id);
    if (!c || c.deleted_at) throw notFound('The recommendation code does not exist.', 'recommend_code_not_found');
    if (c.used_by) throw conflict('A used recommendation code cannot be deleted.', 'recommend_code_used');
    await repo.deleteCode(sql, id, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'recommend_code.delete', target: `recommend_code:${id}`, before: { code: c.code } });
  });
}

/**
 * The join's code, under the caller's transaction: a recommendation code is taken for this join
 * (locked, so two joins cannot both use it) and answers its agent; null when `code` is not one.
 * A used, deleted, expired or not yet valid code is refused with its own message.
 */
export async function takeRecommendCode(sql: Sql, code: string, now: Date) {
  const c = await repo.lockCode(sql, code.toUpperCase());
  if (!c) return null;
  if (c.deleted_at) throw badRequest('The join code is not valid.', 'code', 'join_code_invalid');
  if (c.used_by) throw badRequest('This recommendation code has already been used.', 'code', 'recommend_code_used');
  if (c.expires_at <= now) throw badRequest('This recommendation code has expired.', 'code', 'recommend_code_expired');
  if (c.starts_at > now) throw badRequest('This recommendation code is not valid yet.', 'code', 'recommend_code_waiting');
  return { id: c.id, agentId: c.agent_id };
}

/** Marks the code taken by `takeRecommendCode` as used by the new member. */
export const markCodeUsed = repo.useCode;

// ---- account blacklist

const normalise = (kind: BlacklistKind, value: string) => (kind === 'account' ? value.trim().toLowerCase() : value.replace(/[^\d]/g, ''));

export async function listBlacklist(deps: Deps, kind: BlacklistKind | undefined, skip: number) {
  const r = await repo.listBlacklist(deps.db, kind, skip, PAGE);
  return {
    total: r.total,
    rows: r.rows.map((b) => ({ id: Number(b.id), kind: b.kind as BlacklistKind, value: b.value, memo: b.memo, created_at: b.created_at.toISOString() })),
  };
}

export async function addBlacklist(deps: Deps, actor: Actor, kind: BlacklistKind, value: string, memo?: string) {
  const v = normalise(kind, value);
  if (!v) throw badRequest('Enter digits only.', 'value', 'blacklist_value_invalid');
  return deps.db.tx(async (sql) => {
    const id = await repo.insertBlacklist(sql, kind, v, memo || null, deps.clock.now());
    if (id === null) throw conflict('This entry is already on the blacklist.', 'blacklist_duplicate');
    await writeAudit(sql, deps.clock, { actor, action: 'blacklist.add', target: `blacklist:${id}`, after: { kind, value: v, memo: memo ?? null } });
    return id;
  });
}

export async function removeBlacklist(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const gone = await repo.deleteBlacklist(sql, id);
    if (!gone) throw notFound('The blacklist entry does not exist.', 'blacklist_not_found');
    await writeAudit(sql, deps.clock, { actor, action: 'blacklist.remove', target: `blacklist:${id}`, before: { kind: gone.kind, value: gone.value } });
  });
}

type Listed = { account?: string | null; phone?: string | null; bankAccount?: string | null };

/** The refusal of a join or a login whose account, phone or bank account is blacklisted (spec §2 "account blacklist"), else null. */
async function blacklistErrorOf(sql: Sql, v: Listed) {
  const hit = await repo.blacklistHit(sql, {
    account: v.account ? v.account.trim().toLowerCase() : null,
    phone: v.phone ? v.phone.replace(/[^\d]/g, '') : null,
    bankAccount: v.bankAccount ? v.bankAccount.replace(/[^\d]/g, '') : null,
  });
  return hit ? forbidden('This account cannot be used. Please contact customer service.', 'account_blacklisted', { kind: hit.kind }) : null;
}

export async function assertNotBlacklisted(sql: Sql, v: Listed) {
  const e = await blacklistErrorOf(sql, v);
  if (e) throw e;
}

/** The login's check: the member's own account, phone and bank account. */
export async function blacklistError(sql: Sql, userId: bigint) {
  const u = await getById(sql, userId);
  return u ? blacklistErrorOf(sql, { account: u.account, phone: u.phone, bankAccount: u.bank_account }) : null;
}
