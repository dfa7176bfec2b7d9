import type { MinigameDraw, MinigameKey } from '@wager/contracts';
import { drawStream, type DrawStream } from './fair-verify.ts';

/**
 * Each game's draw as the documented function of its stream (decision 019), written here a second
 * time on purpose: the verification page recomputes from public data with its own code and
 * compares with what the server published.
 */
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const isOdd = (n: number) => n % 2 === 1;
const finishOf = (start: 'left' | 'right', lines: 3 | 4): 'odd' | 'even' => ((start === 'left') === (lines === 3) ? 'even' : 'odd');
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const VIRTUAL_TEAMS = [
  'Seoul Tigers',
  'Busan Sharks',
  'Incheon Eagles',
  'Daegu Bears',
  'Gwangju Falcons',
  'Daejeon Wolves',
  'Ulsan Whales',
  'Suwon Bulls',
  'Jeju Dolphins',
  'Pohang Steelers',
  'Jeonju Knights',
  'Changwon Lions',
  'Goyang Foxes',
  'Seongnam Hawks',
  'Anyang Owls',
  'Cheonan Stags',
];
// Goals per side: Poisson weights (per 10,000) for 0–6 goals, home λ 1.5, away λ 1.1.
const HOME_GOALS = [2241, 3347, 2510, 1255, 471, 141, 35];
const AWAY_GOALS = [3330, 3662, 2014, 738, 203, 45, 8];

/** The draw function of each game (which family reads the stream how). */
const DRAWS: Record<MinigameKey, (s: DrawStream) => Promise<MinigameDraw>> = {
  ntry_eos1: powerball,
  ntry_eos2: powerball,
  ntry_eos3: powerball,
  ntry_eos4: powerball,
  ntry_eos5: powerball,
  ntry_powerball: powerball,
  bepick_eos1: powerball,
  bepick_eos2: powerball,
  bepick_eos3: powerball,
  bepick_eos4: powerball,
  bepick_eos5: powerball,
  ntry_powerladder: powerLadder,
  ntry_kenoladder: kenoLadder,
  ntry_speedkeno: speedKeno,
  bepick_happy545: happy545,
  bepick_marukhan: marukhan,
  roulette,
  cockfight,
  virtual_soccer: virtualSoccer,
};

/** Five distinct balls of 1–28, then the power ball 0–9. */
async function powerball(s: DrawStream): Promise<MinigameDraw> {
  const balls = await s.pickDistinct(5, 1, 28);
  const power = await s.int(0, 10);
  return { family: 'powerball', balls, power, sum: sum(balls) };
}

/** Start (0 left, 1 right), then lines (0 → 3, 1 → 4). */
async function powerLadder(s: DrawStream): Promise<MinigameDraw> {
  const start = (await s.int(0, 2)) === 0 ? 'left' : 'right';
  const lines = (await s.int(0, 2)) === 0 ? 3 : 4;
  return { family: 'ladder', start, lines, finish: finishOf(start, lines) };
}

/** Twenty of 1–70: an odd first ball starts left, an odd last ball makes 3 lines. */
async function kenoLadder(s: DrawStream): Promise<MinigameDraw> {
  const balls = await s.pickDistinct(20, 1, 70);
  const start = isOdd(balls[0]) ? 'left' : 'right';
  const lines = isOdd(balls[19]) ? 3 : 4;
  return { family: 'ladder', start, lines, finish: finishOf(start, lines), balls };
}

async function speedKeno(s: DrawStream): Promise<MinigameDraw> {
  const balls = await s.pickDistinct(20, 1, 70);
  return { family: 'keno', balls, sum: sum(balls) };
}

/** Six distinct of 1–45: the first five are the balls, the sixth the bonus. */
async function happy545(s: DrawStream): Promise<MinigameDraw> {
  const six = await s.pickDistinct(6, 1, 45);
  const balls = six.slice(0, 5);
  return { family: 'lotto', balls, bonus: six[5], sum: sum(balls) };
}

async function marukhan(s: DrawStream): Promise<MinigameDraw> {
  const dice = [await s.int(1, 7), await s.int(1, 7), await s.int(1, 7)];
  return { family: 'dice', dice, sum: sum(dice) };
}

async function roulette(s: DrawStream): Promise<MinigameDraw> {
  const number = await s.int(0, 37);
  return { family: 'roulette', number, color: number === 0 ? 'green' : RED.has(number) ? 'red' : 'black' };
}

/** Meron 45, wala 45, draw 10 (weights). */
async function cockfight(s: DrawStream): Promise<MinigameDraw> {
  const winner = (['meron', 'wala', 'draw'] as const)[await s.weighted([45, 45, 10])];
  return { family: 'cockfight', winner };
}

async function virtualSoccer(s: DrawStream): Promise<MinigameDraw> {
  const [h, a] = await s.pickDistinct(2, 0, VIRTUAL_TEAMS.length - 1);
  const home_goals = await s.weighted(HOME_GOALS);
  const away_goals = await s.weighted(AWAY_GOALS);
  return { family: 'virtual', home: VIRTUAL_TEAMS[h], away: VIRTUAL_TEAMS[a], home_goals, away_goals };
}

/** The draw recomputed from the revealed seed and the HMAC message, or null for a game not known here. */
export async function recomputeDraw(game: string, seed: string, message: string): Promise<MinigameDraw | null> {
  const draw = DRAWS[game as MinigameKey];
  return draw ? draw(await drawStream(seed, message)) : null;
}

const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;

/** Same outcome, field by field (key order does not matter, ball order does). */
export function sameDraw(a: MinigameDraw, b: MinigameDraw): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
