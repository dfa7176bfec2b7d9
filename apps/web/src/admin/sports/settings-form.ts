import { LEVELS, type GameSettings } from '@wager/contracts';

/**
 * Sports game settings per board as the admin types them: numbers as text (blank = not applied
 * where the setting allows null). `toSettingsPatch` gives the patch or the first bad field; the
 * server checks again with the contract schema.
 */
type Level = (typeof LEVELS)[number];
export const LEVEL_FIELDS = ['min_bet', 'max_bet', 'max_win', 'single_max'] as const;
export const TOGGLES = ['betting_allowed', 'duplicate_betting', 'cancel_allowed'] as const;

/** [field, nullable, max, allows decimals] */
export const NUMBER_FIELDS = [
  ['closing_seconds', false, 86_400, false],
  ['cancel_seconds', false, 86_400, false],
  ['cancel_minutes', true, 10_080, false],
  ['daily_cancel_count', true, 1_000, false],
  ['round_max_bet', true, 1e15, false],
  ['round_max_win', true, 1e15, false],
  ['highest_odds', true, 100_000, true],
  ['odds_adjust', false, 500, false],
  ['margin_percent', false, 50, true],
  ['inplay_delay_seconds', false, 120, false],
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number][0];

export type LevelForm = { allowed: boolean } & Record<(typeof LEVEL_FIELDS)[number], string>;
export type SettingsForm = Record<(typeof TOGGLES)[number], boolean> &
  Record<NumberField, string> & { provider: 'primary' | 'secondary'; levels: Record<Level, LevelForm> };

const str = (v: number | null) => (v === null ? '' : String(v));

export function toSettingsForm(s: GameSettings): SettingsForm {
  const nums = Object.fromEntries(NUMBER_FIELDS.map(([k]) => [k, str(s[k])])) as Record<NumberField, string>;
  return {
    betting_allowed: s.betting_allowed,
    duplicate_betting: s.duplicate_betting,
    cancel_allowed: s.cancel_allowed,
    ...nums,
    provider: s.provider,
    levels: Object.fromEntries(
      LEVELS.map((l) => [l, { allowed: s.levels[l].allowed, ...Object.fromEntries(LEVEL_FIELDS.map((c) => [c, String(s.levels[l][c])])) }]),
    ) as Record<Level, LevelForm>,
  };
}

function parse(text: string, nullable: boolean, max: number, decimals: boolean, signed: boolean): number | null | 'bad' {
  const t = text.replace(/,/g, '').trim();
  if (t === '') return nullable ? null : 'bad';
  const re = decimals ? /^\d+(\.\d{1,2})?$/ : signed ? /^-?\d+$/ : /^\d+$/;
  if (!re.test(t)) return 'bad';
  const n = Number(t);
  return Math.abs(n) > max ? 'bad' : n;
}

export function toSettingsPatch(f: SettingsForm): { patch: Record<string, unknown> } | { invalid: string } {
  const patch: Record<string, unknown> = {
    betting_allowed: f.betting_allowed,
    duplicate_betting: f.duplicate_betting,
    cancel_allowed: f.cancel_allowed,
    provider: f.provider,
  };
  for (const [k, nullable, max, decimals] of NUMBER_FIELDS) {
    const v = parse(f[k], nullable, max, decimals, k === 'odds_adjust');
    if (v === 'bad') return { invalid: k };
    patch[k] = v;
  }
  const levels: Record<string, unknown> = {};
  for (const l of LEVELS) {
    const row: Record<string, unknown> = { allowed: f.levels[l].allowed };
    for (const c of LEVEL_FIELDS) {
      const v = parse(f.levels[l][c], false, 1e15, false, false);
      if (v === 'bad') return { invalid: `levels.${l}.${c}` };
      row[c] = v;
    }
    if ((row.min_bet as number) > (row.max_bet as number)) return { invalid: `levels.${l}.min_bet` };
    levels[l] = row;
  }
  patch.levels = levels;
  return { patch };
}
