import { describe, expect, it } from 'vitest';
import { compile, definePart, inSlot, paramNames, valuesOf } from './parts.ts';

describe('statement parts', () => {
  it('names parameters and leaves casts alone', () => {
    expect(paramNames(`SELECT :a::bigint, x::text, :b_2, :a, ARRAY[:c]::int[]`)).toEqual(['a', 'b_2', 'c']);
  });

  it('refuses one name with two texts, at definition', () => {
    definePart('test_twice', `SELECT :a AS ok`);
    expect(() => definePart('test_twice', `SELECT :a AS ok`)).not.toThrow();
    expect(() => definePart('test_twice', `SELECT NOT :a AS ok`)).toThrow(/two different texts/);
  });

  it('refuses positional parameters and a missing value', () => {
    expect(() => definePart('test_positional', `SELECT $1 AS ok`)).toThrow(/positional/);
    const p = definePart('test_missing', `SELECT :a + :b AS n`);
    expect(() => p({ a: 1 })).toThrow(/:b/);
  });

  it('refuses a part whose text is not the one defined under its name', () => {
    const p = definePart('test_forged', `SELECT :a AS n`)({ a: 1 });
    expect(() => inSlot('guard', { ...p, text: `SELECT :a + 1 AS n` })).toThrow(/not defined with this text/);
  });

  it('numbers the statement once: its own parameters and each slot’s in their own namespace', () => {
    const g = definePart('test_guard', `SELECT :id::bigint AS user_id, :ok AS ok`)({ id: 7n, ok: true });
    const a = definePart('test_attached', `INSERT INTO t SELECT :id, done.tx_id FROM done`)({ id: 'row' });
    const c = compile('test_stmt', `WITH guard AS (${inSlot('guard', g)}) SELECT :key, :id, (${inSlot('attached', a)}), :key`);
    expect(c.text).toBe(`WITH guard AS (SELECT $1::bigint AS user_id, $2 AS ok) SELECT $3, $4, (INSERT INTO t SELECT $5, done.tx_id FROM done), $3`);
    expect(valuesOf(c, { key: 'k', id: 1 }, { guard: g, attached: a })).toEqual([7n, true, 'k', 1, 'row']);
    expect(() => valuesOf(c, { key: 'k' }, { guard: g, attached: a })).toThrow(/:id/);
    expect(c.name.length).toBeLessThanOrEqual(63);
  });

  it('gives two texts under one long name two prepared-statement names', () => {
    const long = 'x'.repeat(80);
    expect(compile(`${long}a`, 'SELECT 1').name).not.toBe(compile(`${long}b`, 'SELECT 2').name);
  });
});
