/**
 * One simulated fixture, decided entirely from the feed seed and the fixture ref: teams,
 * strength, start, how the match goes (every score with its time), when bets stop, rare
 * voids, cancel windows and settlement rollbacks. `stateAt` and `marketsAt` read it at any
 * moment, so the same seed and clock always give the same messages.
 */
import { SPORTS, type SportCode } from '@wager/contracts';
import { seededRng } from '../../../platform/rng.ts';
import { leaguesOf, type SimLeague } from './sim-data.ts';
import { MIN, playMatch, type Phase, type ScoreEv } from './sim-match.ts';
import { leagueTurn, pairingOf, slotFixtures } from './sim-schedule.ts';
import { SPORT_SIMS, type SportSim } from './sim-sports.ts';
import type { FeedMarket, FeedResult, FeedScore, Provider } from './types.ts';
import {
  BAND_CODES,
  normalDist,
  poissonDist,
  price,
  priceCapOf,
  prob1x2,
  probBands,
  probFirstScore,
  probHandicap,
  probMoneyline,
  probOddEven,
  probTotal,
  seriesDist,
  type ScoreDist,
} from './odds-model.ts';

export { MIN };
export const SLOT_MS = 30 * MIN;
export const LONG_LEAD = 48 * 60 * MIN;
export const SHORT_LEAD = 6 * 60 * MIN;
/** From a fixture's start to its last possible message (longest match, settlement, rollback). */
export const MAX_SPAN = 5 * 60 * MIN;
/** In play a fixture reprices every 30–90 s (60 s on average), from its own offset. */
const LIVE_TICK = MIN;

export type EntryType = 'publish' | 'tick' | 'start' | 'stop' | 'go' | 'score' | 'live' | 'end' | 'settle' | 'void' | 'cancel' | 'rollback';
export type Entry = { t: number; type: EntryType; reason?: string };

export type Plan = {
  ref: string;
  sport: SportCode;
  sim: SportSim;
  league: SimLeague;
  home: number;
  away: number;
  start: number;
  publishAt: number;
  strength: number;
  phases: Phase[];
  regularMs: number;
  scores: ScoreEv[];
  end: number;
  stops: { from: number; to: number; reason: string }[];
  specials: Record<string, string>;
  voidAt: number | null;
  cancel: { at: number; start: number; end: number } | null;
  lines: { handicap: number[]; total: number[]; period: Record<string, { handicap: number; total: number }> };
  entries: Entry[];
  last: number;
};

