/**
 * `npm run test:faults` (issue 21): faults injected under a running load of money-moving calls,
 * against the server as `npm start` runs it (the bundle) on a scratch PostgreSQL database. The
 * load is signed seamless-wallet bets of the house slot from several members (every one with its
 * own transaction id, the idempotency key of the protocol). Faults:
 * - SIGKILL of the server process mid-load (its jobs — feed, settlement, draws, drain — die with
 *   it mid-run), then a restart on the same database;
 * - every database connection terminated mid-load (what a PostgreSQL restart does to the pool);
 * - Redis stopped (SIGKILL) mid-load and started again ~2 s later: the server runs with REDIS_URL
 *   set to a redis-server this harness owns (its own port, no persistence; the machine's Redis is
 *   untouched);
 * - the draw scheduler and its settlement killed mid-run: 1,000 mini-game bets on one roulette
 *   round, the server clock moved past its draw (test controls), the server SIGKILLed as soon as
 *   the round is drawn (its settlement transaction in flight), restarted with the same clock;
 *   then every round must be made and drawn once (no gap in the numbers, each settled with a
 *   result) and every bet settled exactly once (settle_count 1, the money its stake and win);
 * - the sports settlement job killed mid-run: singles and combinations of every member placed
 *   through the members' API on the released fixtures that start first, the server clock moved
 *   past their last feed message (the feed's snapshot brings their results: one settle-queue item
 *   each), the server SIGKILLed once some of those bets are settled and some not, restarted (its
 *   feed off: see the fault) with the same clock; then every bet must be settled exactly once
 *   (settle_count 1, one settlement transaction per batch, no recall) and paid its win.
 * After each, every call sent so far is replayed (a vendor retries what it did not see answered);
 * then each transaction must be applied exactly once, each member's money must be its start less
 * its distinct stakes (less its mini-game and sports stakes plus their payouts), `ledger:verify` must hold, and /readyz must be green again within 10 s.
 * Prints a table: fault, calls during it, client errors, money lost or duplicated, recovery time.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:faults
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DEV_HOUSE_VENDOR_SECRET } from '../apps/server/src/platform/config.ts';
import { openDb } from '../apps/server/src/platform/db.ts';
import { signWalletCall } from '../apps/server/src/modules/casino/index.ts';
import { HOUSE, postTransaction, verifyLedger } from '../apps/server/src/modules/ledger/index.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { scratchPgDb } from './seed.ts';
import { ownRedis } from '../apps/server/src/test/redis.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 3990 + (process.pid % 7);
const BASE = `http://127.0.0.1:${PORT}`;
const STAKE = 1_000n;
const PLAYERS = ['user1', 'user2', 'user3', 'user4', 'user5'];
const RECOVERY_LIMIT_MS = 10_000;
/** The server's error output, for when a start fails. */
const SERVER_LOG = path.join(os.tmpdir(), `faults-server-${process.pid}.log`);

type Player = { account: string; id: bigint; launch: string; token: string };
type Sent = { player: Player; body: string };

const scratch = await scratchPgDb(PG_URL, `faults_${process.pid}`);
const db = await openDb({ url: scratch.url });
const proc: { server: ChildProcess | null } = { server: null };
/** How far the server's clock was moved ahead (test controls); wallet timestamps follow it. */
let clockOffsetMs = 0;

/** The harness's own Redis (never the machine's at 6379): no snapshot, no append-only file. */
const redis = await ownRedis();

function start(extraEnv: Record<string, string> = {}) {
  proc.server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/.bundle/main.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      ENABLE_TEST_CONTROLS: '1',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', fs.openSync(SERVER_LOG, 'a')],
  });
}

