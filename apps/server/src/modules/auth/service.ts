import { hash } from 'node:crypto';
import { ERROR_CODES, type Audience } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { afterCommit, atomically, homeOf, type Sql } from '../../platform/db.ts';
import { changeCache } from '../../platform/change-cache.ts';
import { notifyChange, onChange } from '../../platform/events.ts';
import { AppError, badRequest, forbidden, notFound, sessionExpired, unauthorized } from '../../platform/errors.ts';
import { ipMatches, isValidIpRule } from '../../platform/ip.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { getSettings } from '../settings/index.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as members from '../members/index.ts';
import { exclusionError, sessionLimitEnd } from '../responsible/index.ts';
import * as repo from './repo.ts';
import { openLoginGuard } from './login-guard.ts';
import { checkSecondFactor, twoFactorNeed } from './two-factor.ts';
import { otpRefusal } from './reauth.ts';

import type { Auth, Client } from '../../platform/http.ts';
// The session and caller shapes live in platform/http.ts, which receives `authenticate` from app.ts.
export type { Auth, Client } from '../../platform/http.ts';

// One-shot hash: every signed-in call hashes its token, and a Hash object per call costs a poll 2 %.
const sha256 = (t: string) => hash('sha256', t, 'hex');
const ROTATE_GRACE_MS = 60_000;

function newToken(deps: Deps) {
  const token = deps.rng.bytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

// ---- IP rules (cached briefly: checked on every request)

const ipCache = new WeakMap<object, { at: number; block: string[]; allow: string[] }>();
onChange((home, c) => {
  if (c.topic === 'all') ipCache.delete(home);
});

async function ipRules(deps: Deps) {
  const hit = ipCache.get(homeOf(deps.db));
  // Rule changes are audited, and every audited change drops this cache (change notice).
  if (hit && Date.now() - hit.at < 60_000) return hit;
  const rows = await repo.listIpRules(deps.db);
  const v = {
    at: Date.now(),
    block: rows.filter((r) => r.kind === 'block').map((r) => r.ip),
    allow: rows.filter((r) => r.kind === 'admin_allow').map((r) => r.ip),
  };
  ipCache.set(homeOf(deps.db), v);
  return v;
}

/**
 * Blocked addresses are refused everywhere. Once one or more admin-allowed addresses exist,
 * admin calls from any other address are refused with the spec's 'invalid request admin'.
 */
export async function checkIp(deps: Deps, audience: Audience | null, ip: string) {
  const rules = await ipRules(deps);
  if (rules.block.some((r) => ipMatches(r, ip))) throw forbidden('Access from this address is blocked.', 'ip_blocked');
  if (audience === 'admin' && rules.allow.length > 0 && !rules.allow.some((r) => ipMatches(r, ip)))
    throw new AppError(403, 'ip_not_allowed', 'invalid request admin');
}

export async function listIpRules(deps: Deps, kind: 'admin_allow' | 'block') {
  return repo.listIpRules(deps.db, kind);
}

export async function addIpRule(deps: Deps, actor: Actor, kind: 'admin_allow' | 'block', ip: string, memo?: string) {
  if (!isValidIpRule(ip)) throw badRequest('Enter a valid IP address or IPv4 CIDR block.', 'ip', 'ip_rule_invalid');
  const id = await deps.db.tx(async (sql) => {
    const id = await repo.insertIpRule(sql, kind, ip.trim(), memo ?? null, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'ip_rule.add', target: `ip_rule:${id}`, after: { kind, ip: ip.trim(), memo: memo ?? null } });
    return id;
  });
  ipCache.delete(homeOf(deps.db));
  return id;
}

export async function removeIpRule(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const gone = await repo.deleteIpRule(sql, id);
    if (!gone) throw notFound('IP rule not found.', 'ip_rule_not_found');
    await writeAudit(sql, deps.clock, { actor, action: 'ip_rule.remove', target: `ip_rule:${id}`, before: { kind: gone.kind, ip: gone.ip } });
  });
  ipCache.delete(homeOf(deps.db));
}

/**
 * The way back in when the admin allow-list shuts every admin out (`npm run admin:ip`, decision
 * 042): run on the server's own machine, which reaches the database without passing the
 * allow-list. 'allow' adds the address to the list; 'clear' removes every admin-allowed address,
 * so admin calls come from anywhere again. Both are audited as the system.
 */
export async function recoverAdminAccess(deps: Deps, how: { allow: string } | { clear: true }) {
  const system: Actor = { type: 'system', ip: null };
  if ('allow' in how) return { added: await addIpRule(deps, system, 'admin_allow', how.allow, 'recovery (npm run admin:ip)'), removed: 0 };
  const rules = await repo.listIpRules(deps.db, 'admin_allow');
  for (const r of rules) await removeIpRule(deps, system, r.id);
  return { added: null, removed: rules.length };
}