/** Cheap deterministic hash to [0, 1) for price noise (FNV-1a). */
export function hash01(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

const halfLine = (x: number) => (Math.floor(x) + 0.5) * 100;
const round50 = (x: number) => Math.round(x * 2) * 50;
const round25 = (x: number) => Math.round(x * 4) * 25;

/** Fixture refs: `sim:<sport>:<slot>:<j>`, j = perSlot for the one published 48 h ahead (none while its league rests). */
export function fixtureRefs(sport: SportCode, fromMs: number, toMs: number): { ref: string; slot: number; j: number; earliest: number }[] {
  const sim = SPORT_SIMS[sport];
  const leagues = leaguesOf(sport);
  const out: { ref: string; slot: number; j: number; earliest: number }[] = [];
  for (let k = Math.floor(fromMs / SLOT_MS); k <= Math.floor(toMs / SLOT_MS); k++)
    for (const f of slotFixtures(sim, k))
      if (leagueTurn(sim, sport === 'baseball', leagues, k, f.j)) out.push({ ref: `sim:${sport}:${k}:${f.j}`, slot: k, j: f.j, earliest: f.earliest });
  return out;
}

export const leadOf = (sport: SportCode, j: number) => (j === SPORT_SIMS[sport].perSlot ? LONG_LEAD : SHORT_LEAD);

type Params = { lh: number; la: number; md: number; mt: number; q: number };

function paramsOf(sim: SportSim, s: number): Params {
  if (sim.model === 'poisson') {
    const lh = (sim.mean / 2) * Math.exp(0.45 * s) * 1.06;
    const la = (sim.mean / 2) * Math.exp(-0.45 * s) * 0.94;
    return { lh, la, md: lh - la, mt: lh + la, q: 0.5 };
  }
  if (sim.model === 'points') {
    const md = s * sim.strengthScale + sim.strengthScale * 0.15;
    return { lh: (sim.mean + md) / 2, la: (sim.mean - md) / 2, md, mt: sim.mean, q: 0.5 };
  }
  const q = Math.min(0.85, Math.max(0.15, 0.5 + s * sim.strengthScale + 0.02));
  return { lh: 0, la: 0, md: 0, mt: 0, q };
}

/** Who plays where and when: the fixture's first draws from its random stream. */
function drawFixture(seed: string, ref: string) {
  const [, sportCode, slotText, jText] = ref.split(':');
  const sport = sportCode as SportCode;
  if (!SPORTS.includes(sport)) throw new Error(`unknown sport in ${ref}`);
  const sim = SPORT_SIMS[sport];
  const slot = Number(slotText);
  const j = Number(jText);
  const rng = seededRng(`${seed}|${ref}`);
  const u = () => rng.int(0, 1_000_000_000) / 1_000_000_000;
  const leagues = leaguesOf(sport);
  // One match at a time per team (sim-schedule.ts).
  const turn = pairingOf(seed, sim, sport === 'baseball', leagues, slot, j);
  if (!turn) throw new Error(`no fixture ${ref}: its league rests`);
  const league = leagues[turn.league];
  const { home, away } = turn;
  const start = slot * SLOT_MS + (j < sim.perSlot ? j * sim.spacingMin * MIN : 0) + rng.int(0, 3) * 5 * MIN;
  const publishAt = start - leadOf(sport, j);
  const strength = (u() * 2 - 1) * 0.9;
  return { sport, sim, rng, u, league, home, away, start, publishAt, strength };
}

/** Specials the match itself does not decide (no three-pointer scored) are drawn. */
function specialsOf(sim: SportSim, scores: ScoreEv[], counting: ScoreEv[], u: () => number) {
  const specials: Record<string, string> = {};
  if (sim.firstScore) specials.first_score = counting[0]?.side ?? 'none';
  if (sim.basketSpecials) {
    specials.first_3pt = scores.find((e) => e.kind === 'three')?.side ?? (u() < 0.5 ? 'home' : 'away');
    specials.first_free_throw = scores.find((e) => e.kind === 'free_throw')?.side ?? (u() < 0.5 ? 'home' : 'away');
  }
  return specials;
}

/** Bet stops around dangerous moments (a score, a soccer penalty); overlapping ones merge. */
function betStops(sim: SportSim, sport: SportCode, counting: ScoreEv[], end: number, u: () => number) {
  const stops: Plan['stops'] = [];
  if (sim.stopOnScore)
    for (const e of counting) {
      const penalty = sport === 'soccer' && u() < 0.15;
      const from = e.t - (penalty ? 60_000 : 3000);
      const to = Math.min(e.t + 25_000, end - 1000);
      const prev = stops[stops.length - 1];
      if (prev && from <= prev.to) prev.to = Math.max(prev.to, to);
      else stops.push({ from, to, reason: penalty ? 'penalty' : e.kind });
    }
  return stops;
}

/** Rare feed events: a void before the start, a cancel window around a score, a settlement rollback. */
function rareEvents(sim: SportSim, start: number, counting: ScoreEv[], u: () => number) {
  const voidAt = u() < 1 / 120 ? start - 20 * MIN : null;
  const cancelPick = u();
  const cancel = sim.stopOnScore && counting.length > 0 && cancelPick < 1 / 40 ? counting[Math.floor(u() * counting.length)] : null;
  const rollback = u() < 1 / 80;
  return { voidAt, cancel: cancel ? { at: cancel.t + 90_000, start: cancel.t - 60_000, end: cancel.t } : null, rollback };
}

/** Lines, fixed for the fixture so market refs stay stable. */
function linesOf(sim: SportSim, pr: Params): Plan['lines'] {
  const quarter = sim.handicapOffsets.some((o) => o % 50 !== 0);
  const mainH = sim.model === 'poisson' ? (quarter ? round50(-pr.md) : halfLine(-pr.md)) : halfLine(-pr.md);
  const mainT = quarter ? round50(pr.mt) : halfLine(pr.mt);
  const period: Plan['lines']['period'] = {};
  for (const pm of sim.periodMarkets) {
    const share = periodShare(sim, pm.period);
    period[pm.period] = {
      handicap: sim.model === 'poisson' ? round25(-pr.md * share) : halfLine(-pr.md * share),
      total: pm.total ?? halfLine(pr.mt * share),
    };
  }
  return {
    handicap: sim.fixedHandicaps ?? sim.handicapOffsets.map((o) => mainH + o),
    total: sim.fixedTotals ?? sim.totalOffsets.map((o) => Math.max(50, mainT + o)),
    period,
  };
}

/**
 * Builds the plan of one fixture (pure function of seed and ref). Every step draws from the
 * one random stream in this order; reordering them changes every plan of a seed.
 */
export function makePlan(seed: string, ref: string): Plan {
  const f = drawFixture(seed, ref);
  const pr = paramsOf(f.sim, f.strength);
  const { phases, scores, end } = playMatch(f.sim, f.sport, f.start, pr, f.u);
  const counting = scores.filter((e) => e.match > 0);
  const specials = specialsOf(f.sim, scores, counting, f.u);
  const stops = betStops(f.sim, f.sport, counting, end, f.u);
  const rare = rareEvents(f.sim, f.start, counting, f.u);
  const plan: Plan = {
    ref,
    sport: f.sport,
    sim: f.sim,
    league: f.league,
    home: f.home,
    away: f.away,
    start: f.start,
    publishAt: f.publishAt,
    strength: f.strength,
    phases,
    regularMs: phases.filter((p) => p.regular).reduce((a, p) => a + (p.to - p.from), 0),
    scores,
    end,
    stops,
    specials,
    voidAt: rare.voidAt,
    cancel: rare.cancel,
    lines: linesOf(f.sim, pr),
    entries: [],
    last: 0,
  };
  plan.entries = buildEntries(plan, f.rng.int(12, 19) * MIN, rare.rollback);
  plan.last = plan.entries[plan.entries.length - 1].t;
  return plan;
}

/** Share of the regular match a period market covers. */
function periodShare(sim: SportSim, period: string) {
  if (period === '1h' && sim.periods.length === 4) return 0.5;
  return 1 / sim.periods.length;
}

function buildEntries(p: Plan, tickEvery: number, rollback: boolean): Entry[] {
  const out: Entry[] = [{ t: p.publishAt, type: 'publish' }];
  if (p.voidAt !== null) {
    for (let t = p.publishAt + tickEvery; t < p.voidAt; t += tickEvery) out.push({ t, type: 'tick' });
    out.push({ t: p.voidAt, type: 'void', reason: 'abandoned' });
    return out;
  }
  // Each fixture reprices on its own jittered clock, never on the whole minute with every other one.
  const jitter = (what: string, n: number, span: number) => Math.floor(hash01(`${p.ref}|${what}|${n}`) * span);
  for (
    let n = 1, t = p.publishAt + tickEvery + jitter('pre', 1, MIN);
    t < p.start - MIN;
    n++, t = p.publishAt + (n + 1) * tickEvery + jitter('pre', n + 1, MIN)
  )
    out.push({ t, type: 'tick' });
  out.push({ t: p.start, type: 'start' });
  const inStop = (t: number) => p.stops.some((s) => t >= s.from && t <= s.to);
  for (let n = 0, t = p.start + jitter('live', 0, LIVE_TICK); t < p.end; n++, t += LIVE_TICK / 2 + jitter('live', n + 1, LIVE_TICK))
    if (t > p.start && !inStop(t)) out.push({ t, type: 'live' });
  for (const s of p.stops) {
    out.push({ t: s.from, type: 'stop', reason: s.reason });
    out.push({ t: s.to, type: 'go' });
  }
  for (const e of p.scores) if (p.sim.stopOnScore || e.match > 0) out.push({ t: e.t, type: 'score' });
  for (const ph of p.phases) {
    if (ph.from > p.start) out.push({ t: ph.from, type: 'score' });
    if (ph.to < p.end) out.push({ t: ph.to, type: 'score' });
  }
  out.push({ t: p.end, type: 'end' });
  const settleAt = p.end + MIN;
  out.push({ t: settleAt, type: 'settle' });
  if (p.cancel) out.push({ t: Math.max(p.cancel.at, p.start + 1000), type: 'cancel', reason: 'missed_event' });
  if (rollback) {
    out.push({ t: settleAt + 5 * MIN, type: 'rollback' });
    out.push({ t: settleAt + 6 * MIN, type: 'settle' });
  }
  // Stable by time; entries at one instant keep the order above (stop before score before go).
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.t - b.e.t || a.i - b.i)
    .map((x) => x.e);
}

