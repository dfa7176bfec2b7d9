import { isDeepStrictEqual } from 'node:util';
import { BACCARAT_SPOTS, ERROR_CODES, type BaccaratSpot, type CallData, type CallPath, type calls } from '@wager/contracts';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs.ts';
import { chainHolds, currentCommitment, drawMessage, FAIR_ALGORITHM, streamFor } from './fair-draw.ts';
import { BACCARAT_CHIPS, BACCARAT_SPOT_MAX, BACCARAT_SPOT_MIN, drawBaccarat, drawSlot, SLOT_BET_OPTIONS } from './games.ts';
import { chainAnchor, findRound, findSession, pendingRounds, recentRounds, type RoundRow } from './repo.ts';
import { driveRound, requireSession, runRound, walletBalance } from './rounds.ts';
import { LINE_PAYS, PAYLINES, SCATTER_PAYS, STATED_RTP_PERCENT } from './slot/paytable.ts';

/**
 * The built-in house vendor (issue 10, decision 022): a slot and a baccarat table that reach the
 * operator only through the signed wallet API over HTTP. This module imports no money module.
 */
export { setWalletTransport, type WalletTransport } from './wallet-client.ts';

type Parsed<P extends CallPath> = z.output<NonNullable<(typeof calls)[P]['body']>>;
type SessionBody = Parsed<'/api/house/session'>;
type SpinBody = Parsed<'/api/house/slot/spin'>;
type BaccaratBody = Parsed<'/api/house/baccarat/bet'>;

const gameOf = (code: string) => (code === 'baccarat1' ? 'baccarat' : 'slot');

export async function openSession(deps: Deps, body: SessionBody): Promise<CallData<'/api/house/session'>> {
  const user = BigInt(body.user);
  const session = await requireSession(deps, body.token, user, body.game);
  const balance = await walletBalance(deps, user, body.token, session.currency);
  const game = gameOf(body.game);
  const commitment = await currentCommitment(deps, game, user);
  const history = await recentRounds(deps.db, user, body.game, game === 'baccarat' ? 60 : 20);
  return {
    balance: balance.balance,
    currency: balance.currency || session.currency,
    bet_options: (game === 'slot' ? SLOT_BET_OPTIONS : BACCARAT_CHIPS).map(String),
    stated_rtp: game === 'slot' ? STATED_RTP_PERCENT : null,
    paylines: game === 'slot' ? PAYLINES.map((l) => [...l]) : [],
    paytable: game === 'slot' ? LINE_PAYS.map((p) => [...p]) : [],
    scatter_pays: game === 'slot' ? [...SCATTER_PAYS] : [],
    history: history.map(historyRow),
    commitment: { chain_id: Number(commitment.chainId), anchor: commitment.anchor, next_use: commitment.nextUse },
  };
}

function historyRow(r: RoundRow) {
  const hand = (
    r.result as { hand?: { outcome: 'player' | 'banker' | 'tie'; player_total: number; banker_total: number; player_pair: boolean; banker_pair: boolean } }
  ).hand;
  return {
    round_id: Number(r.id),
    stake: String(r.stake),
    win: String(r.win),
    created_at: r.created_at.toISOString(),
    outcome: hand?.outcome ?? null,
    player_total: hand?.player_total ?? null,
    banker_total: hand?.banker_total ?? null,
    player_pair: hand?.player_pair ?? false,
    banker_pair: hand?.banker_pair ?? false,
  };
}

const fairOf = (r: RoundRow, anchor: string) => ({
  round_id: Number(r.id),
  chain_id: Number(r.chain_id),
  use: r.chain_use,
  anchor,
  seed: r.seed,
  client_seed: r.client_seed,
  message: drawMessage(r.game_code, r.chain_id, r.chain_use, r.client_seed),
  algorithm: FAIR_ALGORITHM,
});

const roundAnswer = async (deps: Deps, r: RoundRow) => ({
  round_id: Number(r.id),
  stake: String(r.stake),
  win: String(r.win),
  balance: String(r.balance ?? 0n),
  fair: fairOf(r, (await chainAnchor(deps.db, r.chain_id)) ?? ''),
});

