import { describe, expect, it } from 'vitest';
import { fieldLabelKey, validationProblem } from './validation-text.ts';

describe('validation problem wording', () => {
  it('picks characters for text bounds and values for number bounds', () => {
    expect(validationProblem('too_small', { min: 3, origin: 'string' })).toEqual({ key: 'account.rules.too_small_string', vars: { min: 3 } });
    expect(validationProblem('too_big', { max: 9, origin: 'number' })).toEqual({ key: 'account.rules.too_big_number', vars: { max: 9 } });
    expect(validationProblem('too_big', { max: 5, origin: 'array' })).toEqual({ key: 'account.rules.too_big_other', vars: { max: 5 } });
  });
  it('maps the other rules and falls back to a generic text', () => {
    expect(validationProblem('required').key).toBe('account.rules.required');
    expect(validationProblem('invalid_format', { format: 'regex' }).key).toBe('account.rules.invalid_format');
    expect(validationProblem('something_new').key).toBe('account.rules.custom');
    expect(validationProblem(undefined).key).toBe('account.rules.custom');
  });
  it('labels nested fields by their last part', () => {
    expect(fieldLabelKey('settings.charge.min')).toEqual({ key: 'account.fields.min', fallback: 'min' });
    expect(fieldLabelKey('account')).toEqual({ key: 'account.fields.account', fallback: 'account' });
  });
});
