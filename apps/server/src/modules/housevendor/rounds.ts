import { ERROR_CODES } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, conflict, forbidden } from '../../platform/errors.ts';
import { drawMessage, streamFor, takeSeed } from './fair-draw.ts';
import type { Draw } from './games.ts';
import type { IntSource } from './int-source.ts';
import { countAttempt, findRoundByRequest, findSession, insertRound, moveRound, saveSession, type HouseGame, type RoundRow, type SessionRow } from './repo.ts';
import { callWallet, type WalletAnswer, type WalletResult } from './wallet-client.ts';

/**
 * A paid round against the operator's wallet (decision 022):
 *   1. draw: the next chain seed, the result, the round row — one short transaction, no wallet
 *      call inside it (the wallet is another service; on PGlite it even shares the one connection);
 *   2. `bet` for the stake. Refused → the round is `refused` and the player sees why. No answer
 *      (transport failure, RS_ERROR_UNKNOWN) → `rollback` of that bet at once (the protocol's
 *      tombstone makes a late-arriving bet harmless), the round is `rolled_back`;
 *   3. `win` for the whole payout (0 on a loss), retried a few times; still unanswered → the round
 *      stays `bet_placed` and the retry job delivers it (same transaction id: the wallet replays).
 * A replay of the page's request id resumes the same round and never draws twice.
 */

const DEFAULT_CURRENCY = 'KRW';
const WIN_TRIES = 3;
const ROLLBACK_TRIES = 3;
const SESSION_REFUSALS = new Set(['RS_ERROR_INVALID_TOKEN', 'RS_ERROR_TOKEN_EXPIRED', 'RS_ERROR_UNKNOWN_USER', 'RS_ERROR_INVALID_SIGNATURE']);

export const txId = (roundId: bigint, kind: 'bet' | 'win' | 'rollback') => `house-${roundId}-${kind}`;
export const roundRef = (roundId: bigint) => `house-${roundId}`;

export const walletUnavailable = () => new AppError(503, ERROR_CODES.houseWalletUnavailable, 'The wallet could not be reached; the bet was cancelled.');

/** The player-facing error for a wallet refusal. */
export function refusalError(status: string, balance: string | null): AppError {
  if (SESSION_REFUSALS.has(status)) return forbidden('The game session is invalid or has expired.', ERROR_CODES.houseSessionInvalid);
  if (status === 'RS_ERROR_NOT_ENOUGH_MONEY') return conflict('Insufficient balance.', ERROR_CODES.houseNotEnoughMoney, { amount: balance ?? '0' });
  if (status === 'RS_ERROR_LIMIT_REACHED') return conflict('Betting limit reached.', ERROR_CODES.houseLimitReached);
  return conflict(`The wallet refused the bet (${status}).`, ERROR_CODES.houseBetRefused, { status });
}

/** Asks the wallet for the balance; learns the wallet's currency from a wrong-currency answer. */
export async function walletBalance(deps: Deps, user: bigint, token: string, currency = DEFAULT_CURRENCY): Promise<WalletAnswer> {
  let res = await callWallet(deps, 'balance', { user: String(user), token, currency }, null);
  if (res.ok && res.answer.status === 'RS_ERROR_WRONG_CURRENCY' && res.answer.currency && res.answer.currency !== currency) {
    res = await callWallet(deps, 'balance', { user: String(user), token, currency: res.answer.currency }, null);
  }
  if (!res.ok) throw walletUnavailable();
  if (res.answer.status !== 'RS_OK') throw refusalError(res.answer.status, res.answer.balance);
  return res.answer;
}

/** The token's confirmed session; the first use asks the wallet (and remembers user and currency). */
export async function requireSession(deps: Deps, token: string, user: bigint, gameCode: string): Promise<SessionRow> {
  const known = await findSession(deps.db, token);
  if (known) {
    if (known.user_id !== user) throw refusalError('RS_ERROR_INVALID_TOKEN', null);
    return known;
  }
  const answer = await walletBalance(deps, user, token);
  const session = { token, user_id: user, game_code: gameCode, currency: answer.currency || DEFAULT_CURRENCY };
  await saveSession(deps.db, session, deps.clock.now());
  return session;
}

export type RoundInput = {
  game: HouseGame;
  gameCode: string;
  token: string;
  user: bigint;
  requestId: string;
  clientSeed: string;
  bets: Record<string, string>;
  stake: bigint;
  draw: (src: IntSource) => Draw;
};

class RequestRace extends Error {}

const sameRequest = (r: RoundRow, i: RoundInput) =>
  r.user_id === i.user &&
  r.game_code === i.gameCode &&
  r.stake === i.stake &&
  r.client_seed === i.clientSeed &&
  JSON.stringify(sortKeys(r.bets)) === JSON.stringify(sortKeys(i.bets));