/** Milliseconds until /readyz answers 200. */
async function ready(limitMs = 60_000) {
  const t = performance.now();
  for (;;) {
    const ok = await fetch(`${BASE}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return performance.now() - t;
    if (performance.now() - t > limitMs) throw new Error(`the server did not become ready (its output: ${SERVER_LOG})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(p: string, body: unknown, token?: string) {
  const r = await fetch(`${BASE}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { result: boolean; data: Record<string, never> & { token: string; url: string; user: { id: number } } };
}

/** One signed wallet call; its answer's status, or 'no answer' when the server did not give one. */
async function wallet(body: string) {
  const ts = String(Math.floor((Date.now() + clockOffsetMs) / 1000));
  const nonce = randomUUID();
  try {
    const r = await fetch(`${BASE}/api/wallet/house/bet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wallet-timestamp': ts,
        'x-wallet-nonce': nonce,
        'x-wallet-signature': signWalletCall(DEV_HOUSE_VENDOR_SECRET, ts, nonce, body),
      },
      body,
    });
    if (r.status >= 500) return `http ${r.status}`;
    return ((await r.json()) as { status: string }).status;
  } catch {
    return 'no answer';
  }
}

const betBody = (p: Player) => {
  const tx = `flt-${randomUUID()}`;
  return JSON.stringify({
    request_uuid: `req-${tx}`,
    transaction_uuid: tx,
    user: String(p.id),
    token: p.launch,
    round: `r-${tx}`,
    game_code: 'fortune5',
    amount: String(STAKE),
    currency: 'KRW',
  });
};

