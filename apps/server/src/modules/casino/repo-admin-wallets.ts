import { definePart } from '../ledger/index.ts';
import type { Sql } from '../../platform/db.ts';

/**
 * SQL of the admin egg and casino-money screen. A member has one casino balance (ledger asset
 * `casino`); it sits at the vendor of the member's latest transfer or switching session, or at no
 * vendor when the member converted money but never played on a casino balance.
 */
const LOCATION = `LEFT JOIN LATERAL (
    SELECT s.vendor, s.wallet_mode, s.closed_at IS NULL AS open FROM casino_sessions s
    WHERE s.user_id = u.id AND s.wallet_mode <> 'seamless' ORDER BY s.id DESC LIMIT 1) loc ON true`;
const balance = (alias: string, asset: 'money' | 'egg' | 'casino') =>
  `LEFT JOIN ledger_accounts ${alias} ON ${alias}.owner_type = 'user' AND ${alias}.owner_id = u.id AND ${alias}.asset = '${asset}'`;
const BALANCES = `${balance('m', 'money')} ${balance('e', 'egg')} ${balance('c', 'casino')}`;

export type WalletTab = 'all' | 'egg' | 'vendor' | 'unplaced';
export type WalletFilter = { tab: WalletTab; vendor?: string; search?: string };

export type WalletRow = {
  id: bigint;
  account: string;
  nickname: string;
  level: number;
  status: string;
  money: bigint;
  egg: bigint;
  casino: bigint;
  vendor: string | null;
  wallet_mode: 'transfer' | 'switching' | null;
  session_open: boolean | null;
};

function walletWhere(f: WalletFilter) {
  const params: unknown[] = [f.search ?? null];
  const where = [`u.role = 'user'`, `($1::text IS NULL OR u.account ILIKE '%' || $1 || '%' OR u.nickname ILIKE '%' || $1 || '%')`];
  if (f.tab === 'egg') where.push('coalesce(e.balance, 0) > 0');
  if (f.tab === 'unplaced') where.push('coalesce(c.balance, 0) > 0 AND loc.vendor IS NULL');
  if (f.tab === 'vendor') {
    params.push(f.vendor);
    where.push(`coalesce(c.balance, 0) > 0 AND loc.vendor = $${params.length}`);
  }
  return { where: where.join(' AND '), params };
}

const ORDER: Record<WalletTab, string> = {
  all: 'u.id DESC',
  egg: 'coalesce(e.balance, 0) DESC, u.id DESC',
  vendor: 'coalesce(c.balance, 0) DESC, u.id DESC',
  unplaced: 'coalesce(c.balance, 0) DESC, u.id DESC',
};

/** One page of players with their money, eggs, casino money and where it sits, and the filter's count. */
export async function walletPage(sql: Sql, f: WalletFilter, skip: number, limit: number) {
  const { where, params } = walletWhere(f);
  const rows = await sql.query<WalletRow>(
    `SELECT u.id, u.account, u.nickname, u.level, u.status,
       coalesce(m.balance, 0) AS money, coalesce(e.balance, 0) AS egg, coalesce(c.balance, 0) AS casino,
       loc.vendor, loc.wallet_mode, loc.open AS session_open
     FROM users u ${BALANCES} ${LOCATION}
     WHERE ${where} ORDER BY ${ORDER[f.tab]} LIMIT ${limit} OFFSET ${skip}`,
    params,
  );
  // The location is only needed to count the tabs that filter on it.
  const located = f.tab === 'vendor' || f.tab === 'unplaced';
  const count = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u ${f.tab === 'all' ? '' : balance('e', 'egg')} ${located ? `${balance('c', 'casino')} ${LOCATION}` : ''} WHERE ${where}`,
    params,
  );
  return { rows: rows.rows, total: count.rows[0].n };
}

/** Totals over every player: members, money, eggs, casino money, and casino money per location. */
export async function walletTotals(sql: Sql) {
  const all = await sql.query<{ members: number; money: bigint; egg: bigint; egg_members: number; casino: bigint }>(
    `SELECT count(*)::int AS members, coalesce(sum(m.balance), 0)::int8 AS money, coalesce(sum(e.balance), 0)::int8 AS egg,
       (count(*) FILTER (WHERE e.balance > 0))::int AS egg_members, coalesce(sum(c.balance), 0)::int8 AS casino
     FROM users u ${BALANCES} WHERE u.role = 'user'`,
  );
  const placed = await sql.query<{ vendor: string | null; members: number; casino: bigint }>(
    `SELECT loc.vendor, count(*)::int AS members, sum(c.balance)::int8 AS casino
     FROM ledger_accounts c JOIN users u ON u.id = c.owner_id AND u.role = 'user' ${LOCATION}
     WHERE c.owner_type = 'user' AND c.asset = 'casino' AND c.balance > 0 GROUP BY loc.vendor`,
  );
  return { ...all.rows[0], placed: placed.rows };
}

/** Where the member's casino money sits and how much there is (read under the member lock). */
export async function casinoAt(sql: Sql, userId: bigint) {
  const r = await sql.query<{ vendor: string | null; casino: bigint }>(
    `SELECT loc.vendor, coalesce(c.balance, 0) AS casino FROM users u ${balance('c', 'casino')} ${LOCATION} WHERE u.id = $1`,
    [userId],
  );
  return r.rows[0] ?? { vendor: null, casino: 0n };
}

/**
 * The ledger guard of a retrieval (folded into the posting's statement): the casino money must
 * sit at `vendor` (null: at no vendor) and be at least `amount`. When it says no, nothing is
 * written, and a replay of the same request is still recognised by its key.
 */
const holds = definePart(
  'casino_admin_holds',
  `SELECT (loc.vendor IS NOT DISTINCT FROM :vendor::text AND coalesce(c.balance, 0) >= :amount::int8) AS ok
   FROM users u ${balance('c', 'casino')} ${LOCATION} WHERE u.id = :user_id::int8`,
);
export const holdsGuard = (userId: bigint, vendor: string | null, amount: bigint) => holds({ user_id: userId, vendor, amount });