const sortKeys = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** Draws (or finds) the round of this request and drives it through the wallet. */
export async function runRound(deps: Deps, input: RoundInput): Promise<RoundRow> {
  const session = await requireSession(deps, input.token, input.user, input.gameCode);
  let round = await findRoundByRequest(deps.db, input.token, input.requestId);
  if (!round) {
    round = await deps.db
      .tx(async (sql) => {
        const fair = await takeSeed(deps, sql, input.game, input.user);
        const drawn = input.draw(streamFor(fair.seed, drawMessage(input.gameCode, fair.chainId, fair.use, input.clientSeed)));
        const row = await insertRound(
          sql,
          {
            game: input.game,
            game_code: input.gameCode,
            user_id: input.user,
            token: input.token,
            request_id: input.requestId,
            chain_id: fair.chainId,
            chain_use: fair.use,
            seed: fair.seed,
            client_seed: input.clientSeed,
            bets: input.bets,
            stake: input.stake,
            win: drawn.win,
            result: drawn.result,
          },
          deps.clock.now(),
        );
        // A concurrent replay inserted it first: undo the seed use, resume theirs.
        if (!row) throw new RequestRace();
        return row;
      })
      .catch((e: unknown) => {
        if (e instanceof RequestRace) return null;
        throw e;
      });
    round ??= await findRoundByRequest(deps.db, input.token, input.requestId);
    if (!round) throw walletUnavailable();
  }
  if (!sameRequest(round, input)) throw conflict('Another bet was made with this request id.', ERROR_CODES.houseRequestConflict);
  return driveRound(deps, round, session.currency, 'player');
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function tryCall(tries: number, call: () => Promise<WalletResult>): Promise<WalletResult> {
  let res = await call();
  for (let i = 1; i < tries && (!res.ok || res.answer.status === 'RS_ERROR_UNKNOWN'); i++) {
    await delay(50 * i);
    res = await call();
  }
  return res;
}

/**
 * Moves a round as far as the wallet lets it. `player`: the page waits (a drawn round places its
 * bet); `job`: the player has gone, so a round still `drawn` is rolled back rather than bet.
 */
export async function driveRound(deps: Deps, round: RoundRow, currency: string, by: 'player' | 'job'): Promise<RoundRow> {
  const common = { user: String(round.user_id), token: round.token, round: roundRef(round.id), game_code: round.game_code, currency };
  let r = round;
  if (r.status === 'drawn' && by === 'player') {
    const bet = await callWallet(deps, 'bet', { ...common, transaction_uuid: txId(r.id, 'bet'), amount: String(r.stake) }, r.id);
    if (bet.ok && bet.answer.status === 'RS_OK') {
      r = await advance(deps, r, 'bet_placed', bet.answer);
    } else if (bet.ok && bet.answer.status !== 'RS_ERROR_UNKNOWN') {
      await advance(deps, r, 'refused', bet.answer);
      throw refusalError(bet.answer.status, bet.answer.balance);
    } else {
      await rollBack(deps, r, common);
      throw walletUnavailable();
    }
  }
  if (r.status === 'drawn') {
    await rollBack(deps, r, common);
    return r;
  }
  if (r.status === 'bet_placed') {
    const win = await tryCall(WIN_TRIES, () =>
      callWallet(deps, 'win', { ...common, transaction_uuid: txId(r.id, 'win'), reference_transaction_uuid: txId(r.id, 'bet'), amount: String(r.win) }, r.id),
    );
    if (win.ok && win.answer.status === 'RS_OK') return advance(deps, r, 'settled', win.answer);
    if (win.ok && win.answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') return advance(deps, r, 'rolled_back', win.answer);
    await countAttempt(deps.db, r.id, win.ok ? win.answer.status : null);
    return r;
  }
  if (r.status === 'refused' && by === 'player') throw refusalError(r.wallet_status ?? 'RS_ERROR_UNKNOWN', r.balance === null ? null : String(r.balance));
  if (r.status === 'rolled_back' && by === 'player') throw walletUnavailable();
  return r;
}

async function advance(deps: Deps, r: RoundRow, to: RoundRow['status'], answer: WalletAnswer): Promise<RoundRow> {
  const balance = /^-?\d+$/.test(answer.balance) ? BigInt(answer.balance) : null;
  await moveRound(deps.db, r.id, r.status, to, { walletStatus: answer.status, balance, at: deps.clock.now() });
  return { ...r, status: to, wallet_status: answer.status, balance: balance ?? r.balance };
}

/** Undoes a bet whose fate is unknown; a rollback the wallet answers at all ends the round. */
async function rollBack(deps: Deps, r: RoundRow, common: Record<string, string>) {
  const res = await tryCall(ROLLBACK_TRIES, () =>
    callWallet(deps, 'rollback', { ...common, transaction_uuid: txId(r.id, 'rollback'), reference_transaction_uuid: txId(r.id, 'bet') }, r.id),
  );
  if (res.ok && res.answer.status === 'RS_OK') await advance(deps, r, 'rolled_back', res.answer);
  else await countAttempt(deps.db, r.id, res.ok ? res.answer.status : null);
}
