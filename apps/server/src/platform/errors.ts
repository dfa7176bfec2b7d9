import { ERROR_CODES } from '@wager/contracts';

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | string;
/** Values an error's translated text fills in: amounts as decimal strings, counts as numbers. */
export type ErrorParams = Record<string, string | number>;
const withParams = (params?: ErrorParams) => (params ? { params } : undefined);

/** The one application error. `code` is also the web's i18n key; `message` is plain text. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /**
     * With code 'validation': the failed rule and its bounds; with any other code: the numbers and
     * names its text needs (amounts as decimal strings), so the web words it in the reader's language.
     */
    readonly details?: { rule?: string; params: ErrorParams },
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string, code: ErrorCode = ERROR_CODES.badRequest, params?: ErrorParams) =>
  new AppError(400, code, message, field, withParams(params));
export const unauthorized = (message = 'Login required.') => new AppError(401, ERROR_CODES.unauthorized, message);
export const sessionExpired = () => new AppError(401, ERROR_CODES.sessionExpired, 'Session expired, please log in again.');
export const forbidden = (message = 'This page is not accessible.', code: ErrorCode = ERROR_CODES.forbidden, params?: ErrorParams) =>
  new AppError(403, code, message, undefined, withParams(params));
export const notFound = (message = 'The page you requested could not be found.', code: ErrorCode = ERROR_CODES.notFound) => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict, params?: ErrorParams) =>
  new AppError(409, code, message, undefined, withParams(params));
export const insufficientFunds = (message = 'Insufficient balance.') => new AppError(409, ERROR_CODES.insufficientFunds, message);
export const tooMany = (message = 'Too many attempts. Please try again later.', code: ErrorCode = ERROR_CODES.rateLimited, params?: ErrorParams) =>
  new AppError(429, code, message, undefined, withParams(params));
