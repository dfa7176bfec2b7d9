import type { CasinoHistoryRow, WalletMode } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { afterCommit, homeOf, type Sql } from '../../platform/db.ts';
import type { Job } from '../../platform/jobs.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { localRange } from '../../platform/local-time.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { assertInSubtree } from '../agents/index.ts';
import { betDetail } from '../betting/index.ts';
import { HOUSE, getBalances, postTransaction } from '../ledger/index.ts';
import { assertAllowed, getUser, lockMember } from '../members/index.ts';
import { getSettings, type Settings } from '../settings/index.ts';
import { TIMESTAMP_WINDOW_S } from './signature.ts';
import { VENDORS, findProduct, vendorByCode, vendorByLobby, type ProductType, type VendorAdapter } from './vendors/index.ts';
import * as repo from './repo.ts';

export { signWalletCall } from './signature.ts';

/** A launch token lives this long; each wallet call keeps it from going idle. */
export const SESSION_HOURS = 12;
/** A session without a wallet call for this long is closed (switching: the wallet comes home). */
export const IDLE_MINUTES = 30;

// ---- vendor settings (admin) and what members see

type VendorState = { vendor: VendorAdapter; enabled: boolean; walletMode: WalletMode; skin: number; effective: WalletMode };

/** The global is_seamless switch wins: with it, no vendor can play on a casino balance (§2). */
const effectiveMode = (mode: WalletMode, s: Settings): WalletMode => (s.is_seamless ? 'seamless' : mode);

// The vendor rows rarely change: the wallet's hot path reads them from memory (per database),
// dropped after an admin change commits; a minute's age bounds a change made by another process.
// Only a steer: the session row decides the mode of each call (wallet.ts).
const VENDOR_ROWS_TTL_MS = 60_000;
const vendorRowsCache = new WeakMap<object, { at: number; rows: Map<string, repo.VendorSettingsRow> }>();

async function cachedVendorRows(sql: Sql) {
  const home = homeOf(sql);
  const hit = vendorRowsCache.get(home);
  if (hit && Date.now() - hit.at < VENDOR_ROWS_TTL_MS) return hit.rows;
  const rows = new Map((await repo.vendorSettings(sql)).map((r) => [r.vendor, r]));
  vendorRowsCache.set(home, { at: Date.now(), rows });
  return rows;
}

/** The wallet mode a vendor's new sessions get now (the global is_seamless switch wins). */
export async function vendorWalletMode(sql: Sql, vendor: VendorAdapter): Promise<WalletMode> {
  const s = await getSettings(sql);
  return effectiveMode((await cachedVendorRows(sql)).get(vendor.code)?.wallet_mode ?? vendor.defaults.walletMode, s);
}

async function vendorStates(sql: Sql, s: Settings): Promise<VendorState[]> {
  const rows = new Map((await repo.vendorSettings(sql)).map((r) => [r.vendor, r]));
  return VENDORS.map((v) => {
    const r = rows.get(v.code);
    const walletMode = r?.wallet_mode ?? v.defaults.walletMode;
    return { vendor: v, enabled: r?.enabled ?? v.defaults.enabled, walletMode, skin: r?.skin ?? v.defaults.skin, effective: effectiveMode(walletMode, s) };
  });
}

const typeAllowed = (s: Settings, t: ProductType) => (t === 'slot' ? s.use_slot : s.use_casino);
const productOut = (p: ReturnType<VendorAdapter['products']>[number]) => ({
  code: p.code,
  name: p.name,
  type: p.type,
  thumbnail: p.thumbnail,
  games: p.games.length,
});

/** Vendors and products a member may open (use_casino / use_slot, vendor enabled). */
export async function memberVendors(deps: Deps, type?: ProductType) {
  const s = await getSettings(deps.db);
  const states = await vendorStates(deps.db, s);
  return states
    .filter((v) => v.enabled)
    .map((v) => ({
      code: v.vendor.code,
      lobby_id: v.vendor.lobbyId,
      name: v.vendor.name,
      wallet_mode: v.effective,
      products: v.vendor
        .products()
        .filter((p) => typeAllowed(s, p.type) && (!type || p.type === type))
        .map(productOut),
    }))
    .filter((v) => v.products.length > 0);
}

export async function productGames(deps: Deps, productCode: string, type?: ProductType) {
  const s = await getSettings(deps.db);
  const found = findProduct(productCode);
  if (!found || !typeAllowed(s, found.product.type) || (type && found.product.type !== type)) throw notFound('The game does not exist.', 'casino_game_unknown');
  const state = (await vendorStates(deps.db, s)).find((v) => v.vendor === found.vendor);
  if (!state?.enabled) throw forbidden('This game vendor is not available.', 'casino_vendor_off');
  return { vendor: found.vendor.code, product: productOut(found.product), games: found.product.games };
}

