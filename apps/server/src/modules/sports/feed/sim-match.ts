/**
 * How one simulated match goes: its periods with their real times and every score with its
 * time, drawn from the fixture's random stream. Part of the fixture plan (`sim-plan.ts`): the
 * draws must stay in this order, or every plan of a seed changes.
 */
import type { SportCode } from '@wager/contracts';
import type { SportSim } from './sim-sports.ts';

export const MIN = 60_000;

export type Side = 'home' | 'away';
/** A scoring event: `match` adds to the match score, `pts` to the period score. */
export type ScoreEv = { t: number; side: Side; pts: number; match: number; kind: string; period: string };
export type Phase = { code: string; from: number; to: number; minFrom: number; regular: boolean };
export type Match = { phases: Phase[]; scores: ScoreEv[]; end: number };
/** The teams' scoring rates (`lh`, `la`) or the home side's chance to win a set or a fight (`q`). */
type Rates = { lh: number; la: number; q: number };
type Draw = () => number;

const SIDES = ['home', 'away'] as const;

function poissonSample(u: Draw, lambda: number) {
  const l = Math.exp(-lambda);
  let k = 0;
  let p = u();
  while (p > l) {
    k++;
    p *= u();
  }
  return k;
}

function pick<T>(u: Draw, items: [T, number][]): T {
  const total = items.reduce((a, [, w]) => a + w, 0);
  let x = u() * total;
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  return items[items.length - 1][0];
}

function setPoints(u: Draw, kind: SportSim['setKind'], decider: boolean): [number, number] {
  switch (kind) {
    case 'volley': {
      const to = decider ? 15 : 25;
      if (u() < 0.12) {
        const w = to + 1 + Math.floor(u() * 3);
        return [w, w - 2];
      }
      return [to, to - 10 + Math.floor(u() * 9)];
    }
    case 'tt':
      if (u() < 0.15) return [12, 10];
      return [11, 3 + Math.floor(u() * 7)];
    case 'tennis': {
      const x = u();
      if (x < 0.15) return [7, 5];
      if (x < 0.3) return [7, 6];
      return [6, Math.floor(u() * 5)];
    }
    default:
      return [1, 0];
  }
}

/** Lays the periods end to end from the start, with the sport's breaks between them. */
class Timeline {
  phases: Phase[] = [];
  end: number;
  private cursor: number;
  private minute = 0;

  constructor(
    private sim: SportSim,
    start: number,
  ) {
    this.cursor = start;
    this.end = start;
  }

  play(code: string, durMin: number, regular: boolean) {
    const ph: Phase = { code, from: this.cursor, to: this.cursor + durMin * MIN, minFrom: this.minute, regular };
    this.phases.push(ph);
    this.minute += durMin;
    this.cursor = ph.to;
    this.end = ph.to;
    return ph;
  }

  breakAfter(i: number) {
    const long = this.sim.longBreakAfter !== undefined && i + 1 === this.sim.longBreakAfter;
    this.cursor += (long ? (this.sim.longBreakMin ?? this.sim.breakMin) : this.sim.breakMin) * MIN;
  }
}

const matchScore = (scores: ScoreEv[], side: Side) => scores.filter((e) => e.side === side).reduce((a, e) => a + e.match, 0);

