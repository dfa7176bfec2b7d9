import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@wager/contracts';
import { LEAGUES, SPORT_NAMES } from './sim-data.ts';
import { hasTeamNames } from './sim-team-names.ts';
import { simulatedFeed } from './simulated.ts';

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

describe('simulated feed names', () => {
  it('names every team, league and sport in the five site languages, Korean only in Korean', async () => {
    for (const l of LEAGUES) for (const [en] of l.teams) expect(hasTeamNames(en), en).toBe(true);
    const snap = await simulatedFeed({ seed: 'wager-sports' }).poll(null, new Date('2026-11-23T14:37:00Z'));
    const fixtures = snap.flatMap((m) => (m.kind === 'fixture' ? [m] : []));
    expect(fixtures.length).toBeGreaterThan(100);
    for (const f of fixtures)
      for (const names of [f.home.names, f.away.names, f.league.names, SPORT_NAMES[f.sport]]) {
        expect(Object.keys(names).sort()).toEqual([...LANGUAGES].sort());
        for (const lang of LANGUAGES) {
          expect(names[lang], `${f.fixtureRef} ${lang}`).toMatch(/\S/);
          if (lang !== 'ko') expect(names[lang], `${f.fixtureRef} ${lang}`).not.toMatch(HANGUL);
        }
      }
    const arsenal = fixtures.flatMap((f) => [f.home, f.away]).find((t) => t.name === 'Arsenal');
    expect(arsenal?.names).toEqual({ ko: '아스널', ja: 'アーセナル', vi: 'Arsenal', th: 'อาร์เซนอล', en: 'Arsenal' });
  });
});
