import type { MoneyReportGroup, TradeRow } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { localRange } from '../../platform/local-time.ts';
import { counterpartTotals, userHistory, type Asset } from '../ledger/index.ts';
import { getSettings } from '../settings/index.ts';
import * as desk from './agent-repo.ts';

/**
 * The agent money desk's reads (spec §2 /pa-charge-history, /pa-exchange-history,
 * /pa-money-report, /pa-trade-report; decision 032). The agent's own requests go through
 * service.ts with audience 'agent'; this file only reads.
 */

/** The history period: local (KST) days from startedAt to endedAt inclusive, today when absent. */
export async function periodOf(deps: Deps, body?: { startedAt?: string; endedAt?: string }) {
  const s = await getSettings(deps.db);
  if (body?.startedAt && body?.endedAt && body.startedAt > body.endedAt)
    throw badRequest('endedAt: must not be before startedAt', 'endedAt', 'date_range_invalid');
  return localRange(deps.clock.now(), s.timezone_offset_minutes, body?.startedAt, body?.endedAt);
}

type Page = { skip: number; limit: number };
type Filter = { type: 'charge' | 'exchange'; startedAt?: string; endedAt?: string; status?: string };

export async function ownRequests(deps: Deps, agentId: bigint, f: Filter, page: Page) {
  const [from, to] = await periodOf(deps, f);
  return desk.ownRequests(deps.db, agentId, { type: f.type, from, to, status: f.status }, page.skip, page.limit);
}

/**
 * Requests of the agent's subtree (the closure-table join in agent-repo.ts). The agents module
 * serves this call: it owns the tree and checks a named `userId` with assertInSubtree first
 * (agents already reads banking for the member detail, so banking cannot import agents back).
 */
export async function lowerBankRequests(deps: Deps, agentId: bigint, f: Filter & { userId?: bigint; search?: string }, page: Page) {
  const [from, to] = await periodOf(deps, f);
  return desk.lowerRequests(
    deps.db,
    agentId,
    { type: f.type, from, to, status: f.status, userId: f.userId, search: f.search || undefined },
    page.skip,
    page.limit,
  );
}

/** Ledger kinds behind each money-report group (LIKE patterns on ledger_transactions.kind). */
const GROUP_KINDS: Record<MoneyReportGroup, string[]> = {
  lower: ['agent.%', 'casino.agent_%'],
  commission: ['commission.%'],
  charge: ['charge.%'],
  exchange: ['exchange.%'],
  conversion: ['convert.%'],
};

/** The agent's own statement of one asset: the ledger's postings with the balance after each (its running balance). */
export async function moneyReport(
  deps: Deps,
  agentId: bigint,
  f: { startedAt?: string; endedAt?: string; asset: Asset; group?: MoneyReportGroup },
  page: Page,
) {
  const [from, to] = await periodOf(deps, f);
  return userHistory(deps.db, agentId, f.asset, from, to, page.skip, page.limit, f.group ? GROUP_KINDS[f.group] : undefined);
}

/** The trade report's columns by the ledger kind and asset of the sub-account's side (its sign: + received). */
const TRADE_KINDS = ['agent.grant', 'agent.reclaim', 'casino.agent_deposit', 'casino.agent_withdraw'];
type Sums = Omit<TradeRow, 'user_id' | 'account' | 'nickname' | 'role'>;
const MONEY_COLS = ['money_granted', 'money_reclaimed', 'point_granted', 'point_reclaimed', 'casino_in', 'casino_out', 'money_net'] as const;
type MoneyCol = (typeof MONEY_COLS)[number];
type Cols = Record<MoneyCol, bigint> & { count: number };
const COLUMN: Record<string, MoneyCol> = {
  'agent.grant/money': 'money_granted',
  'agent.reclaim/money': 'money_reclaimed',
  'agent.grant/point': 'point_granted',
  'agent.reclaim/point': 'point_reclaimed',
  'casino.agent_deposit/casino': 'casino_in',
  'casino.agent_withdraw/casino': 'casino_out',
};
const zero = (): Cols => ({ ...(Object.fromEntries(MONEY_COLS.map((k) => [k, 0n])) as Record<MoneyCol, bigint>), count: 0 });
const out = (c: Cols): Sums => ({ ...(Object.fromEntries(MONEY_COLS.map((k) => [k, c[k].toString()])) as Record<MoneyCol, string>), count: c.count });

/**
 * Money and points moved between the agent and each sub-account over the period, read from the
 * ledger (the transactions both sides posted in), one row per sub-account by account name, with
 * the totals of every row. Amounts are shown positive in their column.
 */
export async function tradeReport(deps: Deps, agentId: bigint, f: { startedAt?: string; endedAt?: string }, page: Page) {
  const [from, to] = await periodOf(deps, f);
  const byUser = new Map<bigint, Cols>();
  for (const r of await counterpartTotals(deps.db, agentId, TRADE_KINDS, from, to)) {
    const col = COLUMN[`${r.kind}/${r.asset}`];
    if (!col) continue; // the house side of a casino pay-in is not a sub-account
    const id = BigInt(r.user_id);
    const c = byUser.get(id) ?? zero();
    const amount = r.amount < 0n ? -r.amount : r.amount;
    c[col] += amount;
    c.count += r.n;
    byUser.set(id, c);
  }
  const totals = zero();
  for (const c of byUser.values()) {
    c.money_net = c.money_granted - c.money_reclaimed + c.casino_in - c.casino_out;
    for (const k of MONEY_COLS) totals[k] += c[k];
    totals.count += c.count;
  }
  const names = await desk.accountsOf(deps.db, [...byUser.keys()]);
  const rows = names
    .map((n) => ({ user_id: Number(n.id), account: n.account, nickname: n.nickname, role: n.role, ...out(byUser.get(BigInt(n.id))!) }))
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  return { rows: rows.slice(page.skip, page.skip + page.limit), total: rows.length, totals: out(totals) };
}