export async function adminVendors(deps: Deps) {
  const s = await getSettings(deps.db);
  return { vendors: (await vendorStates(deps.db, s)).map(vendorRow), is_seamless: s.is_seamless };
}

const vendorRow = (v: VendorState) => ({
  code: v.vendor.code,
  name: v.vendor.name,
  lobby_id: v.vendor.lobbyId,
  enabled: v.enabled,
  wallet_mode: v.walletMode,
  effective_mode: v.effective,
  skin: v.skin,
  skin_levels: v.vendor.skinLevels,
  product_types: [...new Set(v.vendor.products().map((p) => p.type))],
});

export async function updateVendor(deps: Deps, actor: Actor, code: string, patch: { enabled?: boolean; wallet_mode?: WalletMode; skin?: number }) {
  const vendor = vendorByCode(code);
  if (!vendor) throw notFound('The game vendor does not exist.', 'casino_vendor_unknown');
  if (patch.skin !== undefined && patch.skin > vendor.skinLevels)
    throw badRequest(`This vendor has ${vendor.skinLevels} skins.`, 'skin', 'casino_skin_range', { max: vendor.skinLevels });
  return deps.db.tx(async (sql) => {
    const s = await getSettings(sql);
    const before = (await vendorStates(sql, s)).find((v) => v.vendor === vendor)!;
    const next = {
      vendor: code,
      enabled: patch.enabled ?? before.enabled,
      wallet_mode: patch.wallet_mode ?? before.walletMode,
      skin: patch.skin ?? before.skin,
    };
    await repo.upsertVendorSettings(sql, next, deps.clock.now(), `${actor.type}:${actor.id ?? ''}`);
    afterCommit(sql, () => vendorRowsCache.delete(homeOf(sql)));
    await writeAudit(sql, deps.clock, { actor, action: 'casino.vendor.update', target: code, before: vendorRow(before), after: next });
    const after = (await vendorStates(sql, s)).find((v) => v.vendor === vendor)!;
    return vendorRow(after);
  });
}

// ---- launch and sessions

/**
 * Spec §7 getCasinoLobbyUrl: a session token for (member, vendor, game) and the vendor's launch
 * URL. Switching mode first brings home any other switching wallet, then moves the member's whole
 * money into the vendor wallet (the casino balance).
 */
export async function launch(deps: Deps, userId: bigint, language: string, r: { id: number; isMobile: boolean; product?: string; game?: string }) {
  const s = await getSettings(deps.db);
  if (!s.use_casino && !s.use_slot) throw forbidden('Casino is not available.', 'casino_off');
  const vendor = vendorByLobby(r.id);
  if (!vendor) throw notFound('The game vendor does not exist.', 'casino_vendor_unknown');
  const state = (await vendorStates(deps.db, s)).find((v) => v.vendor === vendor)!;
  if (!state.enabled) throw forbidden('This game vendor is not available.', 'casino_vendor_off');
  const products = vendor.products().filter((p) => typeAllowed(s, p.type));
  const product = r.product ? products.find((p) => p.code === r.product) : r.game ? products.find((p) => p.games.some((g) => g.code === r.game)) : products[0];
  if (!product) throw notFound('The game does not exist.', 'casino_game_unknown');
  const game = r.game ? product.games.find((g) => g.code === r.game) : null;
  if (r.game && !game) throw notFound('The game does not exist.', 'casino_game_unknown');
  const token = deps.rng.bytes(24).toString('base64url');
  const now = deps.clock.now();
  await deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    if (state.effective === 'switching') await closeOpen(sql, deps, userId, now, 'switching');
    const sessionId = await repo.insertSession(sql, {
      token,
      user_id: userId,
      vendor: vendor.code,
      product: product.code,
      game: game?.code ?? null,
      wallet_mode: state.effective,
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000),
      last_seen_at: now,
    });
    if (state.effective === 'switching') await switchWallet(sql, deps, userId, 'in', sessionId);
  });
  return { url: vendor.launchUrl({ token, userId, product, game: game ?? null, language, isMobile: r.isMobile }) };
}

/**
 * Moves the member's whole money into the vendor wallet ('in') or the whole vendor wallet back
 * ('out'), both assets through house:casino_vendor so each balances on its own. Runs under the
 * member lock. Returns what moved.
 */
