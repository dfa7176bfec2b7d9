import type { Clock } from '../../platform/clock.ts';
import type { Db, Sql } from '../../platform/db.ts';
import { combine, placeBet } from '../betting/index.ts';
import { HOUSE, transfer } from '../ledger/index.ts';

/**
 * Test and bench kit: a fixture with markets straight in SQL (no feed needed) and sports bets
 * placed through `betting.placeBet` with their selection rows, as the slip would.
 */

export type KitMarket = { kind: string; period?: string; line?: string | null; odds: Record<string, string> };
export type KitFixture = { id: bigint; ref: string; outcome: (kind: string, code: string, line?: string | null) => KitOutcome };
export type KitOutcome = { fixtureId: bigint; marketId: bigint; outcomeId: bigint; odds: string; line: string | null; code: string; kind: string };

let seq = 0;

export async function makeFixture(sql: Sql, clock: Clock, markets: KitMarket[], startsAt?: Date): Promise<KitFixture> {
  const n = `${process.pid}-${++seq}-${Math.floor(clock.now().getTime() / 1000)}`;
  const names = JSON.stringify({ ko: `리그 ${n}`, ja: `L ${n}`, vi: `L ${n}`, th: `L ${n}`, en: `League ${n}` });
  await sql.query(`INSERT INTO sports (code, names, sort) VALUES ('soccer', $1, 0) ON CONFLICT (code) DO NOTHING`, [
    JSON.stringify({ ko: '축구', ja: 'サッカー', vi: 'Bóng đá', th: 'ฟุตบอล', en: 'Soccer' }),
  ]);
  const league = (await sql.query<{ id: bigint }>(`INSERT INTO leagues (sport, feed_ref, names) VALUES ('soccer', $1, $2) RETURNING id`, [`kit-l-${n}`, names]))
    .rows[0].id;
  const team = async (side: string) =>
    (
      await sql.query<{ id: bigint }>(`INSERT INTO teams (sport, feed_ref, feed_name) VALUES ('soccer', $1, $2) RETURNING id`, [
        `kit-${side}-${n}`,
        `${side} ${n}`,
      ])
    ).rows[0].id;
  const home = await team('Home');
  const away = await team('Away');
  const ref = `kit-f-${n}`;
  const at = clock.now();
  const fixtureId = (
    await sql.query<{ id: bigint }>(
      `INSERT INTO fixtures (feed_ref, sport, league_id, home_team_id, away_team_id, starts_at, status, updated_at) VALUES ($1, 'soccer', $2, $3, $4, $5, 'release', $6) RETURNING id`,
      [ref, league, home, away, startsAt ?? new Date(at.getTime() + 3_600_000), at],
    )
  ).rows[0].id;
  const outcomes: KitOutcome[] = [];
  for (const [i, m] of markets.entries()) {
    const period = m.period ?? 'ft';
    const line = m.line ?? null;
    const marketId = (
      await sql.query<{ id: bigint }>(`INSERT INTO markets (fixture_id, feed_ref, kind, period, line, sort) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [
        fixtureId,
        `${m.kind}:${period}:${line ?? ''}`,
        m.kind,
        period,
        line,
        i,
      ])
    ).rows[0].id;
    for (const [code, odds] of Object.entries(m.odds)) {
      const outcomeId = (
        await sql.query<{ id: bigint }>(`INSERT INTO outcomes (market_id, code, primary_odds, odds, updated_at) VALUES ($1, $2, $3, $3, $4) RETURNING id`, [
          marketId,
          code,
          odds,
          at,
        ])
      ).rows[0].id;
      outcomes.push({ fixtureId, marketId, outcomeId, odds, line, code, kind: m.kind });
    }
  }
  return {
    id: fixtureId,
    ref,
    outcome: (kind, code, line = null) => {
      const o = outcomes.find((x) => x.kind === kind && x.code === code && x.line === line);
      if (!o) throw new Error(`kit: no outcome ${kind}/${code}/${line}`);
      return o;
    },
  };
}

export async function fund(db: Db, clock: Clock, userId: bigint, amount: bigint, key: string) {
  await db.tx((sql) =>
    transfer(sql, clock, {
      idempotencyKey: `kit:fund:${key}`,
      kind: 'seed.deposit',
      reason: { type: 'kit', id: key },
      from: { house: HOUSE.deposits, asset: 'money' },
      to: { user: userId, asset: 'money' },
      amount,
    }),
  );
}

/** A sports bet on the given outcomes, in one transaction: placeBet plus its selection rows. */
export async function placeSportsBet(db: Db, clock: Clock, userId: bigint, legs: KitOutcome[], amount: bigint, requestId: string) {
  return db.tx(async (sql) => {
    const odds = combine(legs.map((l) => l.odds));
    const bet = await placeBet(sql, clock, {
      userId,
      gameType: 'sports',
      game: legs.length === 1 ? 'kit single' : 'kit combo',
      round: String(legs[0].fixtureId),
      betType: legs.length === 1 ? 'single' : 'combo',
      selections: legs.map((l) => ({ name: `fixture ${l.fixtureId}`, market: l.kind, pick: l.code, odds: l.odds })),
      odds,
      amount,
      requestId,
    });
    await insertSelections(sql, [{ betId: bet.id, legs }]);
    return bet;
  });
}

export async function insertSelections(sql: Sql, bets: { betId: bigint; legs: KitOutcome[] }[]) {
  const rows = bets.flatMap((b) => b.legs.map((l, idx) => ({ ...l, betId: b.betId, idx })));
  await sql.query(
    `INSERT INTO sports_bet_selections (bet_id, idx, fixture_id, market_id, outcome_id, odds, line)
     SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::numeric[], $7::numeric[])`,
    [
      rows.map((r) => String(r.betId)),
      rows.map((r) => r.idx),
      rows.map((r) => String(r.fixtureId)),
      rows.map((r) => String(r.marketId)),
      rows.map((r) => String(r.outcomeId)),
      rows.map((r) => r.odds),
      rows.map((r) => r.line),
    ],
  );
}
