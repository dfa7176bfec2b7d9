/**
 * The partner section of the bench (issue 18 acceptance 3): a six-tier tree of agents with
 * BENCH_PARTNER_MEMBERS members (default 100,000) and BENCH_PARTNER_BETS settled bets (default
 * 5,000,000) over the last 30 days, the statistics rows rebuilt from them (the initialisation,
 * decision 030), then the top HQ's statistics calls and a member-list page timed in-process
 * (server time, no network): target < 300 ms each on PostgreSQL.
 * PostgreSQL only: the section is about the plans of a big database; PGlite holds one process's data.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/partner.ts
 * The bets are rows only (no ledger postings): the reads measured never look at money movements.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDb, type Db } from '../apps/server/src/platform/db.ts';
import { createDeps } from '../apps/server/src/platform/deps-factory.ts';
import { migrate } from '../apps/server/src/platform/migrate.ts';
import { hashPassword, setPasswordCost } from '../apps/server/src/platform/passwords.ts';
import { rebuildStatistics, refreshHoldings } from '../apps/server/src/modules/statistics/index.ts';
import { CHAIN_ROLES } from '../apps/server/src/test/agent-chain.ts';
import { scratchPgDb } from './seed.ts';

type Figures = Record<string, { value: number; p50?: number; p99?: number; unit: string }>;
const log = (s: string) => process.stderr.write(`${s}\n`);
const FAN_OUT = 4; // agents below each agent: 1, 4, 16, 64, 256, 1,024 shops
const DAYS = 30;
const CHUNK = 250_000;
const ROLLING = JSON.stringify({ sports_single_percent: 1, sports_percent: 1, minigame_percent: 1, casino_percent: 1, slot_percent: 1 });

/** The tree, top first: one id list per tier. The top agent signs in as `bp0_0` / `bench1234`. */
async function seedTree(db: Db, passwordHash: string): Promise<bigint[][]> {
  const tiers: bigint[][] = [];
  for (const [t, role] of CHAIN_ROLES.entries()) {
    const parents = t === 0 ? [null] : tiers[t - 1].map(String);
    const per = t === 0 ? 1 : FAN_OUT;
    const r = await db.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, nickname, role, status, parent_id, rolling_json)
       SELECT 'bp' || $1::int || '_' || ((p.n - 1) * $2::int + k - 1), $3, 'bp' || $1::int || '_' || ((p.n - 1) * $2::int + k - 1),
         $4, 'normal_a', p.id, $5::jsonb
       FROM unnest($6::bigint[]) WITH ORDINALITY AS p(id, n), generate_series(1, $2::int) AS k
       ORDER BY p.n, k RETURNING id`,
      [t, per, passwordHash, role, ROLLING, parents],
    );
    tiers.push(r.rows.map((x) => x.id));
  }
  return tiers;
}

async function seedMembers(db: Db, shops: bigint[], count: number) {
  const r = await db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, status, level, parent_id, created_at)
     SELECT 'bpm' || g, 'x', 'bpm' || g, 'user', 'normal_a', 1 + g % 7, ($1::bigint[])[1 + g % cardinality($1::bigint[])],
       now() - (g % ${DAYS}) * interval '1 day'
     FROM generate_series(0, $2::int - 1) AS g RETURNING id`,
    [shops.map(String), count],
  );
  return r.rows.map((x) => x.id);
}

/** Settled bets of every family, spread over the members and the last 30 days; a third won. */
async function seedBets(db: Db, members: bigint[], count: number) {
  for (let from = 0; from < count; from += CHUNK) {
    const n = Math.min(CHUNK, count - from);
    await db.query(
      `INSERT INTO bets (user_id, game_type, game, bet_type, odds, amount, potential_win, win_amount, status, request_id,
         money_before, money_after, created_at, settled_at, settle_count)
       SELECT ($1::bigint[])[1 + g % cardinality($1::bigint[])],
         (ARRAY['sports','minigame','casino','slot'])[1 + g % 4], 'bench', CASE WHEN g % 5 = 0 THEN 'combo' ELSE 'single' END,
         1.95, 1000 + (g % 10) * 1000, (1000 + (g % 10) * 1000) * 195 / 100,
         CASE WHEN g % 3 = 0 THEN (1000 + (g % 10) * 1000) * 195 / 100 ELSE 0 END, CASE WHEN g % 3 = 0 THEN 'won' ELSE 'lost' END,
         'bp-' || g, 0, 0, t, t + interval '1 minute', 1
       FROM generate_series($2::bigint, $3::bigint) AS g,
         LATERAL (SELECT now() - (g % ${DAYS}) * interval '1 day' - (g % 86400) * interval '1 second' AS t) AS x`,
      [members.map(String), from, from + n - 1],
    );
    log(`  ${(from + n).toLocaleString('en-US')} bets`);
  }
}

