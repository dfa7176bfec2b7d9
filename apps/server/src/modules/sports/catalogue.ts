/**
 * The sports catalogue as players read it: an in-memory snapshot per database of every fixture
 * on offer (and those finished in the last hours), with markets and outcomes, names per
 * language and the board views (decision 016). Ingestion marks the fixtures it changed after
 * its commit; the next read reloads just those (three queries), so a list polled by every
 * open page costs no query when nothing moved. A full reload every 30 s is the backstop for
 * writes that do not announce themselves (another process, an admin tool).
 */
import { notifyChange, onChange } from '../../platform/events.ts';
import { SPORTS, type FixtureDetail, type FixtureSummary, type LiveScore, type SportCode, type SportsBoard, type SportsMarket } from '@wager/contracts';
import type { Db, Sql } from '../../platform/db.ts';
import { homeOf } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './repo-catalogue.ts';

const FULL_RELOAD_MS = 30_000;
const RECENT_MS = 3 * 3600_000;

type Snap = {
  loadedAt: number;
  fixtures: Map<bigint, { f: repo.FixtureRow; markets: (repo.MarketRow & { outcomes: repo.OutcomeRow[] })[] }>;
  leagues: Map<bigint, repo.LeagueRow>;
  teams: Map<bigint, repo.TeamRow>;
  sports: Map<string, repo.SportRow>;
};
type Home = {
  snap: Snap | null;
  dirty: Set<bigint>;
  names: boolean;
  full: boolean;
  stamp: number;
  loading: Promise<Snap> | null;
  views: Map<string, { stamp: number; value: unknown }>;
  /** The minute bucket the cached views belong to: a view of an earlier minute is never asked again. */
  viewsMinute: number;
};

const homes = new WeakMap<object, Home>();
const homeState = (home: object) => {
  let h = homes.get(home);
  if (!h) homes.set(home, (h = { snap: null, dirty: new Set(), names: false, full: true, stamp: 1, loading: null, views: new Map(), viewsMinute: 0 }));
  return h;
};

/** Ingestion (after commit) and admin writes: these fixtures changed; `names` = leagues/teams too. */
function markDirty(home: object, fixtureIds: bigint[], names: boolean, quiet = false) {
  const h = homeState(home);
  for (const id of fixtureIds) h.dirty.add(id);
  if (names) h.names = true;
  // `quiet`: only fetching a fixture no list shows (an old one for a detail page); views stay valid.
  if (!quiet) h.stamp++;
}

/** Drops the whole snapshot of a database (admin changes to leagues, teams, sale flags). */
function invalidateCatalogue(home: object) {
  const h = homeState(home);
  h.full = true;
  h.stamp++;
}

// The feed job and the admin screens run in one process of several (decision 060): their notices
// reach every process's snapshot through the change relay, this process's at once.
onChange((home, c) => {
  if (c.topic !== 'fixtures') return;
  if (c.full) invalidateCatalogue(home);
  else markDirty(home, c.ids.map(BigInt), c.names);
});

/** After commit: these fixtures changed (`names`: leagues/teams too), in every server process. */
export function announceFixtures(home: object, fixtureIds: bigint[], names: boolean) {
  if (fixtureIds.length > 0 || names) notifyChange(home, { topic: 'fixtures', ids: fixtureIds.map(String), names });
}

/** After commit: drop the whole catalogue in every server process (leagues, teams, sale flags). */
export function announceCatalogue(home: object) {
  notifyChange(home, { topic: 'fixtures', ids: [], names: true, full: true });
}

async function loadInto(db: Db | Sql, h: Home, now: number): Promise<Snap> {
  const full = h.full || !h.snap || now - h.snap.loadedAt > FULL_RELOAD_MS;
  const dirty = [...h.dirty];
  const names = h.names;
  h.dirty.clear();
  h.names = false;
  h.full = false;
  try {
    const snap: Snap = full
      ? { loadedAt: now, fixtures: new Map(), leagues: new Map(), teams: new Map(), sports: new Map() }
      : { ...h.snap!, fixtures: new Map(h.snap!.fixtures) };
    if (full || names) {
      const n = await repo.loadNames(db);
      snap.sports = new Map(n.sports.map((s) => [s.code, s]));
      snap.leagues = new Map(n.leagues.map((l) => [l.id, l]));
      snap.teams = new Map(n.teams.map((t) => [t.id, t]));
    }
    if (full || dirty.length > 0) {
      const rows = await repo.loadFixtures(db, full ? null : dirty, new Date(now - RECENT_MS));
      const { markets, outcomes } = await repo.loadMarkets(
        db,
        rows.map((r) => r.id),
      );
      const byMarket = new Map<bigint, repo.OutcomeRow[]>();
      for (const o of outcomes) {
        const l = byMarket.get(o.market_id);
        if (l) l.push(o);
        else byMarket.set(o.market_id, [o]);
      }
      for (const f of rows) snap.fixtures.set(f.id, { f, markets: [] });
      for (const m of markets) snap.fixtures.get(m.fixture_id)?.markets.push({ ...m, outcomes: byMarket.get(m.id) ?? [] });
    }
    h.snap = snap;
    // A full reload may have picked up unannounced writes: cached views are stale.
    if (full) h.stamp++;
    return snap;
  } catch (e) {
    // Nothing was applied: ask again next time.
    for (const id of dirty) h.dirty.add(id);
    if (names) h.names = true;
    h.full = h.full || full;
    throw e;
  }
}

