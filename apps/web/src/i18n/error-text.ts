import type { ApiError } from '@wager/contracts';
import { ApiFailure } from '../api/client.ts';
import { formatDateTime } from '../lib/date.ts';
import { formatMoney, formatUnits } from '../lib/money.ts';
import { i18next } from './index.ts';
import { fieldLabelKey, validationProblem } from './validation-text.ts';

/**
 * A server error's parameters for its text, written the reader's way: `amount` (a decimal string)
 * as money in the operating currency, `points` as a number, `until` (ISO time) as a local date and
 * time; an interval in hours and minutes
 * also becomes `interval`.
 */
function errorVars(params: ApiError['params']): Record<string, string | number> {
  if (!params) return {};
  const vars: Record<string, string | number> = { ...params };
  const lang = i18next.language;
  if (params.amount !== undefined) vars.amount = formatMoney(String(params.amount), lang);
  if (params.points !== undefined) vars.points = formatUnits(String(params.points), lang);
  if (typeof params.until === 'string') vars.until = formatDateTime(params.until);
  const { hours, minutes } = params;
  if (typeof hours === 'number' && typeof minutes === 'number')
    vars.interval = [
      hours ? i18next.t('errors.exchange_interval_hours', { count: hours }) : '',
      minutes ? i18next.t('errors.exchange_interval_minutes', { count: minutes }) : '',
    ]
      .filter(Boolean)
      .join(' ');
  return vars;
}

/**
 * errors.<code> in the interface language (spec §8, issue #7): every code the server sends has
 * its text in all five languages (error-codes.test.ts); an unknown code gets a generic text,
 * never the server's English.
 */
export function errorText(
  error: Pick<ApiError, 'code' | 'message'> & Partial<Pick<ApiError, 'field' | 'rule' | 'params'>>,
  /** The screen's own label for the failed field (a settings screen names `max_payout_points.slot` its way). */
  fieldLabel?: (field: string) => string | undefined,
): string {
  // A body that failed its schema: "<field label>: <what is wrong>" in the player's language.
  if (error.code === 'validation' && error.rule) {
    const problem = validationProblem(error.rule, error.params);
    const label = fieldLabelKey(error.field);
    const own = error.field ? fieldLabel?.(error.field) : undefined;
    const field = own ?? (i18next.exists(label.key) ? i18next.t(label.key as 'account.fields.account') : label.fallback);
    return i18next.t('account.sentence', { field, problem: i18next.t(problem.key as 'account.rules.custom', problem.vars) });
  }
  const key = `errors.${error.code}`;
  if (i18next.exists(key)) return i18next.t(key as 'errors.internal', errorVars(error.params));
  return i18next.t('errors.unknown');
}

/** The text for a failed query: the server's error when it is an ApiFailure, else the generic internal one. */
export function queryErrorText(error: unknown): string {
  return errorText(error instanceof ApiFailure ? error : { code: 'internal', message: error instanceof Error ? error.message : '' });
}
