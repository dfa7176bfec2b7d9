import type { TFunction } from 'i18next';
import type { SportsMarket } from '@wager/contracts';

/**
 * How markets, picks and periods read (the server sends codes: kind `handicap`, period `q3`,
 * pick `over`, line "-1.50"); team and league names arrive already in the reader's language.
 */

type PeriodText = { key: 'ft' | 'ht' | '1h' | '2h' | 'ot' | 'pen' | 'break' | 'firstFive' } | { key: Numbered; n: number };

type Numbered = 'quarter' | 'period' | 'set' | 'inning' | 'inningTop' | 'inningBottom' | 'map' | 'round' | 'game';

const NUMBERED: [RegExp, Numbered][] = [
  [/^q(\d)$/, 'quarter'],
  [/^p(\d)$/, 'period'],
  [/^set(\d)$/, 'set'],
  // A live baseball clock: the inning and its half (the away side bats in the top).
  [/^i(\d{1,2})t$/, 'inningTop'],
  [/^i(\d{1,2})b$/, 'inningBottom'],
  [/^i(\d{1,2})$/, 'inning'],
  [/^map(\d)$/, 'map'],
  [/^r(?:ound)?(\d{1,2})$/, 'round'],
  [/^g(?:ame)?(\d{1,2})$/, 'game'],
];

/** A period code as a key of `sports.periods` (null for a code we do not know: shown as is). */
export function periodText(code: string | null | undefined): PeriodText | null {
  if (!code) return null;
  const c = code.toLowerCase();
  if (c === 'ft' || c === 'ht' || c === '1h' || c === '2h' || c === 'ot' || c === 'pen' || c === 'break') return { key: c };
  if (c === 'i1_5') return { key: 'firstFive' };
  for (const [re, key] of NUMBERED) {
    const m = re.exec(c);
    if (m) return { key, n: Number(m[1]) };
  }
  return null;
}

export function periodLabel(t: TFunction, code: string | null | undefined): string {
  const p = periodText(code);
  if (!p) return code ?? '';
  return 'n' in p ? t(`sports.periods.${p.key}`, { n: p.n }) : t(`sports.periods.${p.key}`);
}

/** "-1.50" → "-1.5", "2.00" → "2", "+0.25" kept: lines read shorter without trailing zeros. */
export function shortLine(line: string | null | undefined): string {
  if (line === null || line === undefined) return '';
  return line.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** A handicap line from the home side ("-1.5") and the away side ("+1.5"). */
export function handicapFor(line: string | null, side: 'home' | 'away'): string {
  if (line === null) return '';
  const s = shortLine(line);
  const negative = s.startsWith('-');
  const bare = s.replace(/^[-+]/, '');
  if (bare === '0') return '0';
  if (side === 'home') return negative ? `-${bare}` : `+${bare}`;
  return negative ? `+${bare}` : `-${bare}`;
}

const KINDS = new Set(['1x2', 'moneyline', 'handicap', 'over_under', 'odd_even', 'first_score', 'first_3pt', 'first_free_throw', 'correct_score_band']);

/** "핸디캡 · 전반 -1.5": the kind, the period when it is not the full match, the line. */
export function marketLabel(t: TFunction, market: Pick<SportsMarket, 'kind' | 'period' | 'line'>): string {
  const kind = KINDS.has(market.kind) ? t(`sports.kinds.${market.kind}`) : market.kind;
  const parts = [kind];
  if (market.period && market.period !== 'ft') parts.push(periodLabel(t, market.period));
  const head = parts.join(' · ');
  if (market.line === null) return head;
  return `${head} ${market.kind === 'handicap' ? handicapFor(market.line, 'home') : shortLine(market.line)}`;
}

const PICK_CODES = ['home', 'draw', 'away', 'over', 'under', 'odd', 'even', 'none', 'yes', 'no', 'other'] as const;
type PickCode = (typeof PICK_CODES)[number];
const isPickCode = (code: string): code is PickCode => (PICK_CODES as readonly string[]).includes(code);

/** The pick as a player reads it: "홈승", "오버 2.5", "원정 +1.5", a score band as sent ("2-1") or worded ("h3+"). */
export function pickLabel(t: TFunction, market: Pick<SportsMarket, 'kind' | 'line'>, code: string, teams?: { home: string; away: string }): string {
  if (market.kind === 'handicap' && (code === 'home' || code === 'away')) {
    const team = teams ? teams[code] : t(`sports.picks.${code}`);
    return `${team} ${handicapFor(market.line, code)}`;
  }
  if (market.kind === 'over_under' && (code === 'over' || code === 'under')) return `${t(`sports.picks.${code}`)} ${shortLine(market.line)}`;
  if (teams && (code === 'home' || code === 'away') && market.kind !== '1x2') return teams[code];
  // Score bands: "h3+" = home wins by 3 or more (decision 018).
  const by = /^([ha])(\d+)\+$/.exec(code);
  if (by) return t(by[1] === 'h' ? 'sports.picks.homeBy' : 'sports.picks.awayBy', { n: Number(by[2]) });
  return isPickCode(code) ? t(`sports.picks.${code}`) : code;
}

/** Where an outcome sits on a domestic row: left (home side), middle (tie / none) or right (away side). */
export function sideOf(code: string): 'left' | 'middle' | 'right' | null {
  if (code === 'home' || code === 'over' || code === 'odd' || code === 'yes') return 'left';
  if (code === 'draw' || code === 'none') return 'middle';
  if (code === 'away' || code === 'under' || code === 'even' || code === 'no') return 'right';
  return null;
}

/** Markets of a fixture grouped for the detail page: one group per kind and period, lines in order. */
export function groupMarkets<M extends Pick<SportsMarket, 'kind' | 'period' | 'line'>>(
  markets: readonly M[],
): { kind: string; period: string; markets: M[] }[] {
  const groups = new Map<string, { kind: string; period: string; markets: M[] }>();
  for (const m of markets) {
    const key = `${m.kind}|${m.period}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { kind: m.kind, period: m.period, markets: [] }));
    g.markets.push(m);
  }
  const periodRank = (p: string) => (p === 'ft' ? 0 : 1);
  return [...groups.values()].sort((a, b) => periodRank(a.period) - periodRank(b.period));
}
