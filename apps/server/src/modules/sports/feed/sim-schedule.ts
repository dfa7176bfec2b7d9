/**
 * Who plays whom in the simulated calendar, so that a team never plays two matches at once
 * (decision 052). A sport's fixtures are numbered in time order (`fixtureIndex`), dealt to its
 * leagues in turn, and the n-th fixture of a league takes the n-th pair of that league's
 * cyclic pairing sequence, in which any `window` consecutive pairs share no team. `window` is
 * how many of the league's fixtures can be running at once (the longest possible match, the
 * start jitter). Pure: a function of the sport, the league and the seed only.
 */
import { seededRng } from '../../../platform/rng.ts';
import type { SportSim } from './sim-sports.ts';

const MIN = 60_000;
const SLOT_MS = 30 * MIN;
/** Starts are jittered by 0, 5 or 10 minutes (drawFixture). */
export const START_JITTER_MS = 10 * MIN;
const CYCLE_SLOTS = 4;
const SEQUENCE = 24;

/** The longest a match of the sport can last, start to end (every set played, extra innings). */
export function maxMatchMs(sim: SportSim, baseball: boolean): number {
  const n = sim.periods.length;
  const longest = sim.model === 'series' ? sim.periodMin * 1.2 + 1 : sim.periodMin;
  const breaks = (n - 1) * Math.max(sim.breakMin, sim.longBreakMin ?? 0);
  return (n * longest + breaks + (baseball ? 6 * sim.periodMin : 0)) * MIN;
}

/** The fixtures of one 30-minute slot: `j` < perSlot spaced by `spacingMin`, plus j = perSlot every 4th slot. */
export function slotFixtures(sim: SportSim, slot: number): { j: number; earliest: number }[] {
  const out: { j: number; earliest: number }[] = [];
  for (let j = 0; j <= sim.perSlot; j++) {
    if (j === sim.perSlot && slot % CYCLE_SLOTS !== 0) continue;
    out.push({ j, earliest: slot * SLOT_MS + (j < sim.perSlot ? j * sim.spacingMin * MIN : 0) });
  }
  return out;
}

/** Position of fixture (slot, j) among all fixtures of the sport, contiguous and in time order. */
export function fixtureIndex(sim: SportSim, slot: number, j: number): number {
  const perCycle = CYCLE_SLOTS * sim.perSlot + 1;
  const cycle = Math.floor(slot / CYCLE_SLOTS);
  const s = slot - cycle * CYCLE_SLOTS;
  // The long-lead fixture starts with the cycle's first slot, so it comes first.
  return cycle * perCycle + (j === sim.perSlot ? 0 : 1 + s * sim.perSlot + j);
}

const windows = new Map<string, number>();

/** How many fixtures of one league (of `leagues`) can overlap in time, the fixture itself included. */
export function overlapWindow(sim: SportSim, baseball: boolean, leagues: number): number {
  const key = `${JSON.stringify(sim.periods)}|${sim.perSlot}|${sim.spacingMin}|${baseball}|${leagues}`;
  const known = windows.get(key);
  if (known !== undefined) return known;
  const span = maxMatchMs(sim, baseball) + START_JITTER_MS;
  // Three whole cycles of the league rotation (it repeats), fixtures by index.
  const starts: number[] = [];
  const cycles = 3 * leagues;
  for (let slot = 0; slot < cycles * CYCLE_SLOTS; slot++) for (const f of slotFixtures(sim, slot)) starts[fixtureIndex(sim, slot, f.j)] = f.earliest;
  let window = 1;
  for (let a = 0; a < starts.length; a += 1) {
    let n = 1;
    for (let b = a + leagues; b < starts.length; b += leagues) if (Math.abs(starts[b] - starts[a]) < span) n = b / leagues - a / leagues + 1;
    window = Math.max(window, Math.ceil(n));
  }
  windows.set(key, window);
  return window;
}

const sequences = new Map<string, [number, number][]>();

/**
 * The league's cyclic pairing sequence: SEQUENCE pairs of team indexes where any `window`
 * consecutive ones (wrapping round) share no team. Needs 2 × window ≤ teams.
 */
export function pairingSequence(seed: string, leagueRef: string, teams: number, window: number): [number, number][] {
  const key = `${seed}|${leagueRef}|${teams}|${window}`;
  const known = sequences.get(key);
  if (known) return known;
  if (2 * window > teams) throw new Error(`league ${leagueRef}: ${teams} teams cannot fill ${window} matches at once`);
  const rng = seededRng(`${seed}|pairs|${leagueRef}`);
  for (;;) {
    const seq: [number, number][] = [];
    let stuck = false;
    for (let i = 0; i < SEQUENCE && !stuck; i++) {
      const busy = new Set<number>();
      for (let d = 1; d < window; d++) {
        for (const x of seq[i - d] ?? []) busy.add(x);
        // Closing the cycle: the first pairs follow the last ones.
        if (i + d >= SEQUENCE) for (const x of seq[i + d - SEQUENCE]) busy.add(x);
      }
      const free = [...Array(teams).keys()].filter((x) => !busy.has(x));
      if (free.length < 2) stuck = true;
      else {
        const h = free.splice(rng.int(0, free.length), 1)[0];
        seq.push([h, free[rng.int(0, free.length)]]);
      }
    }
    if (!stuck) {
      sequences.set(key, seq);
      return seq;
    }
  }
}

type Leagues = { ref: string; teams: unknown[] }[];

/**
 * The league of fixture (slot, j) and the fixture's place in that league's pairing sequence,
 * or null when the league rests then: a league with too few teams for `window` matches at
 * once plays only `teams / 2` of every `window` of its fixtures.
 */
export function leagueTurn(
  sim: SportSim,
  baseball: boolean,
  leagues: Leagues,
  slot: number,
  j: number,
): { league: number; ordinal: number; most: number } | null {
  const idx = fixtureIndex(sim, slot, j);
  const league = idx % leagues.length;
  const n = Math.floor(idx / leagues.length);
  const window = overlapWindow(sim, baseball, leagues.length);
  const most = Math.min(window, Math.floor(leagues[league].teams.length / 2));
  if (n % window >= most) return null;
  return { league, ordinal: Math.floor(n / window) * most + (n % window), most };
}

/** Who plays fixture (slot, j) (null: its league rests). */
export function pairingOf(
  seed: string,
  sim: SportSim,
  baseball: boolean,
  leagues: Leagues,
  slot: number,
  j: number,
): { league: number; home: number; away: number } | null {
  const turn = leagueTurn(sim, baseball, leagues, slot, j);
  if (!turn) return null;
  const seq = pairingSequence(seed, leagues[turn.league].ref, leagues[turn.league].teams.length, turn.most);
  const [home, away] = seq[turn.ordinal % seq.length];
  return { league: turn.league, home, away };
}