async function switchWallet(sql: Sql, deps: Deps, userId: bigint, way: 'in' | 'out', sessionId: bigint) {
  const [from, to] = way === 'in' ? (['money', 'casino'] as const) : (['casino', 'money'] as const);
  const qty = (await getBalances(sql, userId))[from];
  if (qty <= 0n) return 0n;
  await postTransaction(sql, deps.clock, {
    idempotencyKey: `casino:switch-${way}:${sessionId}`,
    kind: `casino.switch_${way}`,
    reason: { type: 'casino_session', id: sessionId },
    memo: way === 'in' ? '카지노 지갑 이동' : '카지노 지갑 회수',
    postings: [
      { account: { user: userId, asset: from }, amount: -qty },
      { account: { house: HOUSE.casinoVendor, asset: from }, amount: qty },
      { account: { house: HOUSE.casinoVendor, asset: to }, amount: -qty },
      { account: { user: userId, asset: to }, amount: qty },
    ],
  });
  return qty;
}

/** Closes the member's open sessions (of one mode, or all); switching wallets come home. */
async function closeOpen(sql: Sql, deps: Deps, userId: bigint, at: Date, only?: WalletMode, token?: string) {
  const open = (await repo.openSessions(sql, userId)).filter((x) => (!only || x.wallet_mode === only) && (!token || x.token === token));
  if (open.length === 0) return 0n;
  await repo.closeSessions(
    sql,
    open.map((x) => x.id),
    at,
  );
  const switching = open.filter((x) => x.wallet_mode === 'switching');
  return switching.length ? switchWallet(sql, deps, userId, 'out', switching.at(-1)!.id) : 0n;
}

/** The popup left (unload) or the player switched games. A second close answers closed: false. */
export async function closeSession(deps: Deps, userId: bigint, token: string) {
  const session = await repo.sessionByToken(deps.db, token);
  if (!session || session.user_id !== userId) throw notFound('The game session does not exist.', 'casino_session_unknown');
  return deps.db.tx(async (sql) => {
    await lockMember(sql, userId);
    const still = (await repo.openSessions(sql, userId)).some((x) => x.token === token);
    const returned = await closeOpen(sql, deps, userId, deps.clock.now(), undefined, token);
    return { closed: still, returned: returned.toString() };
  });
}

// ---- agent pay-in / pay-out (spec §7)

/**
 * An agent pays into (deposit) or out of (withdraw) the casino balance of a member of its
 * downline, from or to its own held money. Idempotent per agent request id; audited.
 */
export async function agentCasinoMove(
  deps: Deps,
  actor: Actor & { id: bigint },
  direction: 'deposit' | 'withdraw',
  b: { balance: bigint; targetUserId: number; memo?: string; request_id?: string },
) {
  const s = await getSettings(deps.db);
  if (s.is_seamless) throw forbidden('Casino money is not used with the seamless wallet.', 'casino_seamless');
  const target = BigInt(b.targetUserId);
  // Outside the agent's subtree is one answer whatever the id (decision 026); inside, only members.
  await assertInSubtree(deps.db, actor.id, target);
  const member = await getUser(deps.db, target);
  if (!member || member.role !== 'user') throw notFound('The member is not in your downline.', 'member_not_found');
  const requestId = b.request_id ?? null;
  return deps.db.tx(async (sql) => {
    // Member locks in id order: the agent and the member are both members of `users`.
    for (const id of [actor.id, target].sort((x, y) => (x < y ? -1 : 1))) await lockMember(sql, id);
    // The same permission as an agent's money and point grants (decision 029).
    await assertAllowed(sql, actor.id, 'lower_creation');
    if (requestId) {
      const seen = await repo.findAgentMove(sql, actor.id, requestId);
      if (seen) {
        if (seen.direction !== direction || seen.amount !== b.balance || seen.user_id !== target)
          throw new AppError(409, 'idempotency_conflict', 'This request id was already used for a different request.');
        return balancesOf(sql, target);
      }
    }
    const key = `casino:agent:${actor.id}:${requestId ?? deps.rng.bytes(12).toString('hex')}`;
    const agentMoney = { user: actor.id, asset: 'money' } as const;
    const memberCasino = { user: target, asset: 'casino' } as const;
    const sign = direction === 'deposit' ? 1n : -1n;
    await postTransaction(sql, deps.clock, {
      idempotencyKey: key,
      kind: `casino.agent_${direction}`,
      reason: { type: 'casino_agent', id: requestId ?? key },
      memo: b.memo ?? (direction === 'deposit' ? '카지노 머니 지급' : '카지노 머니 회수'),
      postings: [
        { account: agentMoney, amount: -sign * b.balance },
        { account: { house: HOUSE.casinoVendor, asset: 'money' }, amount: sign * b.balance },
        { account: { house: HOUSE.casinoVendor, asset: 'casino' }, amount: -sign * b.balance },
        { account: memberCasino, amount: sign * b.balance },
      ],
    });
    await repo.insertAgentMove(sql, {
      agent_id: actor.id,
      user_id: target,
      direction,
      amount: b.balance,
      memo: b.memo ?? null,
      request_id: requestId ?? key,
      at: deps.clock.now(),
    });
    await writeAudit(sql, deps.clock, {
      actor,
      action: `casino.agent.${direction}`,
      target: String(target),
      after: { amount: b.balance.toString(), memo: b.memo ?? null },
    });
    return balancesOf(sql, target);
  });
}