/** Sends bets from every player until `stop` resolves; returns what was sent and how many got no proper answer. */
async function load(players: Player[], sent: Sent[], ms: number, fault: () => Promise<void | number>, faultAtMs: number) {
  let errors = 0;
  let calls = 0;
  const until = performance.now() + ms;
  // Recovery: from the fault (or the moment it names, when it first waits for its moment) until /readyz answers again.
  const faulted = new Promise<number>((resolve) =>
    setTimeout(() => {
      let t = performance.now();
      void fault()
        .then((at) => {
          if (typeof at === 'number') t = at;
          return ready(RECOVERY_LIMIT_MS * 3);
        })
        .then(() => resolve(performance.now() - t));
    }, faultAtMs),
  );
  await Promise.all(
    players.map(async (p) => {
      while (performance.now() < until) {
        const body = betBody(p);
        sent.push({ player: p, body });
        calls++;
        const status = await wallet(body);
        if (status !== 'RS_OK') {
          errors++;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    }),
  );
  return { calls, errors, recovery: await faulted };
}

async function killServer() {
  const dead = new Promise((r) => proc.server?.once('exit', r));
  proc.server?.kill('SIGKILL');
  await dead; // its port is free once it is gone
}

/** Moves the server clock to `at` (test controls). */
async function setClock(at: Date) {
  await call('/api/test/clock', { at: at.toISOString() });
  clockOffsetMs = at.getTime() - Date.now();
}

const GAME = 'roulette';
const MG_BETS_PER_PLAYER = 150;
type MgRound = { id: number; number: number; draws_at: string; closes_at: string };
const drawFault = { round: null as MgRound | null, firstNumber: 0, openAtKill: -1, statusAtKill: '' };

/** Bets of every player on one roulette round that still takes bets (the clock moved on until one does). */
async function placeMinigameBets(players: Player[]) {
  const p0 = players[0];
  const games = await call('/api/user/minigame/games', { game: GAME }, p0.token);
  const market = (games.data as unknown as { games: { markets: { key: string; picks: { key: string }[] }[] }[] }).games[0].markets[0];
  let round: MgRound | null = null;
  for (let i = 0; i < 40 && !round; i++) {
    const r = (await call('/api/user/minigame/round', { game: GAME }, p0.token)).data as unknown as { current: MgRound | null; server_time: string };
    const now = new Date(r.server_time).getTime();
    if (r.current && new Date(r.current.closes_at).getTime() - now > 30_000) round = r.current;
    // else: jump to the next slot and let the scheduler (a pass each second) make its round
    else {
      await setClock(new Date(now + 15_000));
      await new Promise((res) => setTimeout(res, 1_500));
    }
  }
  if (!round) throw new Error('no roulette round took bets');
  drawFault.round = round;
  drawFault.firstNumber = (await db.query<{ n: number }>(`SELECT min(number)::int AS n FROM minigame_rounds WHERE game = $1`, [GAME])).rows[0].n;
  const refused: string[] = [];
  await Promise.all(
    players
      .flatMap((p) => [0, 1, 2].map((lane) => ({ p, lane })))
      .map(async ({ p, lane }) => {
        for (let i = lane; i < MG_BETS_PER_PLAYER; i += 3) {
          const r = await call(
            '/api/user/minigame/bet',
            {
              game: GAME,
              round_id: round.id,
              market: market.key,
              pick: market.picks[i % market.picks.length].key,
              amount: '1000',
              request_id: `flt-mg-${randomUUID()}`,
            },
            p.token,
          );
          if (!r.result) refused.push(JSON.stringify((r as unknown as { error: unknown }).error));
        }
      }),
  );
  if (refused.length) throw new Error(`${refused.length} mini-game bets refused, e.g. ${refused[0]}`);
}

/** Every made round from the first one seen to the last due: no gap, each settled (drawn once) with a result. */
async function roundsCheck() {
  const r = (
    await db.query<{ made: number; span: number; unsettled: number; no_result: number }>(
      `SELECT count(*)::int AS made, (max(number) - min(number) + 1)::int AS span,
              count(*) FILTER (WHERE status <> 'settled' AND draws_at < now() + make_interval(secs => $2::float8 / 1000) - interval '5 seconds')::int AS unsettled,
              count(*) FILTER (WHERE status = 'settled' AND (result IS NULL OR drawn_at IS NULL))::int AS no_result
         FROM minigame_rounds WHERE game = $1 AND number >= $3`,
      [GAME, clockOffsetMs, drawFault.firstNumber],
    )
  ).rows[0];
  const bets = (
    await db.query<{ n: number; open: number; twice: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE settle_count <> 1)::int AS twice
         FROM bets WHERE game_type = 'minigame' AND request_id LIKE '%flt-mg-%'`,
    )
  ).rows[0];
  const ok =
    r.made === r.span && r.unsettled === 0 && r.no_result === 0 && bets.n === MG_BETS_PER_PLAYER * PLAYERS.length && bets.open === 0 && bets.twice === 0;
  return {
    ok,
    text: `rounds ${r.made} made of ${r.span} numbers, ${r.unsettled} undrawn, ${r.no_result} without result; bets ${bets.n}, ${bets.open} open, ${bets.twice} not settled once (at the kill: round ${drawFault.statusAtKill}, ${drawFault.openAtKill} bets open)`,
  };
}

/** Each player's mini-game stakes less wins of the harness's bets (what the money must reflect). */
const minigameNet = async (id: bigint) =>
  (
    await db.query<{ v: bigint }>(
      `SELECT coalesce(sum(amount - CASE WHEN status = 'open' THEN 0 ELSE win_amount END), 0)::bigint AS v FROM bets WHERE user_id = $1 AND game_type = 'minigame' AND request_id LIKE '%flt-mg-%'`,
      [id],
    )
  ).rows[0].v;

const SP_BOARD = 'europe';
const SP_FIXTURES = 8;
const SP_SINGLES_PER_PLAYER = 40;
const SP_COMBOS_PER_PLAYER = 4;
const SP_STAKE = 5_000n;
/** The simulated feed's longest span from a fixture's start to its last message (its plan's MAX_SPAN: longest match, settlement, rollback). */
const FEED_MAX_SPAN_MS = 5 * 3600_000;
const SP_BETS = `game_type = 'sports' AND request_id LIKE '%flt-sp-%'`;
const sportsFault = { fixtures: [] as number[], lastStart: 0, total: 0, settledAtKill: -1, itemsAtKill: '', openTx: -1 };
type SpMarket = { kind: string; period: string; status: string; outcomes: { id: number; odds: string; active: boolean }[] };

/** Singles and combinations of every player on the released fixtures that start first (through the members' API). */
async function placeSportsBets(players: Player[]) {
  const serverNow = Date.now() + clockOffsetMs;
  const rows = (
    await db.query<{ id: string; starts_at: Date }>(
      `SELECT id::text, starts_at FROM fixtures WHERE status = 'release' AND on_sale AND NOT bet_stop AND starts_at > $1 ORDER BY starts_at, id LIMIT 80`,
      [new Date(serverNow + 15 * 60_000)],
    )
  ).rows;
  const picks: { fixture: number; start: number; outcomes: number[] }[] = [];
  const odds = new Map<number, string>();
  for (const r of rows) {
    if (picks.length >= SP_FIXTURES) break;
    const d = (await call('/api/user/sports/fixture', { id: Number(r.id) }, players[0].token)).data as unknown as { fixture: { markets: SpMarket[] } | null };
    const m = d.fixture?.markets.find(
      (x) => (x.kind === '1x2' || x.kind === 'moneyline') && x.period === 'ft' && x.status === 'open' && x.outcomes.every((o) => o.active),
    );
    if (!m) continue;
    for (const o of m.outcomes) odds.set(o.id, o.odds);
    picks.push({ fixture: Number(r.id), start: r.starts_at.getTime(), outcomes: m.outcomes.map((o) => o.id) });
  }
  if (picks.length < 3) throw new Error(`only ${picks.length} released fixtures to bet on`);
  sportsFault.fixtures = picks.map((p) => p.fixture);
  sportsFault.lastStart = Math.max(...picks.map((p) => p.start));
  // A price the feed moved is taken as a player would (the slip names the new one).
  const place = async (p: Player, ids: number[]) => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const r = await call(
        '/api/user/sports/bet/place',
        {
          request_id: `flt-sp-${randomUUID()}`,
          board: SP_BOARD,
          amount: String(SP_STAKE),
          selections: ids.map((id) => ({ outcome_id: id, odds: odds.get(id) })),
          accept_higher_odds: true,
        },
        p.token,
      );
      if (r.result) return;
      const err = (r as unknown as { error?: { code: string; params?: { changes?: string } } }).error;
      const changes = err?.code === 'odds_changed' ? String(err.params?.changes ?? '') : '';
      if (!changes) throw new Error(`sports bet refused: ${JSON.stringify(err)}`);
      for (const c of changes.split(',')) {
        const [id, o] = c.split(':');
        odds.set(Number(id), o);
      }
    }
    throw new Error('sports bet refused: the odds kept changing');
  };
  await Promise.all(
    players.map(async (p, pi) => {
      for (let i = 0; i < SP_SINGLES_PER_PLAYER; i++) {
        const f = picks[(i + pi) % picks.length];
        await place(p, [f.outcomes[(i + pi) % f.outcomes.length]]);
      }
      for (let i = 0; i < SP_COMBOS_PER_PLAYER; i++) {
        const legs = [0, 1, 2].map((k) => picks[(pi + i + k * 2) % picks.length]);
        // Favourites (the first leg's pick alternates with the next shortest price): the combined odds stay under the cap.
        const byOdds = (f: (typeof picks)[number]) => [...f.outcomes].sort((x, y) => Number(odds.get(x)) - Number(odds.get(y)));
        await place(
          p,
          legs.map((f, k) => byOdds(f)[k === 0 ? i % 2 : 0]),
        );
      }
    }),
  );
  sportsFault.total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE ${SP_BETS}`)).rows[0].n;
}

const sportsProgress = async () => {
  const b = (await db.query<{ settled: number }>(`SELECT count(*) FILTER (WHERE status <> 'open')::int AS settled FROM bets WHERE ${SP_BETS}`)).rows[0];
  const q = (
    await db.query<{ done: number; n: number }>(
      `SELECT count(*) FILTER (WHERE done_at IS NOT NULL)::int AS done, count(*)::int AS n FROM sports_settle_queue WHERE fixture_id = ANY($1::bigint[])`,
      [sportsFault.fixtures],
    )
  ).rows[0];
  return { settled: b.settled, itemsDone: q.done, items: q.n };
};

/**
 * Every harness sports bet settled exactly once: not open, settle_count 1, a settlement
 * transaction; no settlement posted twice (as many `bet:settle` transactions of the queue as the
 * bets name) and none recalled; each player's postings in those transactions are the wins of
 * their bets (one payout each).
 */
async function sportsCheck() {
  const b = (
    await db.query<{ n: number; open: number; not_once: number; no_tx: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'open')::int AS open,
              count(*) FILTER (WHERE settle_count <> 1)::int AS not_once,
              count(*) FILTER (WHERE status <> 'open' AND settled_tx IS NULL)::int AS no_tx
         FROM bets WHERE ${SP_BETS}`,
    )
  ).rows[0];
  const tx = (
    await db.query<{ posted: number; named: number; recalled: number }>(
      `WITH items AS (SELECT id FROM sports_settle_queue WHERE fixture_id = ANY($1::bigint[]))
       SELECT (SELECT count(*)::int FROM ledger_transactions t WHERE EXISTS (SELECT 1 FROM items WHERE t.idempotency_key LIKE 'bet:settle:sports:q' || items.id || ':%')) AS posted,
              (SELECT count(DISTINCT settled_tx)::int FROM bets WHERE ${SP_BETS}) AS named,
              (SELECT count(*)::int FROM ledger_transactions t WHERE EXISTS (SELECT 1 FROM items WHERE t.idempotency_key LIKE 'bet:unsettle:sports:q' || items.id || ':%')) AS recalled`,
      [sportsFault.fixtures],
    )
  ).rows[0];
  const payouts = (
    await db.query<{ off: number }>(
      `WITH wins AS (SELECT user_id, sum(win_amount)::bigint AS w FROM bets WHERE ${SP_BETS} GROUP BY user_id),
            paid AS (SELECT a.owner_id AS user_id, sum(p.amount)::bigint AS p
                       FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                      WHERE a.owner_type = 'user' AND a.asset = 'money'
                        AND p.transaction_id IN (SELECT settled_tx FROM bets WHERE ${SP_BETS})
                      GROUP BY a.owner_id)
       SELECT count(*)::int AS off FROM wins LEFT JOIN paid ON paid.user_id = wins.user_id WHERE coalesce(paid.p, 0) <> wins.w`,
    )
  ).rows[0];
  const partial = sportsFault.settledAtKill > 0 && sportsFault.settledAtKill < sportsFault.total;
  const ok =
    b.n === sportsFault.total &&
    b.n > 0 &&
    b.open === 0 &&
    b.not_once === 0 &&
    b.no_tx === 0 &&
    tx.posted === tx.named &&
    tx.recalled === 0 &&
    payouts.off === 0 &&
    partial;
  return {
    ok,
    text: `sports bets ${b.n} on ${sportsFault.fixtures.length} fixtures, ${b.open} open, ${b.not_once} not settled once, ${b.no_tx} without a settlement; settlement transactions ${tx.posted} posted for ${tx.named} named, ${tx.recalled} recalls; ${payouts.off} members paid other than their wins (at the kill: ${sportsFault.settledAtKill} of ${sportsFault.total} settled, queue items ${sportsFault.itemsAtKill} done, ${sportsFault.openTx} server transactions open)`,
  };
}

/** Each player's sports stakes less payouts of the harness's bets. */
const sportsNet = async (id: bigint) =>
  (
    await db.query<{ v: bigint }>(
      `SELECT coalesce(sum(amount - CASE WHEN status = 'open' THEN 0 ELSE win_amount END), 0)::bigint AS v FROM bets WHERE user_id = $1 AND ${SP_BETS}`,
      [id],
    )
  ).rows[0].v;

const moneyOf = async (id: bigint) =>
  (await db.query<{ b: bigint }>(`SELECT balance AS b FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $1 AND asset = 'money'`, [id])).rows[0].b;

try {
  execFileSync(process.execPath, ['scripts/build-server-if-stale.mjs'], { cwd: ROOT, stdio: 'ignore' });
  start();
  await ready();
  const players: Player[] = [];
  for (const account of PLAYERS) {
    const login = await call('/api/user/login', { account, password: '1234' });
    const token = login.data.token as string;
    const ctx = await call('/api/user/getContext', {}, token);
    const lobby = await call('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'fortune5' }, token);
    players.push({ account, id: BigInt(ctx.data.user.id), token, launch: new URL(lobby.data.url as string, BASE).searchParams.get('token')! });
  }
  // Enough money for every bet the load can send (the demo balances are small).
  for (const p of players)
    await postTransaction(db, systemClock, {
      idempotencyKey: `faults:topup:${p.id}`,
      kind: 'adjust',
      reason: { type: 'faults', id: p.id },
      memo: 'faults harness',
      postings: [
        { account: { user: p.id, asset: 'money' }, amount: 100_000_000n },
        { account: { house: HOUSE.adjustments, asset: 'money' }, amount: -100_000_000n },
      ],
    });
  const startMoney = new Map<bigint, bigint>();
  for (const p of players) startMoney.set(p.id, await moneyOf(p.id));
  const sent: Sent[] = [];
  const rows: string[][] = [];

  type Fault = {
    name: string;
    before?: () => Promise<void>;
    /** Resolves with the moment of the fault proper (performance.now()) when it first waits for it. */
    fault: () => Promise<void | number>;
    /** Run once the load is over and the server is ready again, before the replays. */
    after?: () => Promise<void>;
    check?: () => Promise<{ ok: boolean; text: string }>;
  };
  const faults: Fault[] = [
    {
      name: 'SIGKILL of the server mid-load (its jobs die mid-run), restart',
      fault: async () => {
        await killServer();
        start();
      },
    },
    {
      name: 'every database connection terminated mid-load (a PostgreSQL restart)',
      fault: async () => {
        const admin = await openDb({ url: PG_URL });
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [`faults_${process.pid}`]);
        await admin.close();
      },
    },
    {
      name: 'Redis stopped (SIGKILL) mid-load, started again 2 s later',
      fault: async () => {
        await redis.kill();
        await new Promise((r) => setTimeout(r, 2_000));
        await redis.start();
      },
      check: async () => {
        // The server lived through it and uses Redis again (its rate limiter answers /readyz).
        const r = ((await (await fetch(`${BASE}/readyz`)).json()) as { data: { checks: Record<string, string> } }).data;
        return {
          ok: r.checks.redis === 'ok' && proc.server?.exitCode === null,
          text: `redis ${r.checks.redis}, server ${proc.server?.exitCode === null ? 'alive' : 'exited'}`,
        };
      },
    },
    {
      name: `draw scheduler and settlement SIGKILLed mid-run (${MG_BETS_PER_PLAYER * PLAYERS.length} mini-game bets on the round), restart`,
      before: () => placeMinigameBets(players),
      fault: async () => {
        const round = drawFault.round!;
        const target = new Date(new Date(round.draws_at).getTime() + 500);
        await setClock(target);
        // Kill as soon as the draw is committed: its settlement is the next transaction.
        for (let i = 0; i < 4000; i++) {
          const st = (await db.query<{ status: string }>(`SELECT status FROM minigame_rounds WHERE id = $1`, [round.id])).rows[0].status;
          if (st === 'drawn' || st === 'settled') break;
          await new Promise((r) => setTimeout(r, 2));
        }
        await killServer();
        drawFault.statusAtKill = (await db.query<{ status: string }>(`SELECT status FROM minigame_rounds WHERE id = $1`, [round.id])).rows[0].status;
        drawFault.openAtKill = (
          await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE game_type = 'minigame' AND status = 'open' AND request_id LIKE '%flt-mg-%'`)
        ).rows[0].n;
        start();
      },
      after: async () => {
        // The new process starts on the real clock: give it the moved one (before the replays,
        // whose timestamps follow it), then its scheduler draws and settles what the dead one
        // left (a pass each second).
        await setClock(new Date(Date.now() + clockOffsetMs));
        for (let i = 0; i < 300; i++) {
          const st = (await db.query<{ status: string }>(`SELECT status FROM minigame_rounds WHERE id = $1`, [drawFault.round!.id])).rows[0].status;
          if (st === 'settled') break;
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      check: roundsCheck,
    },
    {
      name: `sports settlement job SIGKILLed mid-run (${SP_SINGLES_PER_PLAYER * PLAYERS.length} singles and ${SP_COMBOS_PER_PLAYER * PLAYERS.length} combinations), restart`,
      before: () => placeSportsBets(players),
      fault: async () => {
        // The clock past every chosen fixture's last message: the feed's next poll is a snapshot
        // with their results, each a settle-queue item, which the settlement job works in turn.
        await setClock(new Date(sportsFault.lastStart + FEED_MAX_SPAN_MS));
        const until = performance.now() + 120_000;
        for (;;) {
          const s = await sportsProgress();
          // Kill once some bets are settled and some not: an item is being worked.
          if ((s.settled > 0 && s.settled < sportsFault.total) || s.settled === sportsFault.total || performance.now() > until) break;
          await new Promise((r) => setTimeout(r, 2));
        }
        // The server's transactions open just before the kill (the load's calls are over by then: the job's).
        sportsFault.openTx = (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
          )
        ).rows[0].n;
        const at = performance.now();
        await killServer();
        const s = await sportsProgress();
        sportsFault.settledAtKill = s.settled;
        sportsFault.itemsAtKill = `${s.itemsDone} of ${s.items}`;
        // The new process starts on the real clock until the harness sets it again; its feed stays
        // off, as a feed polled on that clock would replay the jump (and send every result again).
        start({ SPORTS_FEED: 'off' });
        return at;
      },
      after: async () => {
        await setClock(new Date(Date.now() + clockOffsetMs));
        for (let i = 0; i < 600; i++) {
          const s = await sportsProgress();
          if (s.settled === sportsFault.total && s.itemsDone === s.items) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      },
      check: sportsCheck,
    },
  ];
  for (const { name, before: prepare, fault, after, check } of faults) {
    await prepare?.();
    const before = sent.length;
    const during = await load(players, sent, 3_000, fault, 1_500);
    const recovery = during.recovery;
    await after?.();
    // The vendor retries everything it sent: each must now be answered, applied once.
    let unanswered = 0;
    for (const s of sent.slice(before)) if ((await wallet(s.body)) !== 'RS_OK') unanswered++;
    const applied = (
      await db.query<{ n: number; dup: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE c > 1)::int AS dup FROM (SELECT request_id, count(*) AS c FROM bets WHERE request_id LIKE 'house:flt-%' GROUP BY request_id) x`,
      )
    ).rows[0];
    let moneyOff = 0n;
    for (const p of players) {
      const stakes = BigInt(sent.filter((s) => s.player === p).length) * STAKE;
      moneyOff += (await moneyOf(p.id)) - (startMoney.get(p.id)! - stakes - (await minigameNet(p.id)) - (await sportsNet(p.id)));
    }
    const verify = await verifyLedger(db);
    const extra = check ? await check() : { ok: true, text: '' };
    const ok = applied.n === sent.length && applied.dup === 0 && moneyOff === 0n && verify.ok && unanswered === 0 && recovery < RECOVERY_LIMIT_MS && extra.ok;
    rows.push([
      name,
      String(during.calls),
      String(during.errors),
      `${moneyOff} won (${applied.n} of ${sent.length} applied, ${applied.dup} twice; ${unanswered} replays unanswered)${extra.text ? `; ${extra.text}` : ''}`,
      `${(recovery / 1000).toFixed(2)} s`,
      verify.ok ? 'OK' : `${verify.problems.length} problems`,
      ok ? 'pass' : 'FAIL',
    ]);
    if (!ok) process.exitCode = 1;
  }
  console.log('\n| fault | calls during it | client errors | money lost or duplicated | recovery (/readyz) | ledger:verify | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
} finally {
  proc.server?.kill('SIGKILL');
  await redis.kill();
  await db.close();
  await scratch.drop();
}
