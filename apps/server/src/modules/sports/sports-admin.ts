import type { Clock } from '../../platform/clock.ts';
import { afterCommit, homeOf, type Db, type Sql } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { getSettings } from '../settings/index.ts';
import { announceCatalogue } from './catalogue.ts';
import * as repo from './repo-admin.ts';
import { fixtureResultDetail } from './results.ts';

/** Sports back office reads and the small writes beside result management (decision 018). */

const PAGE = 20; // the admin lists page by 20 (web ops/shared.tsx ADMIN_PER_PAGE)
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const fixtureOut = (r: repo.FixtureListRow) => ({
  id: Number(r.id),
  sport: r.sport,
  league: r.league,
  home: r.home,
  away: r.away,
  starts_at: r.starts_at.toISOString(),
  status: r.status,
  on_sale: r.on_sale,
  managed: r.managed,
  result: (r.result ?? null) as { home: number; away: number } | null,
  result_source: r.result_source,
  result_version: r.result_version,
  bets: r.bets,
  open_bets: r.open_bets,
  stakes: r.stakes.toString(),
});

export async function listFixtures(sql: Sql, clock: Clock, lang: string | null, q: { filter: string; sport?: string; search?: string; skip: number }) {
  const r = await repo.listFixtures(sql, {
    filter: q.filter,
    sport: q.sport ?? null,
    search: q.search || null,
    skip: q.skip,
    limit: PAGE,
    now: clock.now(),
    lang,
  });
  return { rows: r.rows.map(fixtureOut), total: r.total };
}

export async function fixtureDetail(sql: Sql, lang: string | null, fixtureId: bigint) {
  const row = await repo.fixtureRow(sql, fixtureId, lang);
  if (!row) throw notFound('The match does not exist.', 'sports_fixture_not_found');
  const d = await fixtureResultDetail(sql, fixtureId);
  const markets = new Map<bigint, { id: number; kind: string; period: string; line: string | null; status: string; outcomes: object[] }>();
  for (const m of await repo.marketsWithBets(sql, fixtureId)) {
    let e = markets.get(m.id);
    if (!e) markets.set(m.id, (e = { id: Number(m.id), kind: m.kind, period: m.period, line: m.line, status: m.status, outcomes: [] }));
    if (m.outcome_id !== null)
      e.outcomes.push({
        id: Number(m.outcome_id),
        code: m.code,
        odds: m.odds,
        result: m.result,
        dead_heat: m.dead_heat,
        bets: m.bets,
        stakes: m.stakes.toString(),
      });
  }
  return {
    fixture: fixtureOut(row),
    markets: [...markets.values()] as never,
    entries: d.entries.map((e) => ({
      id: Number(e.id),
      action: e.action,
      result: e.result,
      version: e.version,
      actor: e.actor_id === null ? e.actor_type : `${e.actor_type}:${e.actor_id}`,
      memo: e.memo,
      created_at: e.created_at.toISOString(),
    })),
    queue: d.queue.map((q) => ({
      id: Number(q.id),
      action: q.action,
      requested_by: q.requested_by,
      requested_at: q.requested_at.toISOString(),
      done_at: iso(q.done_at),
      settled: q.settled,
      reopened: q.reopened,
      written_off: q.written_off.toString(),
      error: (q.error ?? null) as { code: string; message: string } | null,
    })),
    recall: d.recall.map((r) => ({
      user_id: Number(r.user_id),
      account: r.account,
      bets: r.bets,
      owed: r.owed.toString(),
      held: r.held.toString(),
      missing: r.missing.toString(),
    })),
  };
}

export async function listLeagues(sql: Sql, lang: string | null, sport?: string) {
  return { rows: (await repo.listLeagues(sql, sport ?? null, lang)).map((l) => ({ ...l, id: Number(l.id) })) };
}

/** League interworking: stop or restart board types for the selected leagues (or all). */
export async function setLeaguesStopped(db: Db, clock: Clock, actor: Actor, q: { leagueIds: bigint[]; all: boolean; types: string[]; stopped: boolean }) {
  return db.tx(async (sql) => {
    const changed = await repo.setStopped(sql, q.all ? null : q.leagueIds, q.types, q.stopped);
    afterCommit(sql, () => announceCatalogue(homeOf(sql)));
    if (changed.length > 0)
      await writeAudit(sql, clock, {
        actor,
        action: q.stopped ? 'sports.league.stop' : 'sports.league.start',
        target: q.all ? 'leagues:all' : `leagues:${q.leagueIds.join(',')}`.slice(0, 200),
        after: { types: q.types, leagues: changed.map((c) => String(c.id)) },
      });
    return { changed: changed.length };
  });
}

export async function listTeams(sql: Sql, q: { sport?: string; search?: string; skip: number }) {
  const r = await repo.listTeams(sql, { sport: q.sport ?? null, search: q.search || null, skip: q.skip, limit: PAGE });
  return { rows: r.rows.map((t) => ({ ...t, id: Number(t.id) })), total: r.total };
}

/** Display names per language; an empty name falls back to the feed's name. */
export async function setTeamNames(db: Db, clock: Clock, actor: Actor, teamId: bigint, names: Record<string, string | undefined>) {
  await db.tx(async (sql) => {
    const t = await repo.lockTeam(sql, teamId);
    if (!t) throw notFound('The team does not exist.', 'sports_team_not_found');
    const next: Record<string, string> = { ...t.names };
    for (const [k, v] of Object.entries(names)) {
      if (v === undefined) continue;
      if (v === '') delete next[k];
      else next[k] = v;
    }
    await repo.setTeamNames(sql, teamId, next);
    afterCommit(sql, () => announceCatalogue(homeOf(sql)));
    await writeAudit(sql, clock, { actor, action: 'sports.team.names', target: `team:${teamId}`, before: t.names, after: next });
  });
  return { ok: true as const };
}

export async function highBets(sql: Sql, q: { status?: string; skip: number }) {
  const threshold = BigInt((await getSettings(sql)).high_bet_amount);
  const r = await repo.highBets(sql, { threshold, status: q.status ?? null, skip: q.skip, limit: PAGE });
  return {
    threshold: threshold.toString(),
    total: r.total,
    rows: r.rows.map((b) => ({
      ...b,
      id: Number(b.id),
      amount: b.amount.toString(),
      potential_win: b.potential_win.toString(),
      win_amount: b.win_amount.toString(),
      created_at: b.created_at.toISOString(),
    })),
  };
}

export async function liability(sql: Sql, lang: string | null, fixtureId?: bigint) {
  const f = fixtureId ?? null;
  const [outcomes, bettors, totals] = [
    await repo.liabilityByOutcome(sql, f, lang, 100),
    await repo.liabilityBettors(sql, f, 20),
    await repo.liabilityTotals(sql, f),
  ];
  return {
    outcomes: outcomes.map((o) => ({
      ...o,
      fixture_id: Number(o.fixture_id),
      starts_at: o.starts_at.toISOString(),
      stakes: o.stakes.toString(),
      payout: o.payout.toString(),
    })),
    bettors: bettors.map((b) => ({ ...b, user_id: Number(b.user_id), stakes: b.stakes.toString(), payout: b.payout.toString() })),
    totals: { bets: totals.bets, stakes: totals.stakes.toString(), payout: totals.payout.toString() },
  };
}