// ---- login

type Subject = { id: bigint; passwordHash: string | null; status: string | null; active: boolean; nickname: string };

async function findSubject(deps: Deps, audience: Audience, account: string): Promise<Subject | null> {
  if (audience === 'admin') {
    const a = await repo.findAdminByAccount(deps.db, account);
    return a ? { id: a.id, passwordHash: a.password_hash, status: null, active: a.is_active, nickname: a.nickname } : null;
  }
  const u = await members.findByAccount(deps.db, account);
  if (!u) return null;
  // Players sign in on the member site only, agents on the partner site only.
  if ((audience === 'user') !== (u.role === 'user')) return null;
  return { id: u.id, passwordHash: u.password_hash, status: u.status, active: true, nickname: u.nickname };
}

const loginFailed = () => new AppError(401, 'login_failed', 'Login failed: the ID or password is incorrect.');

/**
 * Signs in one audience. Failed logins are limited per account + address, per address and per
 * account (login-guard.ts). An enrolled admin or agent completes the login with a one-time code
 * or a recovery code (`otp`); a wrong one counts like a wrong password. An admin (or an agent
 * the setting obliges) without a second factor gets a session that may only enrol (decision 050).
 */
export async function login(deps: Deps, audience: Audience, account: string, password: string, client: Client, otp?: string) {
  await checkIp(deps, audience, client.ip);
  const s = await getSettings(deps.db);
  if (audience === 'user' && s.inspection.is_disabled)
    throw new AppError(503, 'inspection', 'The system is being checked. We apologise for the inconvenience.');

  const guard = await openLoginGuard(deps, audience, account, client.ip, s);
  let subject: Subject | null;
  let ok: boolean;
  try {
    subject = await findSubject(deps, audience, account);
    ok = await verifyPassword(subject?.passwordHash, password);
  } catch (e) {
    await guard.passed(); // a fault, not a guess
    throw e;
  }
  const at = deps.clock.now();
  if (!subject || !ok) {
    await guard.failed();
    await repo.recordAttempt(deps.db, { audience, account, ip: client.ip, success: false, reason: 'bad_credentials', at });
    throw loginFailed();
  }
  let need: Awaited<ReturnType<typeof twoFactorNeed>>;
  try {
    need = await twoFactorNeed(deps.db, audience, subject.id, s);
  } catch (e) {
    await guard.passed();
    throw e;
  }
  if (need.enrolled) {
    if (!otp) {
      await guard.neutral();
      throw new AppError(401, ERROR_CODES.otpRequired, 'Enter the OTP authentication number.');
    }
    const r = await checkSecondFactor(deps, audience, subject.id, otp);
    if (r !== 'ok') {
      await guard.failed();
      await repo.recordAttempt(deps.db, { audience, account, ip: client.ip, success: false, reason: r === 'replayed' ? 'otp_replayed' : 'bad_otp', at });
      throw otpRefusal(r);
    }
  }
  const twoFactorPending = !need.enrolled && need.required;
  await guard.passed();
  const denied =
    subject.status !== null
      ? (members.statusError(subject.status) ??
        (audience === 'user' ? await exclusionError(deps.db, subject.id, at) : null) ??
        (await members.blacklistError(deps.db, subject.id)))
      : subject.active
        ? null
        : forbidden('This account is disabled.', 'account_blocked');
  if (denied) {
    await repo.recordAttempt(deps.db, { audience, account, ip: client.ip, success: false, reason: denied.code, at });
    throw denied;
  }

  const { token, hash } = newToken(deps);
  const idleMs = s.session_idle_minutes * 60_000;
  const sessionId = await deps.db.tx(async (sql) => {
    const id = await repo.insertSession(sql, {
      tokenHash: hash,
      audience,
      subjectId: subject.id,
      device: client.device ?? null,
      ip: client.ip,
      country: client.country ?? null,
      domain: client.domain ?? null,
      language: null,
      at,
      expiresAt: new Date(at.getTime() + idleMs),
      twoFactorPending,
    });
    // Duplicate login not allowed: the newest login wins and older sessions end.
    if (!s.duplicate_login[audience]) {
      await repo.revokeOthers(sql, audience, subject.id, id, at, 'duplicate_login');
      forgetSessions(sql, subject.id);
    }
    await repo.recordAttempt(sql, { audience, account, ip: client.ip, success: true, reason: null, at });
    if (audience !== 'admin') await members.recordLogin(sql, subject.id, client.ip, client.device ?? null, client.country ?? null, client.domain ?? null, at);
    if (audience !== 'user')
      await writeAudit(sql, deps.clock, { actor: { type: audience, id: subject.id, ip: client.ip }, action: `${audience}.login`, target: `session:${id}` });
    return id;
  });
  return { token, sessionId, subjectId: subject.id, twoFactorPending };
}