// ---- reading the plan at a moment

export type SimState = {
  phase: 'pre' | 'live' | 'ended';
  score: FeedScore;
  /** Regular play time done, 0..1. */
  done: number;
  betStop: string | null;
};

/**
 * How each sport's clock reads (decision 052): the match minute where football-like games
 * count it, the minute of the quarter, period or round where the clock restarts each period,
 * and no minute at all for innings (top or bottom half), sets and maps.
 */
export const CLOCKS: Record<SportCode, 'match' | 'period' | 'none'> = {
  soccer: 'match',
  futsal: 'match',
  handball: 'match',
  basketball: 'period',
  american_football: 'period',
  hockey: 'period',
  ufc: 'period',
  baseball: 'none',
  volleyball: 'none',
  table_tennis: 'none',
  tennis: 'none',
  esports: 'none',
};

const periodLabel = (p: Plan, t: number) => {
  if (t < p.start) return null;
  if (t >= p.end) return 'ft';
  const ph = p.phases.find((x) => t >= x.from && t < x.to);
  // An inning is its top half (the away side bats), then its bottom half.
  if (ph && p.sport === 'baseball') return `${ph.code}${t < ph.from + (ph.to - ph.from) / 2 ? 't' : 'b'}`;
  if (ph) return ph.code;
  return p.sport === 'soccer' || p.sport === 'futsal' || p.sport === 'handball' ? 'ht' : 'break';
};

