import type { CallData } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { HOUSE, postTransaction } from '../ledger/index.ts';
import { getUser, lockMember } from '../members/index.ts';
import { adminVendors } from './service.ts';
import { vendorByCode } from './vendors/index.ts';
import * as repo from './repo-admin-wallets.ts';

type ListAnswer = CallData<'/api/admin/casino/wallets/list'>;

const PER_PAGE = 20;

/**
 * Spec §2 admin "egg and casino-money management by solution": players with held money, eggs
 * and casino money (and the vendor it sits at), filtered by tab and search, with totals over
 * every player per solution.
 */
export async function walletList(deps: Deps, f: repo.WalletFilter & { skip: number }): Promise<ListAnswer> {
  if (f.tab === 'vendor' && !(f.vendor && vendorByCode(f.vendor))) throw notFound('The game vendor does not exist.', 'casino_vendor_unknown');
  const page = await repo.walletPage(deps.db, f, f.skip, PER_PAGE);
  const totals = await repo.walletTotals(deps.db);
  const { vendors } = await adminVendors(deps);
  const at = new Map(totals.placed.map((p) => [p.vendor, p]));
  return {
    rows: page.rows.map((r) => ({
      id: Number(r.id),
      account: r.account,
      nickname: r.nickname,
      level: r.level,
      status: r.status,
      money: r.money.toString(),
      egg: r.egg.toString(),
      casino: r.casino.toString(),
      vendor: r.vendor,
      wallet_mode: r.wallet_mode,
      session_open: r.session_open === true,
    })),
    total: page.total,
    totals: {
      members: totals.members,
      money: totals.money.toString(),
      egg: totals.egg.toString(),
      egg_members: totals.egg_members,
      casino: totals.casino.toString(),
      unplaced: { members: at.get(null)?.members ?? 0, casino: (at.get(null)?.casino ?? 0n).toString() },
      solutions: vendors.map((v) => ({
        code: v.code,
        name: v.name,
        wallet_mode: v.effective_mode,
        members: at.get(v.code)?.members ?? 0,
        casino: (at.get(v.code)?.casino ?? 0n).toString(),
      })),
    },
  };
}

/**
 * Takes exactly `amount` of a member's casino money back from `vendor` into held money, under the
 * member lock (a launch or a bet cannot move it between the check and the posting). Refused when
 * the money is not at that vendor or is less than the amount; the same request id moves it once.
 * Allowed under the global seamless switch too: it only brings money home. An open switching
 * session stays open; the vendor simply sees the smaller balance.
 */
export async function retrieveCasino(
  deps: Deps,
  actor: Actor,
  b: { user_id: number; vendor: string | null; amount: bigint; memo?: string; request_id: string },
): Promise<CallData<'/api/admin/casino/wallets/retrieve'>> {
  const userId = BigInt(b.user_id);
  if (b.vendor !== null && !vendorByCode(b.vendor)) throw notFound('The game vendor does not exist.', 'casino_vendor_unknown');
  const member = await getUser(deps.db, userId);
  if (!member || member.role !== 'user') throw notFound('Member not found.', 'member_not_found');
  return deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    const r = await postTransaction(
      sql,
      deps.clock,
      {
        // Scoped to the admin, like a balance grant: another admin's id never collides.
        idempotencyKey: `casino:admin-retrieve:${actor.type}:${actor.id ?? ''}:${b.request_id}`,
        kind: 'casino.admin_retrieve',
        reason: { type: 'user', id: userId },
        memo: b.memo || undefined,
        postings: [
          { account: { user: userId, asset: 'casino' }, amount: -b.amount },
          { account: { house: HOUSE.casinoVendor, asset: 'casino' }, amount: b.amount },
          { account: { house: HOUSE.casinoVendor, asset: 'money' }, amount: -b.amount },
          { account: { user: userId, asset: 'money' }, amount: b.amount },
        ],
      },
      undefined,
      repo.holdsGuard(userId, b.vendor, b.amount),
    );
    if (r.guarded) {
      const now = await repo.casinoAt(sql, userId);
      const held = now.vendor === b.vendor ? now.casino : 0n;
      throw conflict('The vendor holds less casino money than that.', 'casino_vendor_short', { amount: held.toString(), vendor: b.vendor ?? '' });
    }
    if (!r.replayed)
      await writeAudit(sql, deps.clock, {
        actor,
        action: 'casino.admin.retrieve',
        target: `user:${userId}`,
        after: { vendor: b.vendor, amount: b.amount.toString(), memo: b.memo ?? null, transaction_id: r.transactionId.toString() },
      });
    return {
      transaction_id: Number(r.transactionId),
      money: (r.balances.get(`${userId}:money`) ?? 0n).toString(),
      casino: (r.balances.get(`${userId}:casino`) ?? 0n).toString(),
    };
  });
}
