import { describe, expect, it } from 'vitest';
import { toResultForm, toResultInput } from './result-form.ts';

describe('result entry form', () => {
  it('turns typed scores, periods and specials into the call result', () => {
    const r = toResultInput({
      home: '2',
      away: ' 1',
      periods: [{ period: '1h', home: '1', away: '0' }],
      specials: { first_score: 'home', first_3pt: 'home, away', first_free_throw: 'void', correct: '' },
    });
    expect(r).toEqual({
      result: {
        home: 2,
        away: 1,
        periods: [{ period: '1h', home: 1, away: 0 }],
        specials: { first_score: 'home', first_3pt: ['home', 'away'], first_free_throw: null },
      },
    });
  });

  it('names the first field that is not a score', () => {
    expect(toResultInput({ home: '', away: '1', periods: [], specials: {} })).toEqual({ invalid: 'home' });
    expect(toResultInput({ home: '1', away: '-1', periods: [], specials: {} })).toEqual({ invalid: 'away' });
    expect(toResultInput({ home: '1', away: '1', periods: [{ period: 'q1', home: 'x', away: '0' }], specials: {} })).toEqual({ invalid: 'periods.0' });
  });

  it('fills the form from a stored result', () => {
    const f = toResultForm({ home: 3, away: 0, periods: [{ period: '1h', home: 1, away: 0 }], specials: { first_score: ['home', 'away'], first_3pt: null } }, [
      'first_score',
      'first_3pt',
      'first_free_throw',
    ]);
    expect(f).toEqual({
      home: '3',
      away: '0',
      periods: [{ period: '1h', home: '1', away: '0' }],
      specials: { first_score: 'home,away', first_3pt: 'void', first_free_throw: '' },
    });
    expect(toResultForm(null, [])).toEqual({ home: '', away: '', periods: [], specials: {} });
  });
});
