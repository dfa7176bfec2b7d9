import type { CallBody, LedgerLine, MemberDetail, SessionLine } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { localRange } from '../../platform/local-time.ts';
import { isOnline, subjectSessions } from '../auth/index.ts';
import { lastPaidCharge, memberBankLogs, toBankRequest } from '../banking/index.ts';
import { subtreeBets } from '../betting/index.ts';
import { getBalances, userHistory } from '../ledger/index.ts';
import { excludedMembers } from '../responsible/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './detail-repo.ts';
import { shapePage } from './page-shape.ts';
import { assertInSubtree } from './tree.ts';

// An agent's reads of one member or agent of its subtree (spec §2 /pa-user-detail, issue 18,
// decision 034), and the admin's of any account (spec §2 member detail, issue 19, decision 037):
// one read per tab, two scopes. Each starts with `inScope`: for an agent, assertInSubtree, so an
// id outside the subtree answers the same 404 whether it exists or not (the agent itself is in
// its own subtree: the header's detail view); for the admin ('site'), the account must exist.
// The reads are the owning modules' own (ledger, betting, banking, auth), given the member's id.

/** Whose reads: an agent's (its id: its subtree) or the admin's (the whole site). */
export type DetailScope = bigint | 'site';

async function inScope(deps: Deps, scope: DetailScope, userId: bigint) {
  if (scope !== 'site') return assertInSubtree(deps.db, scope, userId);
  if (!(await repo.exists(deps.db, userId))) throw notFound('Member not found.', 'member_not_found');
}

const PAGE = 20;

/** The day range in the operator's time zone (today when absent), refused when it runs backwards. */
async function dayRange(deps: Deps, f: { startedAt?: string; endedAt?: string }) {
  if (f.startedAt && f.endedAt && f.startedAt > f.endedAt) throw badRequest('endedAt: must not be before startedAt', 'endedAt', 'date_range_invalid');
  const s = await getSettings(deps.db);
  return localRange(deps.clock.now(), s.timezone_offset_minutes, f.startedAt, f.endedAt);
}

/** Spec §3 "Member or agent": profile, balances, connection state, last paid charge and rates. */
export async function memberDetail(deps: Deps, scope: DetailScope, userId: bigint): Promise<MemberDetail> {
  await inScope(deps, scope, userId);
  const [u, bal, online, charge, excluded] = await Promise.all([
    repo.profile(deps.db, userId),
    getBalances(deps.db, userId),
    isOnline(deps, userId),
    lastPaidCharge(deps, userId),
    excludedMembers(deps.db, [userId], deps.clock.now()),
  ]);
  const rates = u.rolling_json ?? {};
  const rateSum = Object.values(rates).reduce<number>((sum, v) => sum + (Number(v) || 0), 0);
  return {
    id: Number(u.id),
    excluded: excluded.has(userId),
    account: u.account,
    nickname: u.nickname,
    name: u.name,
    phone: u.phone,
    referral_code: u.referral_code,
    parent_account: u.parent_account,
    role: u.role,
    level: u.level,
    status: u.status as MemberDetail['status'],
    money: bal.money.toString(),
    point: bal.point.toString(),
    egg: bal.egg.toString(),
    casino: bal.casino.toString(),
    bank_name: u.bank_name,
    bank_account: u.bank_account,
    bank_holder: u.bank_holder,
    has_exchange_password: u.has_exchange_password,
    nickname_color: u.nickname_color,
    ip: u.last_ip,
    join_ip: u.join_ip,
    device: u.last_device,
    country: u.country,
    domain: u.domain,
    online,
    birth_date: u.birth_date,
    visit_count: u.visit_count,
    created_at: u.created_at.toISOString(),
    last_login_at: u.last_login_at?.toISOString() ?? null,
    last_activity_at: u.last_activity_at?.toISOString() ?? null,
    last_charge_at: charge?.created_at.toISOString() ?? null,
    rates,
    // Rates are percentages with at most a few decimals; two places keep 0.1 + 0.2 from showing its float error.
    rate_sum: rateSum.toFixed(2),
  };
}

/** The member's postings on one asset (the ledger's own statement read), newest first. */
export async function memberLedger(deps: Deps, scope: DetailScope, b: CallBody<'/api/agent/user/detail/ledger'>) {
  const userId = BigInt(b.user_id);
  await inScope(deps, scope, userId);
  const [from, to] = await dayRange(deps, b);
  return shapePage(await userHistory(deps.db, userId, b.asset ?? 'money', from, to, b.skip ?? 0, PAGE), toLedgerLine);
}

type Posting = Awaited<ReturnType<typeof userHistory>>['rows'][number];
const toLedgerLine = (p: Posting): LedgerLine => ({
  id: Number(p.id),
  kind: p.kind,
  memo: p.memo,
  amount: p.amount.toString(),
  balance_before: p.balance_before.toString(),
  balance_after: p.balance_after.toString(),
  created_at: p.created_at.toISOString(),
});

/** The member's sports or mini-game bets: betting's history read, for this one member of the subtree. */
export async function memberBets(deps: Deps, scope: DetailScope, b: CallBody<'/api/agent/user/detail/bets'>) {
  const userId = BigInt(b.user_id);
  await inScope(deps, scope, userId);
  return subtreeBets(deps, { userId }, { gameType: b.game_type, status: b.status, startedAt: b.startedAt, endedAt: b.endedAt, skip: b.skip ?? 0 });
}

/** The member's charge or exchange requests: banking's own read of its requests. */
export async function memberBank(deps: Deps, scope: DetailScope, b: CallBody<'/api/agent/user/detail/bank'>) {
  const userId = BigInt(b.user_id);
  await inScope(deps, scope, userId);
  const [from, to] = await dayRange(deps, b);
  return shapePage(await memberBankLogs(deps, userId, b.type, from, to, b.skip ?? 0), toBankRequest);
}

/** The member's sessions (auth's read), newest first. */
export async function memberSessions(deps: Deps, scope: DetailScope, b: CallBody<'/api/agent/user/detail/sessions'>) {
  const userId = BigInt(b.user_id);
  await inScope(deps, scope, userId);
  return shapePage(await subjectSessions(deps, userId, b.skip ?? 0), toSessionLine);
}

type Session = Awaited<ReturnType<typeof subjectSessions>>['rows'][number];
const toSessionLine = (s: Session): SessionLine => ({
  id: Number(s.id),
  ip: s.ip,
  device: s.device,
  country: s.country,
  domain: s.domain,
  created_at: s.created_at.toISOString(),
  last_seen_at: s.last_seen_at.toISOString(),
  live: s.live,
  revoked_reason: s.revoked_reason,
});