async function timed(run: () => Promise<{ statusCode: number; body: string }>, times = 12) {
  const ms: number[] = [];
  for (let i = 0; i <= times; i++) {
    const t = performance.now();
    const r = await run();
    if (r.statusCode !== 200) throw new Error(`answer ${r.statusCode}: ${r.body.slice(0, 300)}`);
    if (i > 0) ms.push(performance.now() - t); // the first warms the plan cache
  }
  ms.sort((a, b) => a - b);
  return { value: ms[Math.floor(ms.length / 2)], p50: ms[Math.floor(ms.length / 2)], p99: ms[ms.length - 1], unit: 'ms' };
}

const kstDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

export async function benchPartner(opts: { baseUrl: string; members: number; bets: number }): Promise<Figures> {
  const scratch = await scratchPgDb(opts.baseUrl, `bench_partner_${process.pid}`);
  const db = await openDb({ url: scratch.url });
  const f: Figures = {};
  try {
    await migrate(db);
    setPasswordCost(1024);
    let t = performance.now();
    const tiers = await seedTree(db, await hashPassword('bench1234'));
    const members = await seedMembers(db, tiers.at(-1)!, opts.members);
    log(`  ${tiers.flat().length.toLocaleString('en-US')} agents, ${members.length.toLocaleString('en-US')} members`);
    await seedBets(db, members, opts.bets);
    await db.query('ANALYZE');
    f.partnerSeed = { value: (performance.now() - t) / 1000, unit: 's' };
    t = performance.now();
    const today = new Date();
    const from = kstDay(new Date(today.getTime() - DAYS * 86400_000));
    await rebuildStatistics(db, { from, to: kstDay(today) });
    f.partnerRebuild = { value: (performance.now() - t) / 1000, unit: 's' };
    // What a live server has by then: the holdings job's first run (decision 030, "Reads at scale")
    // and autovacuum's visibility map after the bulk load (index-only counts of user_tree).
    await refreshHoldings(db, new Date());
    await db.query('VACUUM ANALYZE');

    const config = { ...loadConfig(), databaseUrl: scratch.url, logLevel: 'warn', argonMemoryKib: 1024 };
    const deps = await createDeps({ db, config });
    const app = await buildApp(deps, { serveWeb: false });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/agent/login', payload: { account: 'bp0_0', password: 'bench1234' } });
      const token = login.json<{ data: { token: string } }>().data.token;
      const call = (url: string, payload: object) => () =>
        app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, pathname: '/pa' } });
      const month = { from, to: kstDay(today) };
      f.statTotal = await timed(call('/api/agent/statistics/total', month));
      f.statRolling = await timed(call('/api/agent/statistics/rolling', month));
      f.statDays = await timed(call('/api/agent/statistics/days', month));
      f.zeusHome = await timed(call('/api/agent/zeus/home', {}));
      f.zeusTotalUsers = await timed(call('/api/agent/zeus/total-user-bettings', month));
      f.memberList = await timed(call('/api/agent/user/list', { role: 'user' }));
      f.memberSearch = await timed(call('/api/agent/user/list', { search: 'bpm9999' }));
    } finally {
      await app.close();
    }
    return f;
  } finally {
    await db.close();
    if (!process.env.BENCH_KEEP) await scratch.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is needed');
  const r = await benchPartner({
    baseUrl: url,
    members: Number(process.env.BENCH_PARTNER_MEMBERS ?? 100_000),
    bets: Number(process.env.BENCH_PARTNER_BETS ?? 5_000_000),
  });
  for (const [k, v] of Object.entries(r)) process.stdout.write(`${k}: ${v.value.toFixed(1)} ${v.unit}${v.p99 ? ` (max ${v.p99.toFixed(1)})` : ''}\n`);
  process.exit(0);
}
