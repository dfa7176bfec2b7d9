import type { ApiAnswer, ApiError, CallBody, CallData, CallPath } from '@wager/contracts';
// The entry chunk takes only zod-free constants; each tree loads the schemas it uses (decision 013).
import { ERROR_CODES } from '@wager/contracts/constants';
import { audienceOfCall } from './audience.ts';
import { emitSessionExpired } from './events.ts';
import { clearToken, getToken, setToken } from './tokens.ts';

/** 401 when the player's own session-time limit ends the session (decision 057). */
const SESSION_LIMIT_REACHED = 'session_limit_reached';

/** Web-only codes for failures that never reached the server's error handler. */
export const CLIENT_ERROR_CODES = { network: 'network_error', badAnswer: 'bad_answer' } as const;

export type CallAnswer<P extends CallPath> = ApiAnswer<CallData<P>>;

type BodyArgs<P extends CallPath> = undefined extends CallBody<P> ? [body?: CallBody<P>] : [body: CallBody<P>];

const ADMIN_REDIRECT: string = import.meta.env.VITE_ADMIN_REDIRECT ?? '/';

function fail(code: string, message: string): { result: false; data: Record<string, never>; error: ApiError } {
  return { result: false, data: {}, error: { code, message } };
}

function isLoginPath(path: string): boolean {
  return /\/login$/.test(path) || window.location.pathname.endsWith('login');
}

/** The language the page is shown in (i18n sets <html lang>); Korean before it has. */
const pageLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'ko';

/**
 * Spec §7: every call is a POST of JSON to its full path, with the audience's token and the
 * current page path. It never throws: a network failure comes back as `result: false`.
 */
export async function call<P extends CallPath>(path: P, ...args: BodyArgs<P>): Promise<CallAnswer<P>> {
  const pathname = window.location.pathname;
  const audience = audienceOfCall(path, pathname);
  const token = getToken(audience);
  // The page's language (i18n sets <html lang>): names the server sends come in it (decision 046).
  const headers: Record<string, string> = { 'content-type': 'application/json', pathname, language: pageLanguage() };
  if (token) headers.authorization = `Bearer ${token}`;

  let answer: CallAnswer<P>;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers,
      credentials: 'include',
      body: JSON.stringify(args[0] ?? {}),
    });
    const parsed: unknown = await response.json().catch(() => null);
    if (!parsed || typeof parsed !== 'object' || !('result' in parsed)) {
      return fail(CLIENT_ERROR_CODES.badAnswer, `HTTP ${response.status}`);
    }
    answer = parsed as CallAnswer<P>;
  } catch (err) {
    return fail(CLIENT_ERROR_CODES.network, err instanceof Error ? err.message : String(err));
  }

  if (answer.result) {
    if (answer.renewSessionToken && token) setToken(audience, answer.renewSessionToken);
    return answer;
  }

  const error = answer.error ?? { code: 'internal', message: '' };
  const normalized = fail(error.code, error.message);
  if (error.field) normalized.error.field = error.field;
  // The failed rule and the text's numbers and names (amounts, seconds, dates) travel with the code.
  if (error.rule) normalized.error.rule = error.rule;
  if (error.params) normalized.error.params = error.params;

  if (error.message === ERROR_CODES.ipNotAllowed || error.code === ERROR_CODES.ipNotAllowed) {
    if (!isLoginPath(path)) window.location.assign(ADMIN_REDIRECT);
    return normalized;
  }
  // Only the first expired answer for a token reacts; parallel calls carrying the same
  // dead token find it already cleared.
  if (error.code === ERROR_CODES.sessionExpired && token && getToken(audience) === token) {
    clearToken(audience);
    emitSessionExpired(audience);
  }
  // The player's own session-time limit ended the session (decision 057): signed out, told why.
  if (error.code === SESSION_LIMIT_REACHED && token && getToken(audience) === token) {
    clearToken(audience);
    emitSessionExpired(audience, 'session_limit');
  }
  return normalized;
}

/** Unwraps an answer for TanStack Query: resolves with data, rejects with an ApiFailure. */
export async function callData<P extends CallPath>(path: P, ...args: BodyArgs<P>): Promise<CallData<P>> {
  const answer = await call(path, ...args);
  if (!answer.result) throw new ApiFailure(answer.error);
  return answer.data;
}

export class ApiFailure extends Error {
  readonly code: string;
  readonly field?: string;
  readonly rule?: string;
  readonly params?: ApiError['params'];
  constructor(error: ApiError) {
    super(error.message);
    this.code = error.code;
    this.field = error.field;
    this.rule = error.rule;
    this.params = error.params;
  }
}
