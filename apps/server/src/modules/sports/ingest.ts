/**
 * Feed ingestion: applies a batch of feed messages in ONE transaction (with the feed's cursor,
 * so a restart neither skips nor repeats a batch): logs each to `feed_messages`, upserts the
 * catalogue, stores both providers' prices and the player odds derived from them, moves
 * fixtures through their states, and hands settlement work to the settle queue (decision 016
 * lists what each message enqueues). Pushes and snapshot invalidation run after the commit.
 */
import type { SportsPushEvent } from '@wager/contracts';
import type { Clock } from '../../platform/clock.ts';
import { afterCommit, homeOf, type Db, type Sql } from '../../platform/db.ts';
import { publish } from '../../platform/push.ts';
import { getGameSettings } from '../settings/index.ts';
import { announceFixtures } from './catalogue.ts';
import type { FeedMarket, FeedMessage, FixtureMessage, OddsChangeMessage, Provider } from './feed/types.ts';
import { playerOdds, toHundredths, type OddsSettings } from './player-odds.ts';
import * as repo from './repo-catalogue.ts';
import { gradeFromFixtureResult } from './settlement.ts';

export const SPORTS_TOPIC = 'sports';

export type IngestSummary = { messages: number; fixtures: number; pricedOutcomes: number; changedFixtures: number; queued: number };

/** Settings that shape player odds: the European board's prematch, the in-play board's live. */
export async function oddsSettingsFor(sql: Sql, live: boolean): Promise<OddsSettings> {
  return getGameSettings(sql, live ? 'sports:inplay' : 'sports:europe');
}

type Push = SportsPushEvent;

export async function ingest(db: Db, clock: Clock, messages: FeedMessage[], cursor?: { feed: string; to: Date }): Promise<IngestSummary> {
  return db.tx(async (sql) => {
    const at = clock.now();
    const pushes: Push[] = [];
    const dirty = new Set<bigint>();
    const summary: IngestSummary = { messages: messages.length, fixtures: 0, pricedOutcomes: 0, changedFixtures: 0, queued: 0 };
    await repo.logMessages(
      sql,
      messages.map((m) => ({ provider: m.provider, kind: m.kind, fixture_ref: m.fixtureRef, payload: m, received_at: m.at })),
      at,
    );

    // 1. catalogue
    const fixtureMsgs = new Map<string, FixtureMessage>();
    for (const m of messages) if (m.kind === 'fixture') fixtureMsgs.set(m.fixtureRef, m);
    const upserted = await repo.upsertFixtures(
      sql,
      [...fixtureMsgs.values()].map((m) => ({
        ref: m.fixtureRef,
        sport: m.sport,
        league_ref: m.league.ref,
        league_names: m.league.names,
        country: m.league.country,
        league_sort: m.league.sort,
        home_ref: m.home.ref,
        home_name: m.home.name,
        home_names: m.home.names,
        away_ref: m.away.ref,
        away_name: m.away.name,
        away_names: m.away.names,
        starts_at: m.startsAt,
      })),
      at,
    );
    summary.fixtures = upserted.length;
    for (const f of upserted) dirty.add(f.id);
    const catalogueChanged = upserted.some((f) => f.inserted);

    const refs = [...new Set(messages.map((m) => m.fixtureRef))];
    const fixtures = await repo.fixturesByRef(sql, refs);

    // 2. prices: the last word per (fixture, market, provider) in this batch
    const odds = messages.filter((m): m is OddsChangeMessage => m.kind === 'odds_change' && fixtures.has(m.fixtureRef));
    if (odds.length > 0) {
      const r = await applyOdds(sql, at, odds, fixtures);
      summary.pricedOutcomes = r.priced;
      for (const p of r.pushes) pushes.push(p);
      for (const id of r.changed) dirty.add(id);
    }

    // 3. states and settlement, in message order
    for (const m of messages) {
      if (m.kind === 'fixture' || m.kind === 'odds_change') continue;
      const f = fixtures.get(m.fixtureRef);
      if (!f) continue;
      const r = await applyState(sql, clock, at, m, f);
      if (r.changed) dirty.add(f.id);
      if (r.push) pushes.push(r.push);
      summary.queued += r.queued;
    }

    if (cursor) await repo.writeCursor(sql, cursor.feed, cursor.to);
    summary.changedFixtures = dirty.size;
    const home = homeOf(sql);
    afterCommit(sql, () => {
      announceFixtures(home, [...dirty], catalogueChanged);
      for (const p of pushes) publish(home, SPORTS_TOPIC, p);
      if (catalogueChanged) publish(home, SPORTS_TOPIC, { type: 'catalogue', stamp: at.getTime() } satisfies Push);
    });
    return summary;
  });
}

