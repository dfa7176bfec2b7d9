import type { SportsResultInput } from '@wager/contracts';

/**
 * The result-entry form as the admin types it (digits as text) and its conversion to the call's
 * result. Specials: a winning outcome code, several comma-separated for a dead heat, "void" to
 * refund the market, blank to grade it from the score.
 */
export type PeriodForm = { period: string; home: string; away: string };
export type ResultForm = { home: string; away: string; periods: PeriodForm[]; specials: Record<string, string> };

/** Market kinds graded from the score; any other kind is a special the admin names the winner of. */
export const SCORE_KINDS = new Set(['1x2', 'moneyline', 'handicap', 'over_under', 'odd_even', 'correct_score_band']);

type Stored = { home: number; away: number; periods?: unknown; specials?: unknown } | null;

export function toResultForm(stored: Stored, specialKinds: string[]): ResultForm {
  const periods = Array.isArray(stored?.periods)
    ? (stored.periods as { period?: string; home: number; away: number }[]).map((p, i) => ({
        period: p.period ?? String(i + 1),
        home: String(p.home),
        away: String(p.away),
      }))
    : [];
  const given = (stored?.specials ?? {}) as Record<string, string | string[] | null>;
  const specials: Record<string, string> = {};
  for (const k of specialKinds) {
    const v = given[k];
    specials[k] = v === undefined ? '' : v === null ? 'void' : Array.isArray(v) ? v.join(',') : v;
  }
  return { home: stored ? String(stored.home) : '', away: stored ? String(stored.away) : '', periods, specials };
}

const score = (s: string) => (/^\d{1,4}$/.test(s.trim()) ? Number(s.trim()) : null);

/** The call's result, or the first field that is not a score. */
export function toResultInput(f: ResultForm): { result: SportsResultInput } | { invalid: string } {
  const home = score(f.home);
  const away = score(f.away);
  if (home === null) return { invalid: 'home' };
  if (away === null) return { invalid: 'away' };
  const periods: SportsResultInput['periods'] = [];
  for (const [i, p] of f.periods.entries()) {
    const h = score(p.home);
    const a = score(p.away);
    if (h === null || a === null || p.period.trim() === '') return { invalid: `periods.${i}` };
    periods.push({ period: p.period.trim(), home: h, away: a });
  }
  const specials: SportsResultInput['specials'] = {};
  for (const [k, v] of Object.entries(f.specials)) {
    const t = v.trim();
    if (t === '') continue;
    if (t.toLowerCase() === 'void') specials[k] = null;
    else {
      const codes = t
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      specials[k] = codes.length === 1 ? codes[0] : codes;
    }
  }
  return { result: { home, away, periods, specials } };
}

/** A fresh idempotency key for one attempt of a result call; falls back where randomUUID needs a secure context. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
