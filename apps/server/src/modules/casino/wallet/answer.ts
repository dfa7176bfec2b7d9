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

/** Ends the money transaction early: the answer was decided (rolled back with it). */
export class Answered extends Error {
  constructor(readonly status: WalletStatus) {
    super(status);
  }
}
/** The call's transaction id was taken by a concurrent call: decide again from what is stored. */
export class Taken extends Error {}
/** The hot path met something other than the common case: rolled back, the careful path decides. */
export class Miss extends Error {}