/** The current snapshot (reloading what changed); concurrent readers share one load. */
export async function snapshot(db: Db | Sql, now: number): Promise<{ snap: Snap; stamp: number }> {
  const h = homeState(homeOf(db));
  for (;;) {
    if (h.loading) {
      await h.loading;
      continue;
    }
    const stale = !h.snap || h.full || h.names || h.dirty.size > 0 || now - h.snap.loadedAt > FULL_RELOAD_MS;
    if (!stale) return { snap: h.snap!, stamp: h.stamp };
    h.loading = loadInto(db, h, now).finally(() => {
      h.loading = null;
    });
    await h.loading;
  }
}

// ---- views

type Lang = string;
const nameIn = (names: Record<string, string> | undefined, lang: Lang) => (names && (names[lang] || names.en)) || '';
const teamName = (t: repo.TeamRow | undefined, lang: Lang) => (t ? t.names[lang] || t.feed_names[lang] || t.feed_name : '');

const SPECIAL_KINDS = new Set(['first_score', 'first_3pt', 'first_free_throw', 'odd_even', 'correct_score_band']);
const isMain = (m: repo.MarketRow) => m.period === 'ft' && (m.kind === '1x2' || m.kind === 'moneyline');
const offered = (m: repo.MarketRow) => m.status === 'open' || m.status === 'suspended';

/** Whether a board lists the fixture now (state, sale, league interworking). */
export function onBoard(board: SportsBoard, f: repo.FixtureRow, league: repo.LeagueRow | undefined, now: number) {
  if (!f.on_sale || league?.stopped_types.includes(board)) return false;
  const live = board === 'inplay' || board === 'live';
  return live ? f.status === 'progress' : (f.status === 'waiting' || f.status === 'release') && f.starts_at.getTime() > now;
}

/** The most balanced open line of a kind (the "main" handicap / total of the domestic rows). */
function mainLine(markets: (repo.MarketRow & { outcomes: repo.OutcomeRow[] })[], kind: string) {
  let best: (typeof markets)[number] | null = null;
  let gap = Infinity;
  for (const m of markets) {
    if (m.kind !== kind || m.period !== 'ft' || !offered(m) || m.outcomes.length !== 2) continue;
    const [a, b] = m.outcomes;
    const g = a.active && b.active ? Math.abs(Number(a.odds) - Number(b.odds)) : 1000;
    if (g < gap) {
      gap = g;
      best = m;
    }
  }
  return best;
}

/** The markets a board shows for one fixture (lists); detail shows every market. */
export function boardMarkets(board: SportsBoard, markets: (repo.MarketRow & { outcomes: repo.OutcomeRow[] })[]) {
  const open = markets.filter(offered);
  switch (board) {
    case 'europe':
    case 'inplay':
      return open.filter(isMain);
    case 'cross':
    case 'live':
      return [open.find(isMain), mainLine(open, 'handicap'), mainLine(open, 'over_under')].filter((m): m is NonNullable<typeof m> => !!m);
    case 'special':
      return open.filter((m) => SPECIAL_KINDS.has(m.kind));
    case 'special2':
      return open.filter((m) => m.period !== 'ft');
  }
}

const lineText = (l: string | null) => (l === null ? null : Number(l).toFixed(2));

function marketView(m: repo.MarketRow & { outcomes: repo.OutcomeRow[] }): SportsMarket {
  return {
    id: Number(m.id),
    kind: m.kind as SportsMarket['kind'],
    period: m.period,
    line: lineText(m.line),
    status: m.status as SportsMarket['status'],
    outcomes: m.outcomes.map((o) => ({
      id: Number(o.id),
      code: o.code,
      odds: Number(o.odds).toFixed(2),
      active: o.active && m.status === 'open',
      result: o.result,
    })),
  };
}

function scoreView(f: repo.FixtureRow): LiveScore | null {
  const s = f.score as Partial<LiveScore> & { periods?: unknown };
  if (f.status === 'waiting' || f.status === 'release' || s.home === undefined) return null;
  return {
    home: Number(s.home ?? 0),
    away: Number(s.away ?? 0),
    period: s.period ?? null,
    minute: s.minute ?? null,
    periods: Array.isArray(s.periods) ? (s.periods as LiveScore['periods']) : [],
    events: Array.isArray(s.events) ? s.events : [],
  };
}

