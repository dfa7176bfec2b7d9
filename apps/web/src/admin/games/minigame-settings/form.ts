import { LEVELS, type GameSettings } from '@wager/contracts';
import { groupThousands } from '../../../lib/money.ts';

/**
 * The mini-game settings form: amounts and seconds as the admin types them (digits), blank for
 * "not applied" where the setting allows null. `toPatch` gives the fields this screen owns, or the
 * first problem found (the server checks again).
 */
type Level = (typeof LEVELS)[number];
export type LevelForm = { allowed: boolean; min_bet: string; max_bet: string; max_win: string; single_max: string };
export type MinigameSettingsForm = {
  betting_allowed: boolean;
  duplicate_betting: boolean;
  cancel_allowed: boolean;
  closing_seconds: string;
  cancel_seconds: string;
  cancel_minutes: string;
  daily_cancel_count: string;
  round_max_bet: string;
  round_max_win: string;
  levels: Record<Level, LevelForm>;
};

const str = (v: number | null) => (v === null ? '' : String(v));
/** Amounts read easier grouped ("300,000"); the commas go again on the way back. */
const won = (v: number | null) => (v === null ? '' : groupThousands(String(v)));

export function toForm(s: GameSettings): MinigameSettingsForm {
  return {
    betting_allowed: s.betting_allowed,
    duplicate_betting: s.duplicate_betting,
    cancel_allowed: s.cancel_allowed,
    closing_seconds: str(s.closing_seconds),
    cancel_seconds: str(s.cancel_seconds),
    cancel_minutes: str(s.cancel_minutes),
    daily_cancel_count: str(s.daily_cancel_count),
    round_max_bet: won(s.round_max_bet),
    round_max_win: won(s.round_max_win),
    levels: Object.fromEntries(
      LEVELS.map((l) => {
        const v = s.levels[l];
        return [l, { allowed: v.allowed, min_bet: won(v.min_bet), max_bet: won(v.max_bet), max_win: won(v.max_win), single_max: won(v.single_max) }];
      }),
    ) as Record<Level, LevelForm>,
  };
}

export type Problem = { field: string; rule: 'required' | 'integer' | 'max' | 'minAboveMax'; max?: number };
export type Patch = Pick<
  GameSettings,
  | 'betting_allowed'
  | 'duplicate_betting'
  | 'cancel_allowed'
  | 'closing_seconds'
  | 'cancel_seconds'
  | 'cancel_minutes'
  | 'daily_cancel_count'
  | 'round_max_bet'
  | 'round_max_win'
  | 'levels'
>;

const MAX_WON = 1e15;

function whole(text: string, field: string, max: number, nullable: boolean): number | null | Problem {
  const t = text.replace(/,/g, '').trim();
  if (t === '') return nullable ? null : { field, rule: 'required' };
  if (!/^\d+$/.test(t)) return { field, rule: 'integer' };
  const n = Number(t);
  return n > max ? { field, rule: 'max', max } : n;
}
const isProblem = (v: unknown): v is Problem => typeof v === 'object' && v !== null && 'rule' in v;

export function toPatch(f: MinigameSettingsForm): { patch: Patch } | { problem: Problem } {
  const fields = {
    closing_seconds: whole(f.closing_seconds, 'closing_seconds', 86_400, false),
    cancel_seconds: whole(f.cancel_seconds, 'cancel_seconds', 86_400, false),
    cancel_minutes: whole(f.cancel_minutes, 'cancel_minutes', 10_080, true),
    daily_cancel_count: whole(f.daily_cancel_count, 'daily_cancel_count', 1_000, true),
    round_max_bet: whole(f.round_max_bet, 'round_max_bet', MAX_WON, true),
    round_max_win: whole(f.round_max_win, 'round_max_win', MAX_WON, true),
  };
  for (const v of Object.values(fields)) if (isProblem(v)) return { problem: v };
  if (fields.cancel_minutes === 0) return { problem: { field: 'cancel_minutes', rule: 'integer' } };
  const levels = {} as Patch['levels'];
  for (const l of LEVELS) {
    const lf = f.levels[l];
    const nums = {
      min_bet: whole(lf.min_bet, `levels.${l}.min_bet`, MAX_WON, false),
      max_bet: whole(lf.max_bet, `levels.${l}.max_bet`, MAX_WON, false),
      max_win: whole(lf.max_win, `levels.${l}.max_win`, MAX_WON, false),
      single_max: whole(lf.single_max, `levels.${l}.single_max`, MAX_WON, false),
    };
    for (const v of Object.values(nums)) if (isProblem(v)) return { problem: v };
    const n = nums as Record<keyof typeof nums, number>;
    if (n.min_bet > n.max_bet) return { problem: { field: `levels.${l}.min_bet`, rule: 'minAboveMax' } };
    levels[l] = { allowed: lf.allowed, ...n };
  }
  return {
    patch: {
      betting_allowed: f.betting_allowed,
      duplicate_betting: f.duplicate_betting,
      cancel_allowed: f.cancel_allowed,
      closing_seconds: fields.closing_seconds as number,
      cancel_seconds: fields.cancel_seconds as number,
      cancel_minutes: fields.cancel_minutes as number | null,
      daily_cancel_count: fields.daily_cancel_count as number | null,
      round_max_bet: fields.round_max_bet as number | null,
      round_max_win: fields.round_max_win as number | null,
      levels,
    },
  };
}
