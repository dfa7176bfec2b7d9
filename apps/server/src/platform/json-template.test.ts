import { describe, expect, it } from 'vitest';
import { jsonTemplate, SerializedData, TEMPLATE_HOLE } from './http.ts';

const text = (d: SerializedData<never>) => Buffer.concat(d.parts).toString();

describe('jsonTemplate', () => {
  it('writes the value into the one open field, as JSON text, each fill its own', () => {
    const fill = jsonTemplate<never>({ a: { time: TEMPLATE_HOLE, name: '회원 "하나"' }, money: 12n, list: [1, null] } as never);
    expect(JSON.parse(text(fill('2026-11-28T00:00:00.000Z') as never))).toEqual({
      a: { time: '2026-11-28T00:00:00.000Z', name: '회원 "하나"' },
      money: '12',
      list: [1, null],
    });
    // A value that needs escaping stays valid JSON.
    expect(JSON.parse(text(fill('a"b\\\\c') as never)).a.time).toBe('a"b\\\\c');
  });
  it('refuses data with no hole or with two', () => {
    expect(() => jsonTemplate<never>({ a: 1 } as never)).toThrow(/exactly one hole/);
    expect(() => jsonTemplate<never>({ a: TEMPLATE_HOLE, b: TEMPLATE_HOLE } as never)).toThrow(/exactly one hole/);
  });
});