/** The clock at `t` inside phase `ph`: minute of the match or of the period; null where the sport has none. */
function minuteIn(p: Plan, ph: Phase, t: number): number | null {
  const clock = CLOCKS[p.sport];
  if (clock === 'none') return null;
  const m = Math.floor((t - ph.from) / MIN) + 1;
  return clock === 'match' ? ph.minFrom + m : m;
}

export function stateAt(p: Plan, t: number): SimState {
  let home = 0;
  let away = 0;
  const periods = new Map<string, { home: number; away: number }>();
  for (const ph of p.phases) if (ph.from <= t) periods.set(ph.code, { home: 0, away: 0 });
  const events: FeedScore['events'] = [];
  for (const e of p.scores) {
    if (e.t > t) break;
    if (e.side === 'home') home += e.match;
    else away += e.match;
    const ps = periods.get(e.period);
    if (ps) ps[e.side] += e.pts;
    if (e.match > 0 && (p.sim.stopOnScore || e.kind === 'set' || e.kind === 'map')) {
      const ph = p.phases.find((x) => x.code === e.period);
      events.push({ kind: e.kind, side: e.side, minute: ph ? minuteIn(p, ph, e.t) : null });
    }
  }
  const label = periodLabel(p, t);
  let minute: number | null = null;
  if (CLOCKS[p.sport] !== 'none' && t >= p.start && t < p.end) {
    const cur = p.phases.find((x) => t >= x.from && t < x.to);
    const before = [...p.phases].reverse().find((x) => x.to <= t);
    // In a break the clock shows where the last period stopped (or nothing where it restarts).
    minute = cur ? minuteIn(p, cur, t) : before && CLOCKS[p.sport] === 'match' ? before.minFrom + Math.round((before.to - before.from) / MIN) : null;
  }
  let played = 0;
  for (const ph of p.phases) if (ph.regular) played += Math.max(0, Math.min(t, ph.to) - ph.from);
  const stop = p.stops.find((s) => t >= s.from && t < s.to);
  return {
    phase: t < p.start ? 'pre' : t >= p.end ? 'ended' : 'live',
    score: { home, away, period: label, minute, periods: [...periods].map(([period, s]) => ({ period, ...s })), events: events.slice(-5) },
    done: p.regularMs > 0 ? Math.min(1, played / p.regularMs) : 0,
    betStop: stop ? stop.reason : null,
  };
}

