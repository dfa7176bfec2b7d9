import type { FixtureSummary, SportsPushEvent } from '@wager/contracts';

/**
 * Applies one pushed delta (contracts `sportsPushEvent`) to a fixture as the pages hold it.
 * Returns the same object when nothing in it changed, so untouched rows do not re-render.
 */
export function patchFixture<F extends FixtureSummary>(fixture: F, event: SportsPushEvent): F {
  if (event.type === 'catalogue' || event.fixture_id !== fixture.id) return fixture;
  switch (event.type) {
    case 'odds': {
      const byId = new Map(event.outcomes.map((o) => [o.id, o]));
      let changed = false;
      const markets = fixture.markets.map((m) => {
        if (!m.outcomes.some((o) => byId.has(o.id))) return m;
        const outcomes = m.outcomes.map((o) => {
          const next = byId.get(o.id);
          if (!next || (next.odds === o.odds && next.active === o.active)) return o;
          changed = true;
          return { ...o, odds: next.odds, active: next.active };
        });
        return { ...m, outcomes };
      });
      return changed ? { ...fixture, markets, version: event.version } : fixture;
    }
    case 'markets': {
      const byId = new Map(event.markets.map((m) => [m.id, m.status]));
      let changed = false;
      const markets = fixture.markets.map((m) => {
        const status = byId.get(m.id);
        if (status === undefined || status === m.status) return m;
        changed = true;
        return { ...m, status };
      });
      return changed ? { ...fixture, markets, version: event.version } : fixture;
    }
    case 'status':
      if (event.status === fixture.status && event.bet_stop === fixture.bet_stop) return fixture;
      return { ...fixture, status: event.status, bet_stop: event.bet_stop, live: event.status === 'progress', version: event.version };
    case 'score':
      return { ...fixture, score: event.score };
  }
}

/** A list of fixtures with one delta applied (same array when nothing changed). */
export function patchFixtures<F extends FixtureSummary>(fixtures: readonly F[], event: SportsPushEvent): F[] {
  let changed = false;
  const next = fixtures.map((f) => {
    const p = patchFixture(f, event);
    if (p !== f) changed = true;
    return p;
  });
  return changed ? next : (fixtures as F[]);
}