export async function spinSlot(deps: Deps, body: SpinBody): Promise<CallData<'/api/house/slot/spin'>> {
  const bet = body.bet;
  if (!SLOT_BET_OPTIONS.includes(bet)) throw badRequest('Choose one of the offered bets.', 'bet', ERROR_CODES.houseBetInvalid);
  const round = await runRound(deps, {
    game: 'slot',
    gameCode: body.game,
    token: body.token,
    user: BigInt(body.user),
    requestId: body.request_id,
    clientSeed: body.client_seed,
    bets: { bet: String(bet) },
    stake: bet,
    draw: (src) => drawSlot(src, bet),
  });
  const result = round.result as { spins: CallData<'/api/house/slot/spin'>['spins'] };
  return { ...(await roundAnswer(deps, round)), spins: result.spins };
}

export async function betBaccarat(deps: Deps, body: BaccaratBody): Promise<CallData<'/api/house/baccarat/bet'>> {
  const bets: Partial<Record<BaccaratSpot, bigint>> = {};
  let stake = 0n;
  for (const spot of BACCARAT_SPOTS) {
    const amount = body.bets[spot];
    if (amount === undefined) continue;
    if (amount < BACCARAT_SPOT_MIN || amount > BACCARAT_SPOT_MAX[spot])
      throw badRequest('A spot takes between its minimum and maximum.', `bets.${spot}`, ERROR_CODES.houseBetInvalid);
    bets[spot] = amount;
    stake += amount;
  }
  if (stake === 0n) throw badRequest('Place a chip on a spot first.', 'bets', ERROR_CODES.houseBetInvalid);
  const round = await runRound(deps, {
    game: 'baccarat',
    gameCode: body.table,
    token: body.token,
    user: BigInt(body.user),
    requestId: body.request_id,
    clientSeed: body.client_seed,
    bets: Object.fromEntries(Object.entries(bets).map(([k, v]) => [k, String(v)])),
    stake,
    draw: (src) => drawBaccarat(src, bets),
  });
  const result = round.result as Pick<CallData<'/api/house/baccarat/bet'>, 'hand' | 'returns'>;
  return { ...(await roundAnswer(deps, round)), hand: result.hand, returns: result.returns };
}

/** Public verification: the revealed seed against the chain's anchor, and the draw recomputed from it. */
export async function verifyRound(deps: Deps, roundId: number): Promise<CallData<'/api/house/round/verify'>> {
  const r = await findRound(deps.db, BigInt(roundId));
  if (!r) throw notFound('No such round.', ERROR_CODES.houseRoundNotFound);
  const anchor = (await chainAnchor(deps.db, r.chain_id)) ?? '';
  const fair = fairOf(r, anchor);
  const src = streamFor(r.seed, fair.message);
  const again =
    r.game === 'slot'
      ? drawSlot(src, r.stake)
      : drawBaccarat(src, Object.fromEntries(Object.entries(r.bets).map(([k, v]) => [k, BigInt(v)])) as Partial<Record<BaccaratSpot, bigint>>);
  const resultOk = again.win === r.win && isDeepStrictEqual(JSON.parse(JSON.stringify(again.result)), r.result);
  return {
    game: r.game,
    game_code: r.game_code,
    status: r.status,
    fair,
    chain_ok: chainHolds(r.seed, r.chain_use, anchor),
    result_ok: resultOk,
    result: r.result,
  };
}

/** Delivers wins (and rollbacks) that did not reach the wallet while the player waited. */
export async function retryPendingRounds(deps: Deps) {
  const rounds = await pendingRounds(deps.db, new Date(deps.clock.now().getTime() - 30_000), 50);
  for (const r of rounds) {
    const session = await findSession(deps.db, r.token);
    await driveRound(deps, r, session?.currency ?? 'KRW', 'job');
  }
}

export function jobs(deps: Deps): Job[] {
  return [{ name: 'house-vendor-retry', everyMs: 15_000, run: () => retryPendingRounds(deps) }];
}