/** The final result in the shape the grader reads (periods keyed by code, specials by market kind). */
export function resultOf(p: Plan): FeedResult {
  const s = stateAt(p, p.end + 1);
  const periods: FeedResult['periods'] = {};
  for (const x of s.score.periods) periods[x.period] = { home: x.home, away: x.away };
  if (p.sim.periods.length === 4 && p.sim.periods[0] === 'q1') {
    const sumOf = (a: string, b: string) => ({
      home: (periods[a]?.home ?? 0) + (periods[b]?.home ?? 0),
      away: (periods[a]?.away ?? 0) + (periods[b]?.away ?? 0),
    });
    periods['1h'] = sumOf('q1', 'q2');
    periods['2h'] = sumOf('q3', 'q4');
  }
  return { home: s.score.home, away: s.score.away, periods, specials: { ...p.specials } };
}

const OVERROUND: Record<Provider, number> = { primary: 0.05, secondary: 0.065 };

/** Phases a period market covers ('1h' of a quarters game: q1 and q2). */
function phasesOf(p: Plan, period: string): string[] {
  if (period === '1h' && p.sim.periods[0] === 'q1') return ['q1', 'q2'];
  return [period];
}

/** Every market of the fixture priced at time `t` by one provider ([] once the match is over). */
export function marketsAt(p: Plan, t: number, provider: Provider): FeedMarket[] {
  const st = stateAt(p, t);
  if (st.phase === 'ended') return [];
  const sim = p.sim;
  // Prematch prices drift with news; in play they follow the score and the clock.
  const drift = st.phase === 'pre' ? 0.08 * (hash01(`${p.ref}|drift|${Math.floor(t / (10 * MIN))}`) - 0.5) : 0;
  const pr = paramsOf(sim, p.strength + drift);
  const rem = Math.max(0.02, 1 - st.done);
  const cur = { home: st.score.home, away: st.score.away };
  const bucket = Math.floor(t / 20_000);
  const out: FeedMarket[] = [];
  const push = (kind: string, period: string, line: number | null, codes: string[], probs: number[] | null) => {
    const ref = `${kind}:${period}:${line ?? ''}`;
    const noise = codes.map((c) => (hash01(`${p.ref}|${provider}|${bucket}|${ref}|${c}`) - 0.5) * 0.03);
    const odds = probs ? price(probs, OVERROUND[provider], noise, priceCapOf(kind)) : null;
    out.push({ ref, kind, period, line, status: odds ? 'open' : 'suspended', outcomes: codes.map((code, i) => ({ code, odds: odds ? odds[i] : null })) });
  };
  let dist: ScoreDist;
  if (sim.model === 'poisson') dist = poissonDist(pr.lh * rem, pr.la * rem, cur, sim.bands === true);
  else if (sim.model === 'points')
    dist = normalDist(
      cur.home - cur.away + pr.md * rem,
      Math.max(0.6, (sim.sdDiff ?? 10) * Math.sqrt(rem)),
      cur.home + cur.away + pr.mt * rem,
      Math.max(0.6, (sim.sdTotal ?? 10) * Math.sqrt(rem)),
    );
  else if (sim.model === 'series') dist = seriesDist(pr.q, sim.need ?? 2, cur);
  else dist = seriesDist(pr.q, 1, { home: 0, away: 0 });

  if (sim.draw) push('1x2', 'ft', null, ['home', 'draw', 'away'], prob1x2(dist));
  else push('moneyline', 'ft', null, ['home', 'away'], probMoneyline(dist));
  for (const l of p.lines.handicap) push('handicap', 'ft', l, ['home', 'away'], probHandicap(dist, l));
  for (const l of p.lines.total) push('over_under', 'ft', l, ['over', 'under'], probTotal(dist, l));
  if (sim.oddEven) push('odd_even', 'ft', null, ['odd', 'even'], probOddEven(dist));
  const scored = p.scores.some((e) => e.t <= t && e.match > 0);
  if (sim.firstScore) {
    const avg = sim.plays ? sim.plays.reduce((a, [v, w]) => a + v * w, 0) / sim.plays.reduce((a, [, w]) => a + w, 0) : 1;
    push('first_score', 'ft', null, ['home', 'none', 'away'], scored ? null : probFirstScore((pr.lh * rem) / avg, (pr.la * rem) / avg));
  }
  if (sim.basketSpecials) {
    const q = 0.5 + p.strength * 0.06;
    const seen = (kind: string) => p.scores.some((e) => e.t <= t && e.kind === kind);
    push('first_3pt', 'ft', null, ['home', 'away'], seen('three') ? null : [q, 1 - q]);
    push('first_free_throw', 'ft', null, ['home', 'away'], seen('free_throw') ? null : [q, 1 - q]);
  }
  if (sim.bands) push('correct_score_band', 'ft', null, BAND_CODES, probBands(dist));

  for (const pm of sim.periodMarkets) {
    const codes = phasesOf(p, pm.period);
    const phs = p.phases.filter((x) => codes.includes(x.code));
    const planned = phs.length > 0 || t < p.start;
    const from = phs[0]?.from ?? Infinity;
    const to = phs[phs.length - 1]?.to ?? Infinity;
    const lines = p.lines.period[pm.period];
    let pd: ScoreDist | null = null;
    if (planned && t < to) {
      const share = periodShare(sim, pm.period);
      if (sim.model === 'poisson' || sim.model === 'points') {
        const left = t <= from ? share : (share * (to - t)) / Math.max(1, to - from);
        const sofar = { home: 0, away: 0 };
        for (const x of st.score.periods)
          if (codes.includes(x.period)) {
            sofar.home += x.home;
            sofar.away += x.away;
          }
        pd =
          sim.model === 'poisson'
            ? poissonDist(pr.lh * left, pr.la * left, sofar)
            : normalDist(
                sofar.home - sofar.away + pr.md * left,
                Math.max(0.6, (sim.sdDiff ?? 10) * Math.sqrt(left)),
                sofar.home + sofar.away + pr.mt * left,
                Math.max(0.6, (sim.sdTotal ?? 10) * Math.sqrt(left)),
              );
      } else if (t < from || (t < p.start && phs.length === 0)) {
        // Sets and maps: offered until the set begins.
        const sd = sim.setKind === 'volley' ? 4 : sim.setKind === 'tt' ? 3 : 1.6;
        pd = { ...seriesDist(pr.q, 1), total: normalDist(0, 1, (pm.total ?? 0) / 100 - 0.2 + 0.4 * hash01(`${p.ref}|set`), sd).total };
      }
    }
    for (const kind of pm.kinds) {
      if (kind === '1x2') push('1x2', pm.period, null, ['home', 'draw', 'away'], pd ? prob1x2(pd) : null);
      else if (kind === 'moneyline') push('moneyline', pm.period, null, ['home', 'away'], pd ? probMoneyline(pd) : null);
      else if (kind === 'handicap') push('handicap', pm.period, lines.handicap, ['home', 'away'], pd ? probHandicap(pd, lines.handicap) : null);
      else push('over_under', pm.period, lines.total, ['over', 'under'], pd ? probTotal(pd, lines.total) : null);
    }
  }
  return out;
}