function fixtureView(
  snap: Snap,
  entry: { f: repo.FixtureRow; markets: (repo.MarketRow & { outcomes: repo.OutcomeRow[] })[] },
  markets: SportsMarket[],
  lang: Lang,
): FixtureSummary {
  const { f } = entry;
  const league = snap.leagues.get(f.league_id);
  return {
    id: Number(f.id),
    sport: f.sport as SportCode,
    league: { id: Number(f.league_id), name: nameIn(league?.names, lang), country: league?.country ?? null },
    home: { id: Number(f.home_team_id), name: teamName(snap.teams.get(f.home_team_id), lang) },
    away: { id: Number(f.away_team_id), name: teamName(snap.teams.get(f.away_team_id), lang) },
    starts_at: f.starts_at.toISOString(),
    status: f.status as FixtureSummary['status'],
    live: f.status === 'progress',
    bet_stop: f.bet_stop,
    score: scoreView(f),
    version: Number(f.version),
    markets,
    market_count: entry.markets.filter((m) => m.status === 'open').length,
  };
}

/** How many views this database's catalogue holds now (tests). */
export const cachedViewCount = (db: Db | Sql) => homeState(homeOf(db)).views.size;

/** A cached answer per view key, rebuilt when the snapshot stamp moved. */
async function view<T>(db: Db | Sql, now: number, key: string, build: (snap: Snap) => T): Promise<T> {
  const { snap, stamp } = await snapshot(db, now);
  const h = homeState(homeOf(db));
  // Lists depend on the clock too (a prematch fixture leaves at its start): one minute buckets.
  // Only the current minute's views are kept: each view is a whole rendered list, and keeping
  // the past minutes' (up to 500 of them) grew a worker's live heap by megabytes an hour.
  const minute = Math.floor(now / 60_000);
  if (minute !== h.viewsMinute) {
    h.views.clear();
    h.viewsMinute = minute;
  }
  const hit = h.views.get(key);
  if (hit && hit.stamp === stamp) return hit.value as T;
  const value = build(snap);
  if (h.views.size > 500) h.views.clear();
  h.views.set(key, { stamp, value });
  return value;
}

export async function listSports(db: Db | Sql, now: number, board: SportsBoard, lang: Lang) {
  return view(db, now, `sports|${board}|${lang}`, (snap) => {
    const counts = new Map<string, { count: number; live: number }>();
    for (const e of snap.fixtures.values()) {
      if (!onBoard(board, e.f, snap.leagues.get(e.f.league_id), now) || boardMarkets(board, e.markets).length === 0) continue;
      const c = counts.get(e.f.sport) ?? { count: 0, live: 0 };
      c.count++;
      if (e.f.status === 'progress') c.live++;
      counts.set(e.f.sport, c);
    }
    return {
      sports: SPORTS.map((code) => ({
        code,
        name: nameIn(snap.sports.get(code)?.names, lang) || code,
        count: counts.get(code)?.count ?? 0,
        live: counts.get(code)?.live ?? 0,
      })),
    };
  });
}

export async function listFixtures(db: Db | Sql, now: number, q: { board: SportsBoard; sport?: SportCode; league_id?: number }, lang: Lang) {
  return view(db, now, `fixtures|${q.board}|${q.sport ?? ''}|${q.league_id ?? ''}|${lang}`, (snap) => {
    const leagues = new Map<bigint, number>();
    const out: FixtureSummary[] = [];
    const entries = [...snap.fixtures.values()].filter(
      (e) => (!q.sport || e.f.sport === q.sport) && onBoard(q.board, e.f, snap.leagues.get(e.f.league_id), now),
    );
    entries.sort((a, b) => a.f.starts_at.getTime() - b.f.starts_at.getTime() || (a.f.id < b.f.id ? -1 : 1));
    for (const e of entries) {
      const markets = boardMarkets(q.board, e.markets);
      if (markets.length === 0) continue;
      leagues.set(e.f.league_id, (leagues.get(e.f.league_id) ?? 0) + 1);
      if (q.league_id !== undefined && Number(e.f.league_id) !== q.league_id) continue;
      out.push(fixtureView(snap, e, markets.map(marketView), lang));
    }
    return {
      fixtures: out,
      leagues: [...leagues].map(([id, count]) => {
        const l = snap.leagues.get(id);
        return { id: Number(id), sport: (l?.sport ?? 'soccer') as SportCode, name: nameIn(l?.names, lang), country: l?.country ?? null, count };
      }),
      stamp: homeState(homeOf(db)).stamp,
    };
  });
}

