/**
 * Sports settlement throughput: N open sports bets on one fixture (singles and 2-folder
 * combinations over 1X2, a quarter handicap and a quarter total), the result entered, then the
 * settle-queue job timed until every bet is settled; then a re-entry (every bet recalled and
 * settled again) timed the same way. Setup is a bulk path that keeps the ledger exact: one
 * posting moves every member's stakes to house:stakes, the bet rows are inserted with SQL.
 *   npx tsx bench/sports-settle.ts                     # PGlite in memory
 *   DATABASE_URL=postgres://… BENCH_N=50000 npx tsx bench/sports-settle.ts
 * `benchSportsSettlement` is what `bench/run.ts` calls.
 */
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { openDb, type Db } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { combine, payout } from '../apps/server/src/modules/betting/index.ts';
import { enqueue, writeFixtureResult } from '../apps/server/src/modules/sports/index.ts';
import { gradeFromFixtureResult, runSettleQueue } from '../apps/server/src/modules/sports/index.ts';
import { makeFixture, type KitOutcome } from '../apps/server/src/modules/sports/index.ts';
import { scratchPgDb, seedPlayers, stakeInBulk } from './seed.ts';

type Figures = Record<string, { value: number; unit: string }>;
const MEMBERS = 200;
const STAKE = 1_000n;

async function setup(db: Db, bets: number, tag: string, parentId?: bigint) {
  const clock = systemClock;
  const members = await seedPlayers(db, { prefix: `ss${tag}`, count: MEMBERS });
  if (parentId !== undefined) await db.query('UPDATE users SET parent_id = $1 WHERE id = ANY($2::bigint[])', [parentId, members.map(String)]);
  const f = await db.tx((sql) =>
    makeFixture(sql, clock, [
      { kind: '1x2', odds: { home: '2.10', draw: '3.20', away: '3.50' } },
      { kind: 'handicap', line: '-0.25', odds: { home: '1.90', away: '1.95' } },
      { kind: 'over_under', line: '2.75', odds: { over: '2.00', under: '1.80' } },
    ]),
  );
  // Slip shapes: six singles and three 2-folder combinations.
  const pick = (k: string, c: string, l: string | null = null) => f.outcome(k, c, l);
  const shapes: KitOutcome[][] = [
    [pick('1x2', 'home')],
    [pick('1x2', 'draw')],
    [pick('1x2', 'away')],
    [pick('handicap', 'home', '-0.25')],
    [pick('over_under', 'over', '2.75')],
    [pick('over_under', 'under', '2.75')],
    [pick('1x2', 'home'), pick('over_under', 'over', '2.75')],
    [pick('1x2', 'away'), pick('handicap', 'away', '-0.25')],
    [pick('handicap', 'home', '-0.25'), pick('over_under', 'under', '2.75')],
  ];
  await stakeInBulk(db, clock, members, bets, STAKE, `ssbench:${tag}`);
  const odds = shapes.map((s) => combine(s.map((l) => l.odds)));
  const sels = shapes.map((s) => JSON.stringify(s.map((l) => ({ name: 'bench', market: l.kind, pick: l.code, odds: l.odds }))));
  const CHUNK = 20_000;
  for (let from = 0; from < bets; from += CHUNK) {
    const n = Math.min(CHUNK, bets - from);
    const g = Array.from({ length: n }, (_, i) => from + i);
    await db.tx(async (sql) => {
      const ids = (
        await sql.query<{ id: bigint; shape: number }>(
          `INSERT INTO bets (user_id, game_type, game, round, bet_type, selections, odds, amount, potential_win, request_id, money_before, money_after, created_at)
           SELECT u.user_id, 'sports', 'bench', $8, CASE WHEN u.legs > 1 THEN 'combo' ELSE 'single' END, u.sel::jsonb, u.odds::numeric, $6, u.win, $7 || u.g, 0, 0, now()
           FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::bigint[], $9::int[]) AS u(user_id, g, sel, odds, win, legs)
           RETURNING id, (substring(request_id from '[0-9]+$'))::int % ${shapes.length} AS shape`,
          [
            g.map((i) => String(members[i % MEMBERS])),
            g,
            g.map((i) => sels[i % shapes.length]),
            g.map((i) => odds[i % shapes.length]),
            g.map((i) => String(payout(STAKE, odds[i % shapes.length]))),
            STAKE,
            `ssb-${tag}-`,
            String(f.id),
            g.map((i) => shapes[i % shapes.length].length),
          ],
        )
      ).rows;
      const rows = ids.flatMap((b) => shapes[b.shape].map((l, idx) => ({ b: b.id, idx, l })));
      await sql.query(
        `INSERT INTO sports_bet_selections (bet_id, idx, fixture_id, market_id, outcome_id, odds, line)
         SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::numeric[], $7::numeric[])`,
        [
          rows.map((r) => String(r.b)),
          rows.map((r) => r.idx),
          rows.map((r) => String(r.l.fixtureId)),
          rows.map((r) => String(r.l.marketId)),
          rows.map((r) => String(r.l.outcomeId)),
          rows.map((r) => r.l.odds),
          rows.map((r) => r.l.line),
        ],
      );
    });
  }
  return f.id;
}

