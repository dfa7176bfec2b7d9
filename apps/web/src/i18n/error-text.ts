import type { ApiError } from '@wager/contracts';
import { i18next } from './index.ts';

/** errors.<code> in the interface language, else the server's own message (spec §8). */
export function errorText(error: Pick<ApiError, 'code' | 'message'>): string {
  const key = `errors.${error.code}`;
  if (i18next.exists(key)) {
    const text = i18next.t(key as 'errors.internal');
    // A validation failure's message names the field; keep it next to the generic text.
    if (error.code === 'bad_request' && error.message) return `${text} (${error.message})`;
    return text;
  }
  return error.message || i18next.t('errors.internal');
}
