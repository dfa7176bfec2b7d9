/**
 * The load harness's population (`bench/load-mixed.ts`): every call it makes is recorded here (per
 * call, per second, for the table and the chart), through one `Client` per person; and the
 * players', agents' and admins' behaviours, drawn with the population's own dice.
 */
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_AGENTS, DEMO_PASSWORD, DEMO_ROLE_ADMINS } from '../apps/server/src/seed.ts';
import { Connection, type Route } from './http-client.ts';
import { log, sleep } from './load-cluster.ts';

/** The population's dice (mulberry32, seeded per run): cheap, and no platform code draws from it. */
let seed = randomBytes(4).readUInt32LE();
export function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
/** An exponential think time of mean `mean` ms (capped at 5 × mean). */
export const think = (mean: number) => sleep(Math.min(5 * mean, -Math.log(1 - random()) * mean));
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

// ---------------------------------------------------------------- recording calls

export type CallStats = { lat: number[]; ok: number; c4: number; c5: number; none: number; codes: Map<string, number> };

/** The recording, shared by the run (which starts and stops it) and the report (which reads it). */
export const state = {
  phaseStart: 0,
  recording: false,
  /** Seconds from `phaseStart` recorded for the chart but not counted in the table. */
  warmup: 0,
  stats: new Map<string, CallStats>(),
  /** Per call, per second since `phaseStart` (warm-up included): latencies, for the chart. */
  buckets: new Map<string, number[][]>(),
  firstFailures: 0,
  /** 5xx and lost connections during the warm-up (not counted in the table, but reported). */
  warmupFailures: 0,
};

function record(call: string, startedAt: number, ms: number, status: number, code: string | null) {
  if (!state.recording) return;
  const t = (startedAt - state.phaseStart) / 1000;
  const sec = Math.floor(t);
  let b = state.buckets.get(call);
  if (!b) state.buckets.set(call, (b = []));
  (b[sec] ??= []).push(ms);
  if (t < state.warmup) {
    if (status >= 500 || status === 0) state.warmupFailures++;
    return;
  }
  let s = state.stats.get(call);
  if (!s) state.stats.set(call, (s = { lat: [], ok: 0, c4: 0, c5: 0, none: 0, codes: new Map() }));
  s.lat.push(ms);
  if (status >= 200 && status < 300) s.ok++;
  else if (status >= 400 && status < 500) s.c4++;
  else if (status === 0) s.none++;
  else s.c5++;
  if (code) s.codes.set(code, (s.codes.get(code) ?? 0) + 1);
}

type Reply<T> = { status: number; data: T | null; code: string | null; params?: Record<string, string> };

/** One person's browser: a keep-alive socket, its bearer token, one call at a time. */
export class Client {
  readonly conn: Connection;
  private readonly routes = new Map<string, Route>();
  constructor(
    readonly target: URL,
    public token: string | null,
  ) {
    this.conn = new Connection(target);
  }

  /**
   * POSTs `body` to `p`; `name` is the row the call is counted under (default: the path). A 200's
   * body is read only with `wantBody` (a refusal's always, for its code): a browser parses what it
   * shows, but this one process plays hundreds of them on a CPU it shares with the cluster.
   */
  async call<T = unknown>(p: string, body: unknown, name = p, wantBody = false): Promise<Reply<T>> {
    let route = this.routes.get(p);
    if (!route) this.routes.set(p, (route = this.conn.route(p, this.token ? { Authorization: `Bearer ${this.token}` } : {})));
    const t = performance.now();
    const a = await this.conn.post(route, JSON.stringify(body), '', wantBody ? () => true : (s) => s !== 200);
    const ms = performance.now() - t;
    let data: T | null = null;
    let code: string | null = null;
    let params: Record<string, string> | undefined;
    if (a.text) {
      try {
        const j = JSON.parse(a.text) as { result?: boolean; data?: T; error?: { code?: string; params?: Record<string, string> } };
        data = j.data ?? null;
        if (a.status !== 200) {
          code = j.error?.code ?? `http_${a.status}`;
          params = j.error?.params;
        }
      } catch {
        if (a.status !== 200) code = `http_${a.status}`;
      }
    } else if (a.status !== 200) code = a.status ? `http_${a.status}` : 'no_answer';
    if ((a.status >= 500 || a.status === 0) && state.recording && state.firstFailures++ < 5) log(`  ${name}: ${a.status} ${a.text.slice(0, 300)}`);
    record(name, t, ms, a.status, code);
    return { status: a.status, data, code, params };
  }

