import { describe, expect, it } from 'vitest';
import { toForm, toPatch, type Field } from './fields.ts';

const settings = { charge: { min: 10000, max: null, unit: null, delay_seconds: 30 }, inspection: { is_disabled: false, memo: '' }, join_level: 1 };
const fields: Field[] = [
  { kind: 'number', path: 'charge.min' },
  { kind: 'number', path: 'charge.max', nullable: true },
  { kind: 'toggle', path: 'inspection.is_disabled' },
  { kind: 'text', path: 'inspection.memo', multiline: true },
  { kind: 'select', path: 'join_level', options: [1, 2, 3] },
];

describe('settings screen fields', () => {
  it('shows null as blank and keeps booleans', () => {
    expect(toForm(settings, fields)).toEqual({
      'charge.min': '10000',
      'charge.max': '',
      'inspection.is_disabled': false,
      'inspection.memo': '',
      join_level: '1',
    });
  });

  it('sends whole top-level keys with the untouched fields kept', () => {
    const form = { ...toForm(settings, fields), 'charge.min': '20,000', 'inspection.is_disabled': true, 'inspection.memo': '점검', join_level: '3' };
    expect(toPatch(settings, fields, form)).toEqual({
      patch: { charge: { min: 20000, max: null, unit: null, delay_seconds: 30 }, inspection: { is_disabled: true, memo: '점검' }, join_level: 3 },
    });
    // The stored settings are not changed by building a patch.
    expect(settings.charge.min).toBe(10000);
  });

  it('names the first field that cannot be sent', () => {
    const form = toForm(settings, fields);
    expect(toPatch(settings, fields, { ...form, 'charge.min': '' })).toEqual({ problem: { path: 'charge.min', rule: 'required' } });
    expect(toPatch(settings, fields, { ...form, 'charge.min': '1.5' })).toEqual({ problem: { path: 'charge.min', rule: 'integer' } });
    expect(toPatch(settings, fields, { ...form, 'charge.max': 'abc' })).toEqual({ problem: { path: 'charge.max', rule: 'number' } });
  });
});
