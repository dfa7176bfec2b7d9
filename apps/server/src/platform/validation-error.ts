import type { z } from 'zod';

export type ValidationRule = 'required' | 'too_small' | 'too_big' | 'invalid_format' | 'invalid_type' | 'invalid_value' | 'custom';
export type ValidationDetail = { field: string; rule: ValidationRule; params: Record<string, string | number> };

const bound = (v: unknown) => (typeof v === 'bigint' ? v.toString() : Number(v));

/**
 * The machine-readable part of a schema failure: which field, which rule, its bounds. The web
 * turns it into a sentence in the player's language (decision 011); the English message is
 * only for logs and API users.
 */
export function describeIssue(issue: z.core.$ZodIssue): ValidationDetail {
  const field = issue.path.map(String).join('.') || 'body';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { field, rule: 'required', params: {} }
        : { field, rule: 'invalid_type', params: { expected: String(issue.expected) } };
    case 'too_small':
      return { field, rule: 'too_small', params: { min: bound(issue.minimum), origin: String(issue.origin) } };
    case 'too_big':
      return { field, rule: 'too_big', params: { max: bound(issue.maximum), origin: String(issue.origin) } };
    case 'invalid_format':
      return { field, rule: 'invalid_format', params: { format: String(issue.format) } };
    case 'invalid_union':
      return { field, rule: 'invalid_format', params: { format: 'union' } };
    case 'invalid_value':
      return { field, rule: 'invalid_value', params: {} };
    case 'not_multiple_of':
      return { field, rule: 'invalid_format', params: { format: 'multiple_of' } };
    default:
      return { field, rule: 'custom', params: {} };
  }
}