  /** The same call, throwing unless it answered 200 (the set-up calls). */
  async must<T>(p: string, body: unknown): Promise<T> {
    const r = await this.call<T>(p, body, p, true);
    if (r.status !== 200 || r.data === null) throw new Error(`${p}: ${r.status} ${r.code}`);
    return r.data;
  }

  close() {
    this.conn.close();
  }
}

// ---------------------------------------------------------------- the population

type Pick = { outcome_id: number; odds: string };
type Minigame = { key: string; market: string; pick: string };
type Round = { id: number; opens_at: string; closes_at: string };
export type Player = { c: Client; id: number; launch: string | null; lastCharge: number; seq: number };

const BROWSE_PATHS = ['/', '/sports', '/inplay', '/minigame', '/casino', '/slot', '/board', '/mypage', '/charge'];
let outcomes: Pick[] = [];
let outcomesAt = 0;
let minigames: Minigame[] = [];
const runTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** Prematch outcomes of open markets on the europe board, starting 10 minutes from now or later (as bench/sports.ts lists them). */
function listedOutcomes(data: {
  fixtures: { starts_at: string; live: boolean; markets: { status: string; outcomes: { id: number; odds: string; active: boolean }[] }[] }[];
}) {
  const soon = Date.now() + 10 * 60_000;
  const picks: Pick[] = [];
  for (const f of data.fixtures) {
    if (f.live || new Date(f.starts_at).getTime() < soon) continue;
    for (const m of f.markets) if (m.status === 'open') for (const o of m.outcomes) if (o.active) picks.push({ outcome_id: o.id, odds: o.odds });
  }
  return picks;
}

async function browseSports(p: Player) {
  // The list is large: its body is read (and parsed) only when the outcomes are due for a refresh.
  const refresh = Date.now() - outcomesAt > 20_000;
  const r = await p.c.call<Parameters<typeof listedOutcomes>[0]>('/api/user/sports/fixtures', { board: 'europe' }, undefined, refresh);
  if (r.data && refresh) {
    const fresh = listedOutcomes(r.data);
    if (fresh.length) [outcomes, outcomesAt] = [fresh, Date.now()];
  }
}

async function sportsBet(p: Player) {
  if (!outcomes.length) return browseSports(p);
  const o = pick(outcomes);
  const r = await p.c.call('/api/user/sports/bet/place', {
    request_id: `ld-${runTag}-s${p.id}-${p.seq++}`,
    board: 'europe',
    amount: 1000,
    selections: [{ outcome_id: o.outcome_id, odds: o.odds }],
  });
  // The feed moved the price: take the new one for the next bet, as the slip would.
  for (const ch of r.params?.changes?.split(',') ?? []) {
    const [id, odds] = ch.split(':');
    for (const x of outcomes) if (String(x.outcome_id) === id) x.odds = odds;
  }
}

async function minigameBet(p: Player) {
  if (!minigames.length) return;
  const g = pick(minigames);
  const r = await p.c.call<{ current: Round | null; server_time: string }>('/api/user/minigame/round', { game: g.key }, undefined, true);
  const cur = r.data?.current;
  if (!cur || !r.data) return;
  const now = Date.parse(r.data.server_time);
  if (now < Date.parse(cur.opens_at) || now > Date.parse(cur.closes_at) - 1000) return; // between rounds: the page just waits
  await p.c.call('/api/user/minigame/bet', {
    game: g.key,
    round_id: cur.id,
    market: g.market,
    pick: g.pick,
    amount: 1000,
    request_id: `ld-${runTag}-m${p.id}-${p.seq++}`,
  });
}