async function applyOdds(sql: Sql, at: Date, msgs: OddsChangeMessage[], fixtures: Map<string, repo.FixtureKey>) {
  type Merged = { fixtureRef: string; market: FeedMarket; sort: number; status: string | null; prices: Partial<Record<Provider, FeedMarket>> };
  const merged = new Map<string, Merged>();
  for (const m of msgs)
    m.markets.forEach((mk, i) => {
      const key = `${m.fixtureRef}|${mk.ref}`;
      let x = merged.get(key);
      if (!x) merged.set(key, (x = { fixtureRef: m.fixtureRef, market: mk, sort: i, status: null, prices: {} }));
      x.prices[m.provider] = mk;
      if (m.provider === 'primary') x.status = mk.status;
    });
  const rows = (withStatus: boolean) =>
    [...merged.values()]
      .filter((x) => (x.status !== null) === withStatus)
      .map((x) => ({
        fixture_ref: x.fixtureRef,
        ref: x.market.ref,
        kind: x.market.kind,
        period: x.market.period,
        line: x.market.line,
        status: x.status ?? 'open',
        sort: x.sort,
      }));
  const ids = [...(await repo.upsertMarkets(sql, rows(true), true)), ...(await repo.upsertMarkets(sql, rows(false), false))];
  const idOf = new Map<string, bigint>();
  const refOfFixture = new Map([...fixtures].map(([ref, f]) => [f.id, ref]));
  for (const r of ids) idOf.set(`${refOfFixture.get(r.fixture_id)}|${r.feed_ref}`, r.id);
  for (const provider of ['primary', 'secondary'] as const) {
    const list: repo.OutcomeUpsert[] = [];
    for (const [key, x] of merged) {
      const mk = x.prices[provider];
      const id = idOf.get(key);
      if (!mk || id === undefined) continue;
      for (const o of mk.outcomes) list.push({ market_id: String(id), code: o.code, odds: o.odds });
    }
    await repo.upsertProviderOdds(sql, provider, list, at);
  }
  const priced = await repo.outcomesOfMarkets(sql, [...idOf.values()]);
  const moved = new Set(ids.filter((m) => m.moved).map((m) => m.id));
  const r = await reprice(sql, at, priced, moved);
  return { priced: priced.length, ...r };
}

/**
 * Player odds for the given outcomes (whole markets) from their provider prices; writes the
 * ones that changed, bumps their fixtures' versions and returns the push events.
 */