async function balancesOf(sql: Sql, userId: bigint) {
  const b = await getBalances(sql, userId);
  return { casino: b.casino.toString(), money: b.money.toString() };
}

// ---- history

type HistoryInput = { vendor?: string; game?: string; game_type?: string; startedAt?: string; endedAt?: string; skip: number; account?: string };

export async function history(deps: Deps, who: { userId?: bigint; agentId?: bigint }, f: HistoryInput) {
  const s = await getSettings(deps.db);
  if (f.startedAt && f.endedAt && f.startedAt > f.endedAt) throw badRequest('endedAt: must not be before startedAt', 'endedAt', 'date_range_invalid');
  const [from, to] = localRange(deps.clock.now(), s.timezone_offset_minutes, f.startedAt, f.endedAt);
  const r = await repo.history(
    deps.db,
    { ...who, account: f.account, vendor: f.vendor, game: f.game, gameType: f.game_type, from, to },
    f.skip,
    who.userId !== undefined ? 10 : 20,
  );
  return {
    rows: r.rows.map(historyRow),
    total: r.total,
    totals: { amount: r.amount.toString(), win_amount: r.win.toString(), profit: (r.amount - r.win).toString(), count: r.total },
  };
}

/**
 * /pa-casino-detail: one round of the agent's subtree as history shows it, and the bet it placed.
 * A round of another tree answers like one that does not exist.
 */
export async function agentRound(deps: Deps, agentId: bigint, id: bigint) {
  const r = await repo.historyRow(deps.db, id);
  if (!r || r.user_id === agentId) throw notFound('The round is not in your downline.', 'not_in_subtree');
  await assertInSubtree(deps.db, agentId, r.user_id);
  return { round: historyRow(r), bet: r.bet_id === null ? null : await betDetail(deps, r.user_id, r.bet_id) };
}

const historyRow = (t: repo.HistoryRow): CasinoHistoryRow => ({
  id: Number(t.id),
  user_id: Number(t.user_id),
  account: t.account,
  vendor: t.vendor,
  game: t.game,
  game_type: t.game_type,
  round: t.round,
  wallet: t.wallet,
  amount: t.amount.toString(),
  win_amount: t.win_amount.toString(),
  status: t.status === 'rolled_back' ? 'rolled_back' : t.status === 'settled' ? 'settled' : 'open',
  balance_before: t.balance_before.toString(),
  balance_after: t.balance_after.toString(),
  created_at: t.created_at.toISOString(),
  settled_at: t.settled_at?.toISOString() ?? null,
});

// ---- background work

/** Closes idle sessions (switching wallets come home) and prunes nonces past the timestamp window. */
export async function closeIdleSessions(deps: Deps) {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - IDLE_MINUTES * 60_000);
  let moved = 0;
  for (const userId of await repo.idleSwitchingMembers(deps.db, before, now, 200)) {
    await deps.db.tx(async (sql) => {
      await lockMember(sql, userId);
      const idle = (await repo.openSessions(sql, userId)).filter((x) => x.wallet_mode === 'switching' && (x.last_seen_at < before || x.expires_at < now));
      for (const x of idle) await closeOpen(sql, deps, userId, now, 'switching', x.token);
    });
    moved++;
  }
  await repo.closeIdleOthers(deps.db, before, now);
  await repo.pruneNonces(deps.db, new Date(now.getTime() - 4 * TIMESTAMP_WINDOW_S * 1000));
  return moved;
}

/** The background jobs this module runs in a live server (apps/server/src/jobs.ts). */
export function jobs(deps: Deps): Job[] {
  return [
    {
      name: 'casino.idle-sessions',
      everyMs: 60_000,
      run: async () => {
        await closeIdleSessions(deps);
      },
    },
  ];
}