async function slotSpin(p: Player) {
  if (!p.launch) {
    const r = await p.c.call<{ url: string }>('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'fortune5' }, undefined, true);
    const token = r.data?.url ? new URL(r.data.url, 'http://x').searchParams.get('token') : null;
    if (!token) return;
    p.launch = token;
    await p.c.call('/api/house/session', { token, user: p.id, game: 'fortune5' });
  }
  const r = await p.c.call('/api/house/slot/spin', {
    token: p.launch,
    user: p.id,
    game: 'fortune5',
    bet: '1000',
    request_id: `ld-${runTag}-h${p.id}-${p.seq++}`,
    client_seed: randomBytes(8).toString('hex'),
  });
  if (r.status === 401 || r.status === 403) p.launch = null; // the launch token ended: launch again
}

async function charge(p: Player) {
  // The platform refuses a second charge request within 30 s (setting charge.delay_seconds).
  if (Date.now() - p.lastCharge < 35_000) return p.c.call('/api/user/getContext', {});
  p.lastCharge = Date.now();
  await p.c.call('/api/user/bank/getChargeAccount', {});
  await p.c.call('/api/user/bank/charge', { charge_money: 10_000 + 1000 * Math.floor(random() * 90), request_id: `ld-${runTag}-c${p.id}-${p.seq++}` });
}

/**
 * One player's next step, by weight: mostly polling and browsing, then betting, spinning, charging.
 * Without `slot` (BENCH_LOAD_SLOT=0) the house slot's share polls instead.
 */
export async function playerStep(p: Player, slot: boolean) {
  const r = random() * 100;
  if (r < 35) await p.c.call('/api/user/getContext', {});
  else if (r < 47) await p.c.call('/api/user/browse', { path: pick(BROWSE_PATHS) });
  else if (r < 53) await browseSports(p);
  else if (r < 56) await p.c.call('/api/user/minigame/games', {});
  else if (r < 70) await sportsBet(p);
  else if (r < 83) await minigameBet(p);
  else if (r < 97) await (slot ? slotSpin(p) : p.c.call('/api/user/getContext', {}));
  else await charge(p);
}

export const AGENT_READS: [string, unknown][] = [
  ['/api/agent/getContext', {}],
  ['/api/agent/statistics/total', {}],
  ['/api/agent/statistics/rolling', {}],
  ['/api/agent/statistics/days', {}],
  ['/api/agent/zeus/home', {}],
  ['/api/agent/zeus/daily-bettings', {}],
  ['/api/agent/zeus/total-user-bettings', {}],
];

/** An admin: the waiting charges (those of its share), each approved; now and then the dashboard. */
export async function adminStep(c: Client, share: number, of: number) {
  const r = await c.call<{ rows: { id: number }[] }>('/api/admin/bank/list', { type: 'charge', status: 'waiting' }, undefined, true);
  for (const row of r.data?.rows ?? []) {
    if (row.id % of !== share) continue;
    await c.call('/api/admin/bank/process', { type: 'charge', id: row.id, action: 'approve' });
  }
  if (random() < 0.2) await c.call('/api/admin/getContext', {});
}

// ---------------------------------------------------------------- set-up

/** Logs in `count` funded players (`load0…`), the demo agents and two demo admins, each then on a socket of its own. */
export async function logIn(target: URL, count: number) {
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const c = new Client(target, null);
    const d = await c.must<{ token: string; user: { id: number } }>('/api/user/login', { account: `load${i}`, password: 'load1234' });
    c.close();
    players.push({ c: new Client(target, d.token), id: d.user.id, launch: null, lastCharge: 0, seq: 0 });
  }
  const agents: Client[] = [];
  for (const a of DEMO_AGENTS) {
    const c = new Client(target, null);
    const d = await c.must<{ token: string }>('/api/agent/login', { account: a.account, password: DEMO_PASSWORD });
    c.close();
    agents.push(new Client(target, d.token));
  }
  const admins: Client[] = [];
  for (const account of [DEMO_ADMIN.account, DEMO_ROLE_ADMINS.find((a) => a.role === 'cash_desk')?.account ?? DEMO_ADMIN.account]) {
    const c = new Client(target, null);
    const otp = await generate({ secret: DEMO_ADMIN_TOTP_SECRET });
    const d = await c.must<{ token: string }>('/api/admin/login', { account, password: DEMO_ADMIN.password, otp });
    c.close();
    admins.push(new Client(target, d.token));
  }
  return { players, agents, admins };
}

/** The mini games open to bets and the prematch outcomes, as `p` lists them; returns the outcomes (the sports saturation window bets on them). */
export async function findMarkets(p: Player): Promise<Pick[]> {
  const games = await p.c.must<{ games: { key: string; betting_allowed: boolean; markets: { key: string; picks: { key: string }[] }[] }[] }>(
    '/api/user/minigame/games',
    {},
  );
  minigames = games.games
    .filter((g) => g.betting_allowed && g.markets[0]?.picks[0])
    .map((g) => ({ key: g.key, market: g.markets[0].key, pick: g.markets[0].picks[0].key }));
  // The simulated feed makes its fixtures at start-up; wait for some prematch ones.
  for (let i = 0; i < 60 && !outcomes.length; i++) {
    await browseSports(p);
    if (!outcomes.length) await sleep(1000);
  }
  log(`  ${minigames.length} mini games open to bets; ${outcomes.length} prematch outcomes listed`);
  return outcomes;
}