export async function reprice(sql: Sql, at: Date, priced: repo.PricedOutcome[], movedMarkets: Set<bigint> = new Set()) {
  const byMarket = new Map<bigint, repo.PricedOutcome[]>();
  for (const o of priced) {
    const list = byMarket.get(o.market_id);
    if (list) list.push(o);
    else byMarket.set(o.market_id, [o]);
  }
  const settings = { live: await oddsSettingsFor(sql, true), pre: await oddsSettingsFor(sql, false) };
  const updates: { id: string; odds: number; active: boolean }[] = [];
  const marketInfo = new Map<bigint, { fixture: bigint; status: string }>();
  for (const [marketId, list] of byMarket) {
    marketInfo.set(marketId, { fixture: list[0].fixture_id, status: list[0].market_status });
    const s = list[0].fixture_status === 'progress' ? settings.live : settings.pre;
    const offered = playerOdds(
      list.map((o) => ({
        primary: o.primary_odds === null ? null : toHundredths(o.primary_odds),
        secondary: o.secondary_odds === null ? null : toHundredths(o.secondary_odds),
      })),
      s,
    );
    list.forEach((o, i) => {
      const v = offered[i];
      updates.push({ id: String(o.id), odds: v ?? Math.max(100, toHundredths(o.odds)), active: v !== null });
    });
  }
  const changed = await repo.setPlayerOdds(sql, updates, at);
  const perFixture = new Map<bigint, typeof changed>();
  for (const c of changed) {
    const f = marketInfo.get(c.market_id)!.fixture;
    const list = perFixture.get(f);
    if (list) list.push(c);
    else perFixture.set(f, [c]);
  }
  // Market status moves (open ↔ suspended, new markets) also change what a player may bet.
  // Grouped per fixture once: a snapshot moves thousands of markets over hundreds of fixtures.
  const movedPerFixture = new Map<bigint, bigint[]>();
  for (const id of movedMarkets) {
    const f = marketInfo.get(id)?.fixture;
    if (f === undefined) continue;
    const list = movedPerFixture.get(f);
    if (list) list.push(id);
    else movedPerFixture.set(f, [id]);
  }
  const bumped = await repo.bumpFixtures(sql, [...new Set([...perFixture.keys(), ...movedPerFixture.keys()])], at);
  const pushes: Push[] = [];
  for (const b of bumped) {
    const list = perFixture.get(b.id) ?? [];
    const version = Number(b.version);
    if (list.length > 0)
      pushes.push({
        type: 'odds',
        fixture_id: Number(b.id),
        version,
        outcomes: list.map((c) => ({ id: Number(c.id), market_id: Number(c.market_id), odds: Number(c.odds).toFixed(2), active: c.active })),
      });
    const movedHere = movedPerFixture.get(b.id) ?? [];
    if (movedHere.length > 0)
      pushes.push({
        type: 'markets',
        fixture_id: Number(b.id),
        version,
        markets: movedHere.map((id) => ({ id: Number(id), status: marketInfo.get(id)!.status as 'open' })),
      });
  }
  return { pushes, changed: bumped.map((b) => b.id) };
}

/** Re-prices every market on offer (after a change of the odds settings). */
export async function repriceAll(db: Db, clock: Clock) {
  return db.tx(async (sql) => {
    const ids = await repo.openMarketIds(sql);
    const at = clock.now();
    const priced = await repo.outcomesOfMarkets(sql, ids);
    const r = await reprice(sql, at, priced);
    const home = homeOf(sql);
    afterCommit(sql, () => {
      announceFixtures(home, r.changed, false);
      for (const p of r.pushes) publish(home, SPORTS_TOPIC, p);
    });
    return r.changed.length;
  });
}

type StateResult = { changed: boolean; push: Push | null; queued: number };

