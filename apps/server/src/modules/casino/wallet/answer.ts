import { AppError } from '../../../platform/errors.ts';

/** The seamless wallet protocol's methods, statuses and answer (decision 021). */
export const WALLET_METHODS = ['balance', 'bet', 'win', 'rollback'] as const;
export type WalletMethod = (typeof WALLET_METHODS)[number];
export type WalletStatus =
  | 'RS_OK'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_UNKNOWN_USER'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_TRANSACTION_ROLLED_BACK'
  | 'RS_ERROR_LIMIT_REACHED'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_UNKNOWN';
export type WalletAnswer = { status: WalletStatus; request_uuid: string; user: string; currency: string; balance: string };

/**
 * What a path decided, as a value (no exception between the paths):
 * - `answer`: done, and stored (the wallet row and the call log went with the money);
 * - `refused`: nothing moved; the entry stores the call with this status and `balance` (the
 *   call's wallet as it stands now when absent);
 * - `taken`: a concurrent call took the transaction id, everything of this attempt rolled back;
 *   the entry decides again from what is stored;
 * - `miss` (fast paths only): not the common case, nothing written; the careful path decides.
 */
export type Answered = { kind: 'answer'; answer: WalletAnswer };
export type Refused = { kind: 'refused'; status: WalletStatus; balance?: bigint };
export type Taken = { kind: 'taken' };
export type Miss = { kind: 'miss' };
export type FastOutcome = Answered | Miss;
export type CarefulOutcome = Answered | Refused | Taken;

export const answered = (answer: WalletAnswer): Answered => ({ kind: 'answer', answer });
export const refused = (status: WalletStatus, balance?: bigint): Refused => ({ kind: 'refused', status, balance });
export const TAKEN: Taken = { kind: 'taken' };
export const MISS: Miss = { kind: 'miss' };
export const isMiss = (x: unknown): x is Miss => x === MISS;

/**
 * The one mapping of the ledger's and betting's refusals (`AppError`) to wallet statuses; null
 * for anything else, which is a fault and stays thrown. A fast path never maps: any refusal
 * there sends the call to the careful path, which answers it.
 */
export function statusOfError(e: unknown): WalletStatus | null {
  if (!(e instanceof AppError)) return null;
  if (e.code === 'insufficient_funds') return 'RS_ERROR_NOT_ENOUGH_MONEY';
  if (e.code === 'idempotency_conflict') return 'RS_ERROR_DUPLICATE_TRANSACTION';
  if (e.status < 500) return 'RS_ERROR_LIMIT_REACHED';
  return null;
}