export async function fixtureDetail(db: Db | Sql, now: number, id: bigint, lang: Lang): Promise<FixtureDetail> {
  let { snap } = await snapshot(db, now);
  if (!snap.fixtures.has(id)) {
    // An older fixture (a bet's history): load it into the snapshot once.
    markDirty(homeOf(db), [id], false, true);
    snap = (await snapshot(db, now)).snap;
  }
  const e = snap.fixtures.get(id);
  if (!e) throw notFound('The match could not be found.', 'sports_fixture_not_found');
  const r = e.f.result as { home?: number; away?: number } | null;
  return {
    ...fixtureView(snap, e, e.markets.filter((m) => m.status !== 'void' || e.f.status === 'cancelled').map(marketView), lang),
    result: r && typeof r.home === 'number' && typeof r.away === 'number' ? { home: r.home, away: r.away } : null,
  };
}

export async function fixtureScores(db: Db | Sql, now: number, ids: bigint[]) {
  let { snap } = await snapshot(db, now);
  const missing = ids.filter((id) => !snap.fixtures.has(id));
  if (missing.length > 0) {
    markDirty(homeOf(db), missing, false, true);
    snap = (await snapshot(db, now)).snap;
  }
  return ids.flatMap((id) => {
    const e = snap.fixtures.get(id);
    return e
      ? [{ id: Number(id), status: e.f.status as FixtureSummary['status'], bet_stop: e.f.bet_stop, score: scoreView(e.f), version: Number(e.f.version) }]
      : [];
  });
}

// ---- the member home page and match search (decision 053)

/** How many fixtures the home page shows per strip, and the most a search answers. */
export const HOME_STRIP = 6;
export const SEARCH_LIMIT = 20;

/** Live now (the in-play board, earliest kick-off first) and starting soon (the prematch board), a handful each. */
export async function homeFixtures(db: Db | Sql, now: number, lang: Lang) {
  const [live, soon] = await Promise.all([listFixtures(db, now, { board: 'inplay' }, lang), listFixtures(db, now, { board: 'europe' }, lang)]);
  return {
    live: live.fixtures.slice(0, HOME_STRIP),
    live_total: live.fixtures.length,
    soon: soon.fixtures.slice(0, HOME_STRIP),
    soon_total: soon.fixtures.length,
  };
}

/** Case and width folded, so "chelsea", "CHELSEA" and full-width letters meet. */
export const foldName = (s: string) => s.normalize('NFKC').toLocaleLowerCase('en');

// Every name of a team or league in every language, folded once per loaded row.
const haystacks = new WeakMap<object, string>();
function haystack(row: repo.TeamRow | repo.LeagueRow | undefined): string {
  if (!row) return '';
  let hay = haystacks.get(row);
  if (hay === undefined) {
    const names = 'feed_name' in row ? [row.feed_name, ...Object.values(row.feed_names), ...Object.values(row.names)] : Object.values(row.names);
    hay = names.map(foldName).join('\u0000');
    haystacks.set(row, hay);
  }
  return hay;
}

/**
 * Open fixtures (in play, or prematch and not started) whose team or league is named `q` in
 * any language — the admin's names, the feed's names per language and the feed's default —
 * in play first, then by kick-off; at most SEARCH_LIMIT. Each comes as its board lists it.
 */
export async function searchFixtures(db: Db | Sql, now: number, q: string, lang: Lang): Promise<FixtureSummary[]> {
  const needle = foldName(q.trim());
  if (needle.length === 0) return [];
  const { snap } = await snapshot(db, now);
  const hits: { e: Snap['fixtures'] extends Map<bigint, infer E> ? E : never; board: SportsBoard }[] = [];
  for (const e of snap.fixtures.values()) {
    const league = snap.leagues.get(e.f.league_id);
    const board: SportsBoard | null = onBoard('inplay', e.f, league, now) ? 'inplay' : onBoard('europe', e.f, league, now) ? 'europe' : null;
    if (!board || boardMarkets(board, e.markets).length === 0) continue;
    if (
      !haystack(snap.teams.get(e.f.home_team_id)).includes(needle) &&
      !haystack(snap.teams.get(e.f.away_team_id)).includes(needle) &&
      !haystack(league).includes(needle)
    )
      continue;
    hits.push({ e, board });
  }
  hits.sort(
    (a, b) =>
      Number(b.board === 'inplay') - Number(a.board === 'inplay') || a.e.f.starts_at.getTime() - b.e.f.starts_at.getTime() || (a.e.f.id < b.e.f.id ? -1 : 1),
  );
  return hits.slice(0, SEARCH_LIMIT).map(({ e, board }) => fixtureView(snap, e, boardMarkets(board, e.markets).map(marketView), lang));
}
