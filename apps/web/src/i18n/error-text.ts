import type { ApiError } from '@wager/contracts';
import { i18next } from './index.ts';

/** A server error's parameters for its text; an interval in hours and minutes also becomes `interval`. */
function errorVars(params: ApiError['params']): Record<string, string | number> {
  if (!params) return {};
  const vars: Record<string, string | number> = { ...params };
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

/** errors.<code> in the interface language, else the server's own message (spec §8). */
export function errorText(error: Pick<ApiError, 'code' | 'message'> & Partial<Pick<ApiError, 'field' | 'rule' | 'params'>>): string {
  const key = `errors.${error.code}`;
  if (i18next.exists(key)) {
    const text = i18next.t(key as 'errors.internal', errorVars(error.params));
    // A validation failure's message names the field; keep it next to the generic text.
    if (error.code === 'bad_request' && error.message) return `${text} (${error.message})`;
    return text;
  }
  return error.message || i18next.t('errors.internal');
}
