import { describe, expect, it } from 'vitest';
import { partialStake, priceCashout, type CashoutLeg } from './cashout-price.ts';

const open = (placed: string, odds: string, more: Partial<CashoutLeg> = {}): CashoutLeg => ({
  placed,
  odds,
  result: null,
  dead_heat: null,
  active: true,
  market_status: 'open',
  fixture_status: 'release',
  on_sale: true,
  bet_stop: false,
  ...more,
});
const decided = (placed: string, result: CashoutLeg['result']): CashoutLeg => ({ ...open(placed, '0.00'), result, market_status: 'settled' });

describe('cash-out price (decision 048)', () => {
  it('a single: stake × placed / current × (1 − margin), rounded down to the won', () => {
    // 10,000 × 2.10 / 1.50 × 0.95 = 13,300 exactly
    expect(priceCashout({ amount: 10_000n, potential_win: 21_000n }, [open('2.10', '1.50')], 500n)).toEqual({ ok: true, value: 13_300n });
    // 10,000 × 2.10 / 2.30 × 0.95 = 8,673.91… → 8,673
    expect(priceCashout({ amount: 10_000n, potential_win: 21_000n }, [open('2.10', '2.30')], 500n)).toEqual({ ok: true, value: 8_673n });
    // margin 2.5 %: 7,777 × 1.95 / 1.95 × 0.975 = 7,582.575 → 7,582
    expect(priceCashout({ amount: 7_777n, potential_win: 15_165n }, [open('1.95', '1.95')], 250n)).toEqual({ ok: true, value: 7_582n });
  });

  it('a combination: settled winning legs at their odds, void legs at 1, open legs at placed / current', () => {
    // 10,000 × 2.00 (won) × 1 (void: factor 1, not 1.80) × 3.00 / 1.50 × 0.95 = 38,000
    const legs = [decided('2.00', 'won'), decided('1.80', 'void'), open('3.00', '1.50')];
    expect(priceCashout({ amount: 10_000n, potential_win: 108_000n }, legs, 500n)).toEqual({ ok: true, value: 38_000n });
    // half won at 1.90: factor (1 + 1.90) / 2 = 1.45; 3,333 × 1.45 × 2.20 / 2.05 × 0.9 = 4,667.82… → 4,667
    const half = [decided('1.90', 'half_won'), open('2.20', '2.05')];
    expect(priceCashout({ amount: 3_333n, potential_win: 13_931n }, half, 1_000n)).toEqual({ ok: true, value: 4_667n });
  });

  it('never more than the potential win', () => {
    // odds dropped to the floor: 1,000 × 5.00 / 1.01 = 4,950 with no margin, under 5,000; a potential win cut lower caps it
    expect(priceCashout({ amount: 1_000n, potential_win: 5_000n }, [open('5.00', '1.01')], 0n)).toEqual({ ok: true, value: 4_950n });
    expect(priceCashout({ amount: 1_000n, potential_win: 4_000n }, [open('5.00', '1.01')], 0n)).toEqual({ ok: true, value: 4_000n });
  });

  it('is not offered while an open leg is unpriced, or once a leg lost or every leg is decided', () => {
    const bet = { amount: 10_000n, potential_win: 21_000n };
    expect(priceCashout(bet, [open('2.10', '1.50', { bet_stop: true })], 500n)).toEqual({ ok: false, code: 'cashout_suspended' });
    expect(priceCashout(bet, [open('2.10', '1.50', { market_status: 'suspended' })], 500n)).toEqual({ ok: false, code: 'cashout_suspended' });
    expect(priceCashout(bet, [open('2.10', '1.50', { active: false })], 500n)).toEqual({ ok: false, code: 'cashout_suspended' });
    expect(priceCashout(bet, [open('2.10', '1.50', { fixture_status: 'result' })], 500n)).toEqual({ ok: false, code: 'cashout_suspended' });
    expect(priceCashout(bet, [decided('2.00', 'lost'), open('2.10', '1.50')], 500n)).toEqual({ ok: false, code: 'cashout_unavailable' });
    expect(priceCashout(bet, [decided('2.10', 'won')], 500n)).toEqual({ ok: false, code: 'cashout_unavailable' });
  });

  it('a partial cash-out takes the stake rounded up, so what it pays never exceeds its share', () => {
    // 3,000 of a 9,500 offer on a 10,000 stake: 3,157.89… → 3,158
    expect(partialStake({ amount: 10_000n }, 9_500n, 3_000n)).toBe(3_158n);
    expect(3_000n * 10_000n <= 9_500n * 3_158n).toBe(true);
    expect(partialStake({ amount: 10_000n }, 9_500n, 9_499n)).toBe(9_999n);
    // never past the whole stake
    expect(partialStake({ amount: 3n }, 2n, 2n)).toBe(3n);
  });
});
