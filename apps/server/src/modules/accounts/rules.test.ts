import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { assertRatesWithinParent, exactRolling, isLowerRole } from './rules.ts';

describe('account rules', () => {
  it('a child is a member or an agent of a strictly lower tier; a member has no children', () => {
    expect(isLowerRole('shop', 'user')).toBe(true);
    expect(isLowerRole('top_hq', 'shop')).toBe(true); // tiers may be skipped
    expect(isLowerRole('distributor', 'distributor')).toBe(false);
    expect(isLowerRole('shop', 'branch')).toBe(false);
    expect(isLowerRole('user', 'user')).toBe(false);
    expect(isLowerRole('shop', 'emperor')).toBe(false);
  });

  it('stores every rolling key, exactly, and refuses a fifth decimal', () => {
    const r = exactRolling({ sports_percent: 1.25, casino_percent: 0.0001 });
    expect(r.sports_percent).toBe(1.25);
    expect(r.casino_percent).toBe(0.0001);
    expect(r.slot_percent).toBe(0);
    expect(Object.keys(r)).toHaveLength(19); // every rolling_json key, the two support rates (decision 043) included
    expect(() => exactRolling({ slot_percent: 0.00005 })).toThrow(AppError);
  });

  it('names every game-type key above the parent, and allows equal rates', () => {
    const parent = { sports_percent: 1.5, casino_percent: 1.5 };
    expect(() => assertRatesWithinParent(parent, exactRolling({ sports_percent: 1.5, casino_percent: 1.5 }))).not.toThrow();
    try {
      assertRatesWithinParent(parent, exactRolling({ sports_percent: 1.5001, slot_percent: 0.1 }));
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ status: 409, code: 'rate_above_parent', details: { params: { keys: 'sports_percent, slot_percent' } } });
    }
  });
});
