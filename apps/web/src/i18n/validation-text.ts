import type { ApiError } from '@wager/contracts';

type Problem = { key: string; vars: Record<string, string | number> };

/**
 * The i18n key (under account.rules) and values that word a validation failure's rule
 * (decision 011). Bounds say characters for text, a value for numbers, items otherwise.
 */
export function validationProblem(rule: string | undefined, params: ApiError['params'] = {}): Problem {
  const kind = params.origin === 'string' ? 'string' : params.origin === 'number' || params.origin === 'bigint' ? 'number' : 'other';
  switch (rule) {
    case 'required':
    case 'invalid_format':
    case 'invalid_type':
    case 'invalid_value':
      return { key: `account.rules.${rule}`, vars: {} };
    case 'too_small':
      return { key: `account.rules.too_small_${kind}`, vars: { min: params.min ?? '' } };
    case 'too_big':
      return { key: `account.rules.too_big_${kind}`, vars: { max: params.max ?? '' } };
    default:
      return { key: 'account.rules.custom', vars: {} };
  }
}

/** The field's label (account.fields.<field>, else the last path part as sent). */
export function fieldLabelKey(field: string | undefined): { key: string; fallback: string } {
  const last = (field ?? '').split('.').pop() ?? '';
  return { key: `account.fields.${last}`, fallback: last };
}