/** Goals, runs or points: every period scored at the teams' rates; baseball adds extra innings. */
function playScoring(tl: Timeline, scores: ScoreEv[], sim: SportSim, sport: SportCode, pr: Rates, u: Draw) {
  const scoreKind = sport === 'baseball' ? 'run' : sport === 'american_football' ? 'score' : sim.model === 'points' ? 'point' : 'goal';
  const totalMin = sim.periodMin * sim.periods.length;
  const plays = sim.plays ?? [[1, 1]];
  const avgPlay = plays.reduce((a, [v, w]) => a + v * w, 0) / plays.reduce((a, [, w]) => a + w, 0);
  // Goals fall anywhere in the period; points come in plays of 1, 2 or 3, minute by minute.
  const goals = (ph: Phase, side: Side, teamMean: number) => {
    const n = poissonSample(u, (teamMean * sim.periodMin) / totalMin);
    for (let g = 0; g < n; g++)
      scores.push({ t: ph.from + Math.floor(u() * (ph.to - ph.from - 5000)) + 2000, side, pts: 1, match: 1, kind: scoreKind, period: ph.code });
  };
  const points = (ph: Phase, side: Side, teamMean: number) => {
    for (let m = 0; m < sim.periodMin; m++) {
      const n = poissonSample(u, teamMean / totalMin / avgPlay);
      for (let g = 0; g < n; g++) {
        const v = pick(u, plays);
        scores.push({
          t: ph.from + m * MIN + Math.floor(u() * (MIN - 2000)) + 1000,
          side,
          pts: v,
          match: v,
          kind: v === 3 && sim.basketSpecials ? 'three' : v === 1 && sim.basketSpecials ? 'free_throw' : scoreKind,
          period: ph.code,
        });
      }
    }
  };
  const addPeriod = (code: string, regular: boolean) => {
    const ph = tl.play(code, sim.periodMin, regular);
    for (const side of SIDES) (sim.model === 'poisson' ? goals : points)(ph, side, side === 'home' ? pr.lh : pr.la);
  };
  sim.periods.forEach((code, i) => {
    addPeriod(code, true);
    if (i < sim.periods.length - 1) tl.breakAfter(i);
  });
  if (sport !== 'baseball') return;
  // Extra innings until someone leads (the 15th inning gives the home side a run).
  for (let inning = 10; inning <= 15; inning++) {
    if (matchScore(scores, 'home') !== matchScore(scores, 'away')) break;
    addPeriod(`i${inning}`, false);
    if (inning === 15 && matchScore(scores, 'home') === matchScore(scores, 'away'))
      scores.push({ t: tl.end - 10_000, side: 'home', pts: 1, match: 1, kind: 'run', period: 'i15' });
  }
}

/** Sets or maps until one side has won `need`; each set's points arrive in quarters. */
function playSeries(tl: Timeline, scores: ScoreEv[], sim: SportSim, pr: Rates, u: Draw) {
  const need = sim.need ?? 2;
  const won = { home: 0, away: 0 };
  for (let i = 0; won.home < need && won.away < need; i++) {
    const code = sim.periods[i];
    const ph = tl.play(code, Math.round(sim.periodMin * (0.8 + u() * 0.4)), true);
    const winner: Side = u() < pr.q ? 'home' : 'away';
    const loser: Side = winner === 'home' ? 'away' : 'home';
    const [wp, lp] = setPoints(u, sim.setKind, i === sim.periods.length - 1);
    let given = { home: 0, away: 0 };
    for (const frac of [0.25, 0.5, 0.75, 1]) {
      const target = { [winner]: Math.floor(wp * frac), [loser]: Math.floor(lp * frac) } as Record<Side, number>;
      const t = ph.from + Math.floor((ph.to - ph.from) * frac) - (frac === 1 ? 1000 : 0);
      for (const side of SIDES)
        if (target[side] > given[side]) scores.push({ t, side, pts: target[side] - given[side], match: 0, kind: 'point', period: code });
      given = target;
    }
    scores.push({ t: ph.to - 500, side: winner, pts: 0, match: 1, kind: sim.setKind === 'map' ? 'map' : 'set', period: code });
    won[winner] += 1;
    if (won.home < need && won.away < need) tl.breakAfter(i);
  }
}

/** A fight: a finish in some round, else a decision after the last one. */
function playFight(tl: Timeline, scores: ScoreEv[], sim: SportSim, pr: Rates, u: Draw) {
  for (let i = 0; i < sim.periods.length; i++) {
    const ph = tl.play(sim.periods[i], sim.periodMin, true);
    const last = i === sim.periods.length - 1;
    if (u() < 0.18 || last) {
      const winner: Side = u() < pr.q ? 'home' : 'away';
      const finish = !last || u() < 0.3;
      const t = finish ? ph.from + Math.floor(u() * (ph.to - ph.from - 10_000)) + 5000 : ph.to;
      if (finish) {
        ph.to = t;
        tl.end = t;
      }
      scores.push({ t, side: winner, pts: 1, match: 1, kind: finish ? 'finish' : 'decision', period: ph.code });
      return;
    }
    tl.breakAfter(i);
  }
}

/** Plays the match from `start`; scores come back in time order. */
export function playMatch(sim: SportSim, sport: SportCode, start: number, pr: Rates, u: Draw): Match {
  const tl = new Timeline(sim, start);
  const scores: ScoreEv[] = [];
  if (sim.model === 'poisson' || sim.model === 'points') playScoring(tl, scores, sim, sport, pr, u);
  else if (sim.model === 'series') playSeries(tl, scores, sim, pr, u);
  else playFight(tl, scores, sim, pr, u);
  scores.sort((a, b) => a.t - b.t);
  return { phases: tl.phases, scores, end: tl.end };
}