/**
 * Sessions a poll keeps using, held in memory until a change notice about their subject
 * (revocation, status, any audited admin change) or 10 minutes; the session's last-seen time
 * is written at most once a minute (decision 012).
 */
type CachedSession = { sess: repo.SessionRow & { via_prev: boolean }; seen: number; written: number; limitAt: number | null };
const sessionCache = changeCache<CachedSession>(10 * 60_000);
const TOUCH_EVERY_MS = 60_000;

/** Drops every cached session of a subject (here and, with Redis, in the other processes). */
function forgetSessions(sql: Sql, subjectId: bigint) {
  const home = homeOf(sql);
  afterCommit(sql, () => notifyChange(home, { topic: 'member', id: String(subjectId) }));
}

async function openSession(deps: Deps, audience: Audience, hash: string, at: Date, idleMs: number): Promise<{ value: CachedSession; member: string }> {
  const sess = await repo.findByToken(deps.db, hash, at);
  if (!sess || sess.audience !== audience) throw unauthorized('Invalid Request');
  if (sess.revoked_at) throw sessionExpired();
  if (at.getTime() - sess.last_seen_at.getTime() > idleMs) {
    await repo.revoke(deps.db, sess.id, at, 'idle');
    throw sessionExpired();
  }
  if (audience === 'admin') {
    const a = await repo.getAdmin(deps.db, sess.subject_id);
    if (!a?.is_active) {
      await repo.revoke(deps.db, sess.id, at, 'disabled');
      throw forbidden('This account is disabled.', 'account_blocked');
    }
  } else {
    const st = await members.authState(deps.db, sess.subject_id);
    const denied = st ? (members.statusError(st.status) ?? (audience === 'user' ? await exclusionError(deps.db, sess.subject_id, at) : null)) : forbidden();
    if (denied) {
      await repo.revoke(deps.db, sess.id, at, denied.code);
      throw denied;
    }
  }
  const seen = sess.last_seen_at.getTime();
  // The member's own session-time limit (decision 057): the session ends when its age reaches it.
  const limitAt = audience === 'user' ? ((await sessionLimitEnd(deps.db, sess.subject_id, sess.created_at, at))?.getTime() ?? null) : null;
  return { value: { sess, seen, written: seen, limitAt }, member: String(sess.subject_id) };
}

/**
 * Opens the session a bearer token belongs to, or throws. Checks revocation, idle expiry,
 * IP rules and the subject's current status (on the first call, then whenever a change notice
 * dropped the cached session); rotates an old token.
 */
export async function authenticate(deps: Deps, audience: Audience, token: string | undefined, ip: string): Promise<Auth> {
  await checkIp(deps, audience, ip);
  if (!token) throw unauthorized();
  const at = deps.clock.now();
  const hash = sha256(token);
  const s = await getSettings(deps.db);
  const idleMs = s.session_idle_minutes * 60_000;
  const home = homeOf(deps.db);
  const c = await sessionCache.get(home, hash, at.getTime(), () => openSession(deps, audience, hash, at, idleMs));
  const sess = c.sess;
  if (sess.audience !== audience) throw unauthorized('Invalid Request');
  // A previous token opens the session only within its grace period.
  if (sess.via_prev && !(sess.prev_valid_until && sess.prev_valid_until > at)) {
    sessionCache.drop(home, hash);
    throw unauthorized('Invalid Request');
  }
  if (at.getTime() - c.seen > idleMs) {
    sessionCache.drop(home, hash);
    await repo.revoke(deps.db, sess.id, at, 'idle');
    throw sessionExpired();
  }
  if (c.limitAt !== null && at.getTime() >= c.limitAt) {
    sessionCache.drop(home, hash);
    // The session-time limit is a protection event like any refusal by a limit (`limits.hit`, decision 059); once per session.
    if (await repo.revoke(deps.db, sess.id, at, 'session_limit'))
      await atomically(deps.db, (sql) =>
        writeAudit(sql, deps.clock, {
          actor: { type: 'user', id: sess.subject_id },
          action: 'limits.hit',
          target: `user:${sess.subject_id}`,
          after: { code: 'session_limit_reached', path: 'session' },
        }),
      );
    throw new AppError(401, 'session_limit_reached', 'Your session time limit has been reached. The session has ended.');
  }
  c.seen = Math.max(c.seen, at.getTime());
  if (at.getTime() - c.written >= TOUCH_EVERY_MS) {
    c.written = at.getTime();
    await repo.touch(deps.db, sess.id, at, new Date(at.getTime() + idleMs));
  }
  const auth: Auth = { audience, sessionId: sess.id, subjectId: sess.subject_id, language: sess.language, twoFactorPending: sess.two_factor_pending };
  if (!sess.via_prev && at.getTime() - sess.rotated_at.getTime() >= deps.config.tokenRotateMs) {
    const next = newToken(deps);
    sessionCache.drop(home, hash);
    if (await repo.rotate(deps.db, sess.id, hash, next.hash, at, new Date(at.getTime() + ROTATE_GRACE_MS))) auth.renewSessionToken = next.token;
  }
  return auth;
}