/** One non-price message for one fixture. Fixtures an admin manages by hand keep their status and results. */
async function applyState(
  sql: Sql,
  clock: Clock,
  at: Date,
  m: Exclude<FeedMessage, FixtureMessage | OddsChangeMessage>,
  f: repo.FixtureKey,
): Promise<StateResult> {
  const auto = f.managed === 'auto';
  const statusPush = (r: { version: bigint; status: string; bet_stop: boolean } | null): Push | null =>
    r ? { type: 'status', fixture_id: Number(f.id), version: Number(r.version), status: r.status as 'waiting', bet_stop: r.bet_stop } : null;
  const track = (r: { version: bigint; status: string; bet_stop: boolean } | null) => {
    if (r) {
      f.status = r.status;
      f.bet_stop = r.bet_stop;
    }
    return r;
  };
  const queue = async (action: string, params: Record<string, unknown>) => {
    await repo.enqueueSettlement(sql, f.id, action, { by: 'feed', ...params }, at);
    return 1;
  };
  const markets = 'markets' in m && m.markets && m.markets.length > 0 && m.kind !== 'bet_settlement' ? (m.markets as string[]) : null;
  switch (m.kind) {
    case 'bet_stop':
    case 'bet_start': {
      const stop = m.kind === 'bet_stop';
      if (f.bet_stop === stop) return { changed: false, push: null, queued: 0 };
      const r = track(await repo.updateFixture(sql, f.id, { bet_stop: stop }, at));
      return { changed: true, push: statusPush(r), queued: 0 };
    }
    case 'score': {
      let status: string | undefined;
      if (auto && (f.status === 'waiting' || f.status === 'release' || f.status === 'progress')) status = m.status === 'result' ? 'result' : 'progress';
      const before = f.status;
      const r = track(await repo.updateFixture(sql, f.id, { score: m.score, status, bet_stop: status === 'result' ? false : undefined }, at));
      // A match that ended leaves the lists: its open markets stop taking bets.
      if (status === 'result') await repo.setMarketsStatus(sql, f.id, null, 'suspended', ['open']);
      const scorePush: Push = { type: 'score', fixture_id: Number(f.id), score: m.score };
      return { changed: true, push: r && r.status !== before ? statusPush(r) : scorePush, queued: 0 };
    }
    case 'bet_settlement': {
      if (!auto || f.status === 'cancelled') return { changed: false, push: null, queued: 0 };
      const again = f.has_result;
      const r = track(await repo.updateFixture(sql, f.id, { status: 'result', bet_stop: false, result: m.result }, at));
      f.has_result = true;
      const given = m.markets.flatMap((mk) => mk.outcomes.map((o) => ({ ref: mk.ref, code: o.code, result: o.result, dh: o.deadHeatFactor ?? null })));
      const settledMarkets = await repo.writeFeedOutcomeResults(sql, f.id, given, at);
      if (settledMarkets.length > 0)
        await repo.setMarketsStatus(
          sql,
          f.id,
          m.markets.map((mk) => mk.ref),
          'settled',
          ['open', 'suspended', 'settled'],
        );
      // The rest is graded from the result (a re-sent result re-grades everything not sent).
      await gradeFromFixtureResult(sql, clock, f.id, again);
      await repo.setMarketsStatus(sql, f.id, null, 'settled', ['open', 'suspended']);
      return { changed: true, push: statusPush(r), queued: await queue(again ? 'resettle' : 'settle', {}) };
    }
    case 'bet_cancel': {
      if (!auto) return { changed: false, push: null, queued: 0 };
      if (m.start || m.end)
        return {
          changed: false,
          push: null,
          queued: await queue('cancel_window', { start: m.start, end: m.end, markets: markets ?? undefined, reason: m.reason }),
        };
      const ids = await repo.setMarketsStatus(sql, f.id, markets, 'void', ['open', 'suspended', 'settled']);
      await repo.setOutcomeResults(sql, ids, 'void', null, at);
      // A void market is a leg at 1.00, not a cancelled bet: a single is a void refund, a
      // combination goes on with its other legs (re-settled if it was already settled).
      return { changed: true, push: null, queued: await queue('resettle', { markets: markets ?? undefined, reason: m.reason }) };
    }
    case 'rollback_settlement': {
      if (!auto) return { changed: false, push: null, queued: 0 };
      const ids = await repo.setMarketsStatus(sql, f.id, markets, 'suspended', ['settled']);
      await repo.setOutcomeResults(sql, ids, null, null, at);
      if (!markets) {
        await repo.updateFixture(sql, f.id, { clearResult: true }, at);
        f.has_result = false;
      }
      return { changed: true, push: null, queued: await queue('rollback', { what: 'settlement', markets: markets ?? undefined }) };
    }
    case 'rollback_cancel': {
      if (!auto) return { changed: false, push: null, queued: 0 };
      if (!m.start && !m.end) {
        const ids = await repo.setMarketsStatus(sql, f.id, markets, 'suspended', ['void']);
        await repo.setOutcomeResults(sql, ids, null, 'void', at);
        if (f.has_result) await gradeFromFixtureResult(sql, clock, f.id, false);
        // The bets settled with those legs void are settled again from the restored grades (or reopened).
        return { changed: true, push: null, queued: await queue('resettle', { markets: markets ?? undefined }) };
      }
      return { changed: true, push: null, queued: await queue('rollback', { what: 'cancel', markets: markets ?? undefined, start: m.start, end: m.end }) };
    }
    case 'void': {
      if (!auto) return { changed: false, push: null, queued: 0 };
      const r = track(await repo.updateFixture(sql, f.id, { status: 'cancelled', bet_stop: false }, at));
      const ids = await repo.setMarketsStatus(sql, f.id, null, 'void', ['open', 'suspended', 'settled']);
      await repo.setOutcomeResults(sql, ids, 'void', null, at);
      return { changed: true, push: statusPush(r), queued: await queue('resettle', { reason: m.reason }) };
    }
  }
}
