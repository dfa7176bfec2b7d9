import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX, amountInput, findUnstorableText, isStorableText, parseAmount, signedAmount, text } from './common.ts';

const grouped = (n: bigint) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('parseAmount', () => {
  it('reads plain and well-grouped digits back to the same value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: AMOUNT_MAX }), (n) => {
        expect(parseAmount(n.toString())).toBe(n);
        expect(parseAmount(grouped(n))).toBe(n);
        expect(parseAmount(` ${grouped(n)} `)).toBe(n);
      }),
    );
  });

  it.each([
    '-,',
    ',',
    '',
    ' ',
    '1,0,0,0',
    '1,00',
    '1000,000',
    ',100',
    '100,',
    '1.5',
    '1e3',
    '0x10',
    '１０',
    '12345678901234567890',
    '9223372036854775807',
    '1000000000000000',
    '-5',
  ])('refuses %j', (raw) => {
    expect(parseAmount(raw)).toBeNull();
  });

  it('takes safe integer numbers only, within 15 digits', () => {
    expect(parseAmount(10_000)).toBe(10_000n);
    expect(parseAmount(1.5)).toBeNull();
    expect(parseAmount(2 ** 53)).toBeNull();
    expect(parseAmount(1e15)).toBeNull();
    expect(parseAmount(-1)).toBeNull();
    expect(parseAmount(null)).toBeNull();
  });

  it('takes a sign only when asked', () => {
    expect(parseAmount('-1,000', { signed: true })).toBe(-1000n);
    expect(parseAmount('-1,000')).toBeNull();
    expect(signedAmount.safeParse('-999,999,999,999,999').data).toBe(-AMOUNT_MAX);
  });

  it('reports invalid_amount as its code', () => {
    const r = amountInput.safeParse('1,0,0,0');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ code: 'custom', params: { code: 'invalid_amount' } });
  });
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones and other text', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800')).toBe(false);
    expect(isStorableText('\udc00a')).toBe(false);
    expect(isStorableText('🎰 tab\tnew\nline 한국어')).toBe(true);
    expect(text.safeParse('x\u0000').error?.issues[0]).toMatchObject({ params: { code: 'invalid_text' } });
  });
  it('finds the first bad string or key at any depth', () => {
    expect(findUnstorableText({ a: [1, 'ok', { b: 'x\u0000' }] })).toEqual(['a', 2, 'b']);
    expect(findUnstorableText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findUnstorableText({ a: ['fine'] })).toBeNull();
  });
});
