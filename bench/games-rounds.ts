/**
 * Mini-game round settlement: one Powerball round holding N open bets spread over every market
 * and pick, then the scheduler pass that closes the round (entropy over the bet list), draws it
 * and settles every bet (batches of 2,000, one transaction each) is timed. Setup is a bulk path
 * that keeps the ledger exact: one posting moves every member's stakes to house:stakes, the bet
 * rows are inserted with SQL. Target: 20,000 bets in < 2 s on PostgreSQL.
 *   npx tsx bench/games-rounds.ts                                   # PGlite in memory
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_N=20000 npx tsx bench/games-rounds.ts
 * `benchRoundSettlement` is what `bench/run.ts` calls.
 */
import { ManualClock } from '../apps/server/src/platform/clock.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDb, type Db } from '../apps/server/src/platform/db.ts';
import { createDeps } from '../apps/server/src/platform/deps-factory.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { seededRng } from '../apps/server/src/platform/rng.ts';
import { verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { payout } from '../apps/server/src/modules/betting/index.ts';
import { betListEntropy, GAMES, runScheduler } from '../apps/server/src/modules/minigames/index.ts';
import { scratchPgDb, seedPlayers, stakeInBulk } from './seed.ts';

type Figures = Record<string, { value: number; unit: string }>;
const MEMBERS = 500;
const STAKE = 1_000n;
const GAME = 'ntry_eos5' as const;

async function scratchDb(engine: 'pg' | 'pglite', databaseUrl?: string) {
  if (engine === 'pglite') {
    const db = await openDb({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  if (!databaseUrl) throw new Error('benchRoundSettlement: engine pg needs databaseUrl');
  const scratch = await scratchPgDb(databaseUrl, `mgbench_${process.pid}`);
  const db = await openDb({ url: scratch.url });
  return {
    db,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

async function placeBulk(db: Db, clock: ManualClock, roundNumber: number, bets: number) {
  const members = await seedPlayers(db, { prefix: 'mg', count: MEMBERS });
  const picks = GAMES.get(GAME)!.family.markets.flatMap((m) => m.picks.map((p) => ({ market: m.key, kind: m.kind, pick: p.key, odds: p.odds })));
  await stakeInBulk(db, clock, members, bets, STAKE, 'mgbench');
  const CHUNK = 10_000;
  for (let from = 0; from < bets; from += CHUNK) {
    const g = Array.from({ length: Math.min(CHUNK, bets - from) }, (_, i) => from + i);
    const p = (i: number) => picks[i % picks.length];
    await db.query(
      `INSERT INTO bets (user_id, game_type, game, round, bet_type, selections, odds, amount, potential_win, request_id, money_before, money_after, created_at)
       SELECT u.user_id, 'minigame', $6, $7, u.kind, u.sel::jsonb, u.odds::numeric, $5, u.win, 'mgb-' || u.g, 0, 0, $8
       FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $9::bigint[], $10::text[]) AS u(user_id, g, sel, odds, win, kind)`,
      [
        g.map((i) => String(members[i % MEMBERS])),
        g,
        g.map((i) => JSON.stringify([{ name: `${GAME} ${roundNumber}`, market: p(i).market, pick: p(i).pick, odds: p(i).odds }])),
        g.map((i) => p(i).odds),
        STAKE,
        GAME,
        String(roundNumber),
        clock.now(),
        g.map((i) => String(payout(STAKE, p(i).odds))),
        g.map((i) => p(i).kind),
      ],
    );
  }
}

/** Settles one round of `bets` bets: seconds for the close + draw + settle pass, and bets per second. */
export async function benchRoundSettlement(opts: { engine: 'pg' | 'pglite'; databaseUrl?: string; bets: number }): Promise<Figures> {
  const { db, drop } = await scratchDb(opts.engine, opts.databaseUrl);
  try {
    await migrate(db);
    const clock = new ManualClock('2026-11-22T03:00:01Z');
    const deps = await createDeps({ db, clock, rng: seededRng('mgbench'), config: { ...loadConfig(), redisUrl: undefined } });
    const game = GAMES.get(GAME)!;
    const scheduler = { entropy: betListEntropy, games: [game] };
    await runScheduler(deps, scheduler);
    const round = (await db.query<{ number: bigint; draws_at: Date }>(`SELECT number, draws_at FROM minigame_rounds WHERE game = $1`, [GAME])).rows[0];
    const t0 = performance.now();
    await placeBulk(db, clock, Number(round.number), opts.bets);
    const f: Figures = { minigame_round_setup: { value: Math.round((performance.now() - t0) / 100) / 10, unit: 's' } };
    await db.query('ANALYZE bets');
    clock.set(round.draws_at);
    const t = performance.now();
    await runScheduler(deps, scheduler);
    const s = (performance.now() - t) / 1000;
    const left = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE game = $1 AND status = 'open'`, [GAME])).rows[0].n;
    const status = (await db.query<{ status: string }>(`SELECT status FROM minigame_rounds WHERE game = $1 AND number = $2`, [GAME, round.number])).rows[0]
      .status;
    if (left !== 0 || status !== 'settled') throw new Error(`round ${round.number} is ${status} with ${left} bets open`);
    f.minigame_round_settle = { value: Math.round(s * 1000) / 1000, unit: `s (${opts.bets} bets)` };
    f.minigame_round_settle_rate = { value: Math.round(opts.bets / s), unit: 'bets/s' };
    const v = await verifyLedger(db);
    f.minigame_round_ledger = { value: v.ok ? 1 : 0, unit: v.ok ? 'OK' : `${v.problems.length} problems` };
    return f;
  } finally {
    await drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  const r = await benchRoundSettlement({ engine: url ? 'pg' : 'pglite', databaseUrl: url, bets: Number(process.env.BENCH_N ?? 20_000) });
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k}: ${v.value} ${v.unit}\n`);
}