async function settleTimed(db: Db, fixtureId: bigint, result: object, action: 'settle' | 'resettle', bets: number) {
  await db.tx(async (sql) => {
    await writeFixtureResult(sql, fixtureId, result, 'admin', 'result', systemClock.now());
    await gradeFromFixtureResult(sql, systemClock, fixtureId, true);
    await enqueue(sql, fixtureId, action, { force: true }, 'bench', systemClock.now());
  });
  const t = performance.now();
  await runSettleQueue(db, systemClock, { batchSize: Number(process.env.BENCH_SETTLE_BATCH ?? 2000) });
  const s = (performance.now() - t) / 1000;
  const open = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE round = $1 AND status = 'open'`, [String(fixtureId)])).rows[0].n;
  if (open !== 0) throw new Error(`${open} bets still open after ${action}`);
  return { value: Math.round(bets / s), unit: 'bets/s' };
}

/** Settles `bets` bets of one fixture and then re-enters its result; bets per second for each. */
export async function benchSportsSettlement(opts: {
  db: Db;
  engine: 'pg' | 'pglite';
  bets: number;
  /** The agent the bettors are put under (commissions on). */
  parentId?: bigint;
}): Promise<Record<string, { value: number; unit: string }>> {
  const tag = `${opts.engine}${process.pid}${Date.now() % 100_000}`;
  const t = performance.now();
  const fixtureId = await setup(opts.db, opts.bets, tag, opts.parentId);
  const f: Figures = { sports_settle_setup: { value: Math.round((performance.now() - t) / 100) / 10, unit: 's' } };
  f.sports_settled = await settleTimed(opts.db, fixtureId, { home: 2, away: 1 }, 'settle', opts.bets);
  f.sports_resettled = await settleTimed(opts.db, fixtureId, { home: 1, away: 1 }, 'resettle', opts.bets);
  const v = await verifyLedger(opts.db);
  f.sports_settle_ledger = { value: v.ok ? 1 : 0, unit: v.ok ? 'OK' : `${v.problems.length} problems` };
  return f;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  const bets = Number(process.env.BENCH_N ?? 20_000);
  const scratch = url ? await scratchPgDb(url, `ssbench_${process.pid}`) : null;
  const db = await openDb({ url: scratch?.url, dataDir: 'memory://' });
  await migrate(db);
  const r = await benchSportsSettlement({ db, engine: url ? 'pg' : 'pglite', bets });
  await db.close();
  if (scratch && !process.env.BENCH_KEEP) await scratch.drop();
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k}: ${v.value} ${v.unit}\n`);
}
