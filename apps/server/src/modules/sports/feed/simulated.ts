/**
 * The built-in simulated feed: a calendar for all 12 sports, prices from two providers that
 * move, matches played live with bet stops around dangerous moments, results, and now and
 * then a void, a cancel window or a settlement rollback. Everything is a function of the seed
 * and the time asked for, so a restart (or a test) replays exactly the same messages.
 */
import { SPORTS } from '@wager/contracts';
import { SPORT_NAMES } from './sim-data.ts';
import { teamNames } from './sim-team-names.ts';
import { fixtureRefs, leadOf, LONG_LEAD, makePlan, marketsAt, MAX_SPAN, MIN, resultOf, stateAt, type Entry, type Plan } from './sim-plan.ts';
import type { FeedAdapter, FeedMessage, Provider } from './types.ts';

export { SPORT_NAMES };
/** A gap longer than this (first contact, a server that was down) is answered with a snapshot. */
export const SNAPSHOT_GAP_MS = 10 * MIN;
const PROVIDERS: Provider[] = ['primary', 'secondary'];

export type SimulatedFeed = FeedAdapter & {
  /** The plan behind a fixture ref (tests and tools). */
  plan(ref: string): Plan;
};

export function simulatedFeed(opts: { seed: string }): SimulatedFeed {
  const plans = new Map<string, Plan>();
  const planOf = (ref: string) => {
    let p = plans.get(ref);
    if (!p) plans.set(ref, (p = makePlan(opts.seed, ref)));
    return p;
  };

  // Plans with anything to say in a window, recomputed once per minute of feed time (a poll
  // every second then only binary-searches each plan's entries).
  let active: Plan[] = [];
  let activeFrom = Infinity;
  let activeTo = -Infinity;
  function plansIn(from: number, to: number): Plan[] {
    if (from >= activeFrom && to <= activeTo) return active;
    activeFrom = from;
    activeTo = Math.max(to, from + MIN);
    for (const [ref, p] of plans) if (p.last < from - MIN) plans.delete(ref);
    active = [];
    for (const sport of SPORTS)
      for (const r of fixtureRefs(sport, from - MAX_SPAN, activeTo + LONG_LEAD + 60 * MIN)) {
        // Starts no earlier than `earliest`, published `lead` before it.
        if (r.earliest - leadOf(sport, r.j) > activeTo) continue;
        const p = planOf(r.ref);
        if (p.publishAt <= activeTo && p.last > from) active.push(p);
      }
    return active;
  }

  /** Index of the first entry after `t`. */
  const firstAfter = (entries: Entry[], t: number) => {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid].t <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const fixtureMsg = (p: Plan, at: string): FeedMessage => {
    const [homeEn, homeKo] = p.league.teams[p.home];
    const [awayEn, awayKo] = p.league.teams[p.away];
    return {
      kind: 'fixture',
      provider: 'primary',
      fixtureRef: p.ref,
      at,
      sport: p.sport,
      league: { ref: `sim:${p.league.ref}`, names: p.league.names, country: p.league.country, sort: 0 },
      home: { ref: `sim:${p.league.ref}:${p.home}`, name: homeEn, names: teamNames(homeEn, homeKo) },
      away: { ref: `sim:${p.league.ref}:${p.away}`, name: awayEn, names: teamNames(awayEn, awayKo) },
      startsAt: new Date(p.start).toISOString(),
    };
  };
  const oddsMsgs = (p: Plan, t: number, at: string): FeedMessage[] =>
    PROVIDERS.map((provider) => ({ kind: 'odds_change', provider, fixtureRef: p.ref, at, markets: marketsAt(p, t, provider) }));
  const scoreMsg = (p: Plan, t: number, at: string): FeedMessage => {
    const s = stateAt(p, t);
    return { kind: 'score', provider: 'primary', fixtureRef: p.ref, at, status: s.phase === 'ended' ? 'result' : 'progress', score: s.score };
  };
  const settleMsg = (p: Plan, at: string): FeedMessage => ({
    kind: 'bet_settlement',
    provider: 'primary',
    fixtureRef: p.ref,
    at,
    result: resultOf(p),
    markets: [],
  });

  function messagesOf(p: Plan, e: Entry): FeedMessage[] {
    const at = new Date(e.t).toISOString();
    const base = { provider: 'primary' as const, fixtureRef: p.ref, at };
    switch (e.type) {
      case 'publish':
        return [fixtureMsg(p, at), ...oddsMsgs(p, e.t, at)];
      case 'tick':
        return oddsMsgs(p, e.t, at);
      case 'start':
      case 'live':
        return [scoreMsg(p, e.t, at), ...oddsMsgs(p, e.t, at)];
      case 'stop':
        return [{ ...base, kind: 'bet_stop', reason: e.reason ?? 'danger' }];
      case 'go':
        return [{ ...base, kind: 'bet_start' }, ...oddsMsgs(p, e.t, at)];
      case 'score':
      case 'end':
        return [scoreMsg(p, e.t, at)];
      case 'settle':
        return [settleMsg(p, at)];
      case 'void':
        return [{ ...base, kind: 'void', reason: e.reason ?? 'abandoned' }];
      case 'cancel':
        return p.cancel
          ? [
              {
                ...base,
                kind: 'bet_cancel',
                start: new Date(p.cancel.start).toISOString(),
                end: new Date(p.cancel.end).toISOString(),
                reason: e.reason ?? 'missed_event',
              },
            ]
          : [];
      case 'rollback':
        return [{ ...base, kind: 'rollback_settlement' }];
    }
  }

  /** What a newcomer needs at `to`: fixtures, current prices, live scores, bet stops (and, after a gap, results it missed). */
  function snapshot(p: Plan, from: number | null, to: number): FeedMessage[] {
    const at = new Date(to).toISOString();
    if (p.voidAt !== null && p.voidAt <= to)
      return from === null || p.voidAt <= from ? [] : [fixtureMsg(p, at), ...messagesOf(p, { t: p.voidAt, type: 'void' })];
    const settled = p.entries.filter((e) => e.type === 'settle' && e.t <= to);
    if (p.end <= to) {
      if (from === null) return [];
      const out = [fixtureMsg(p, at), scoreMsg(p, p.end, at)];
      if (settled.length > 0 && settled[settled.length - 1].t > from) out.push(settleMsg(p, at));
      return out;
    }
    const out = [fixtureMsg(p, at), ...oddsMsgs(p, to, at)];
    if (to >= p.start) out.push(scoreMsg(p, to, at));
    const s = stateAt(p, to);
    if (s.betStop) out.push({ kind: 'bet_stop', provider: 'primary', fixtureRef: p.ref, at, reason: s.betStop });
    return out;
  }

  return {
    name: 'simulated',
    plan: planOf,
    poll(fromDate, toDate) {
      const to = toDate.getTime();
      const from = fromDate?.getTime() ?? null;
      if (from === null || to - from > SNAPSHOT_GAP_MS) {
        return plansIn(from ?? to, to)
          .sort((a, b) => a.start - b.start || (a.ref < b.ref ? -1 : 1))
          .flatMap((p) => snapshot(p, from, to));
      }
      if (to <= from) return [];
      const due: { e: Entry; p: Plan }[] = [];
      for (const p of plansIn(from, to))
        for (let i = firstAfter(p.entries, from); i < p.entries.length && p.entries[i].t <= to; i++) due.push({ e: p.entries[i], p });
      due.sort((a, b) => a.e.t - b.e.t || (a.p.ref < b.p.ref ? -1 : a.p.ref > b.p.ref ? 1 : 0));
      return due.flatMap(({ e, p }) => messagesOf(p, e));
    },
  };
}
