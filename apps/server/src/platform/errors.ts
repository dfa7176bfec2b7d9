import { ERROR_CODES } from '@wager/contracts';

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | string;

/** The one application error. `code` is also the web's i18n key; `message` is plain text. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** With code 'validation': the failed rule and its bounds, for the web to translate. */
    readonly details?: { rule: string; params: Record<string, string | number> },
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string, code: ErrorCode = ERROR_CODES.badRequest) =>
  new AppError(400, code, message, field);
export const unauthorized = (message = 'Login required.') => new AppError(401, ERROR_CODES.unauthorized, message);
export const sessionExpired = () => new AppError(401, ERROR_CODES.sessionExpired, 'Session expired, please log in again.');
export const forbidden = (message = 'This page is not accessible.', code: ErrorCode = ERROR_CODES.forbidden) =>
  new AppError(403, code, message);
export const notFound = (message = 'The page you requested could not be found.') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.conflict) => new AppError(409, code, message);
export const insufficientFunds = (message = 'Insufficient balance.') => new AppError(409, ERROR_CODES.insufficientFunds, message);
export const tooMany = (message = 'Too many attempts. Please try again later.') => new AppError(429, ERROR_CODES.rateLimited, message);