/** Issues a fresh token for the session now (the refresh call). */
export async function refresh(deps: Deps, auth: Auth, presentedToken: string) {
  const at = deps.clock.now();
  const next = newToken(deps);
  const current = auth.renewSessionToken ? sha256(auth.renewSessionToken) : sha256(presentedToken);
  const ok = await repo.rotate(deps.db, auth.sessionId, current, next.hash, at, new Date(at.getTime() + ROTATE_GRACE_MS));
  if (!ok) throw sessionExpired();
  forgetSessions(deps.db, auth.subjectId);
  return next.token;
}

export async function logout(deps: Deps, auth: Auth) {
  await repo.revoke(deps.db, auth.sessionId, deps.clock.now(), 'logout');
  forgetSessions(deps.db, auth.subjectId);
}

export async function sessionExpiry(deps: Deps, auth: Auth) {
  return (await repo.getSession(deps.db, auth.sessionId)).expires_at;
}

export async function setSessionLanguage(deps: Deps, auth: Auth, language: string) {
  await repo.setLanguage(deps.db, auth.sessionId, language);
  forgetSessions(deps.db, auth.subjectId);
  if (auth.audience !== 'admin') await members.setUserLanguage(deps.db, auth.subjectId, language);
}

export async function listSessions(deps: Deps, audience?: Audience) {
  return repo.listLive(deps.db, deps.clock.now(), audience);
}

/** A member's or agent's sessions, newest first, 20 a page; each says whether it is live now. */
export async function subjectSessions(deps: Deps, subjectId: bigint, skip: number) {
  const now = deps.clock.now();
  const r = await repo.subjectSessions(deps.db, subjectId, skip, 20);
  return { total: r.total, rows: r.rows.map((s) => ({ ...s, live: s.revoked_at === null && s.expires_at > now })) };
}

/**
 * Online means a session seen in the last poll window, not merely one that never logged out
 * (a closed tab's session stays open until idle expiry, an hour later). Every open page pings
 * at least every 180 s (updateSession; the member site's context poll every 5 s) and the
 * last-seen time is written at most once a minute (TOUCH_EVERY_MS), so a live page's session
 * is never seen longer ago than 240 s; a minute more absorbs the timers a hidden tab slows
 * (decision 047).
 */
export const ONLINE_WINDOW_MS = 5 * 60_000;

const onlineSince = (at: Date) => new Date(at.getTime() - ONLINE_WINDOW_MS);

/** Connection state (spec §3): the member or agent has a session seen in the online window. */
export function isOnline(deps: Deps, subjectId: bigint) {
  const at = deps.clock.now();
  return repo.isOnline(deps.db, subjectId, at, onlineSince(at));
}

/** Sessions of every audience seen in the online window: the admin dashboard's "online". */
export function countOnlineSessions(deps: Deps) {
  const at = deps.clock.now();
  return repo.countOnline(deps.db, at, onlineSince(at));
}

/**
 * The sessions of an agent's subtree for its partner screens (spec §2 /pa-accessor: open now;
 * /pa-user-connection: every login with time, IP and device), 20 a page, newest first.
 */
export async function subtreeSessions(deps: Deps, agentId: bigint, f: { online: boolean; search?: string; skip: number }) {
  const at = deps.clock.now();
  const rows = await repo.subtreeSessions(
    deps.db,
    agentId,
    { online: f.online, search: f.search || null, at, seenSince: onlineSince(at) },
    { skip: f.skip, limit: 20 },
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      account: r.account,
      nickname: r.nickname,
      role: r.role,
      ip: r.ip,
      device: r.device,
      country: r.country,
      domain: r.domain,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
      online: r.online,
    })),
  };
}

export async function forceLogout(deps: Deps, actor: Actor, sessionId: bigint) {
  await deps.db.tx(async (sql) => {
    const sess = await repo.getSession(sql, sessionId);
    if (!sess) throw notFound('Session not found.', 'session_not_found');
    await repo.revoke(sql, sessionId, deps.clock.now(), 'forced');
    forgetSessions(sql, sess.subject_id);
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'session.force_logout',
      target: `session:${sessionId}`,
      before: { audience: sess.audience, subject_id: sess.subject_id },
    });
  });
}

export async function getAdminInfo(deps: Deps, id: bigint) {
  const a = await repo.getAdmin(deps.db, id);
  if (!a) throw notFound('Admin not found.', 'admin_not_found');
  return { id: Number(a.id), account: a.account, nickname: a.nickname };
}

export const insertAdmin = repo.insertAdmin;
