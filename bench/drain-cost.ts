/**
 * The commission drain's own cost per bet (decision 027 "Cost per bet"): `BETS` settled sports bets
 * of members under a six-tier chain put in the outbox as settlement leaves them, then drained in
 * batches of 5,000, each timed, with the WAL each batch wrote per bet (load-independent, unlike
 * the times). PostgreSQL only (DATABASE_URL), in a scratch database.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/drain-cost.ts [bets] [rounds]
 */
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { openDb } from '../apps/server/src/platform/db.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { drainOnce, DRAIN_LIMIT } from '../apps/server/src/modules/commissions/index.ts';
import { insertMember } from '../apps/server/src/test/members.ts';
import { placeUnder, sixTierChain } from './commissions.ts';
import { scratchPgDb } from './seed.ts';

const BETS = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
const scratch = await scratchPgDb(url, `draincost_${process.pid}`);
const db = await openDb({ url: scratch.url, dataDir: 'memory://' });
try {
  await migrate(db);
  const agents = await sixTierChain(db, 'dc');
  const members: bigint[] = [];
  for (let i = 0; i < 200; i++) members.push(await insertMember(db, `dcm${i}`));
  await placeUnder(db, agents.at(-1)!, members);
  const times: number[] = [];
  const walPerBet: number[] = [];
  const lsn = async () => (await db.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn;
  for (let round = 0; round < ROUNDS; round++) {
    await db.query(
      `INSERT INTO bet_outbox (bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at, result, win, placed_at)
       SELECT $1::bigint + g, 1, 'accrue', (m.ids)[1 + g % cardinality(m.ids)], 'sports', 'single', 'soccer', 10000, 'lost', now(), 'lost', 0, now()
       FROM generate_series(1, $2::int) g, (SELECT $3::bigint[] AS ids) m`,
      [round * BETS, BETS, members.map(String)],
    );
    for (;;) {
      const from = await lsn();
      const t = performance.now();
      const r = await drainOnce(db, systemClock);
      if (!r || r.taken === 0) break;
      if (r.taken !== DRAIN_LIMIT) continue;
      times.push(performance.now() - t);
      // WAL written by the batch (the drain is alone on this scratch database): load-independent.
      const bytes = (await db.query<{ b: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS b', [from])).rows[0].b;
      walPerBet.push(Number(bytes) / DRAIN_LIMIT);
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const wal = [...walPerBet].sort((a, b) => a - b);
  const accruals = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_accruals')).rows[0].n;
  console.log(
    JSON.stringify({
      batches: times.length,
      accruals,
      msPerBatch: { median: Math.round(sorted[sorted.length >> 1]), min: Math.round(sorted[0]), max: Math.round(sorted.at(-1)!) },
      walBytesPerBet: { median: Math.round(wal[wal.length >> 1]), min: Math.round(wal[0]), max: Math.round(wal.at(-1)!) },
      all: times.map(Math.round),
    }),
  );
} finally {
  await db.close();
  await scratch.drop();
}
