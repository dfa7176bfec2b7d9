import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors.ts';

/**
 * The process's Prometheus metrics (issue 21, decision 051). Counters live in memory and are
 * bumped by the one owner of each mechanism (ledger posting, betting's placeBet, the wallet
 * call, the draw, the jobs runner, the HTTP hooks): no database write and no lock on any hot
 * path. A label set's child is looked up once and kept, so counting a request allocates nothing.
 * Several machines each serve their own figures, and Prometheus sums them; the workers of one
 * machine's cluster answer for all of them together (`metricsText`).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** A child per label value, created on first use (bounded: every label value is a code constant). */
function childrenOf<T>(make: (value: string) => T) {
  const children = new Map<string, T>();
  return (value: string) => {
    let c = children.get(value);
    if (!c) {
      c = make(value);
      children.set(value, c);
    }
    return c;
  };
}

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern (not the raw URL), method and status: count and latency',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
type Observer = { observe(v: number): void };
/** route → method → status → child: three map reads per request, no key string built. */
const httpChildren = new Map<string, Map<string, Map<number, Observer>>>();

/** One finished request; `route` is the route's pattern (undefined for no route: counted as one pattern). */
export function observeRequest(route: string | undefined, method: string, status: number, seconds: number) {
  const r = route ?? '(unmatched)';
  let byMethod = httpChildren.get(r);
  if (!byMethod) httpChildren.set(r, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (!byStatus) byMethod.set(method, (byStatus = new Map()));
  let child = byStatus.get(status);
  if (!child) byStatus.set(status, (child = httpDuration.labels(r, method, String(status))));
  child.observe(seconds);
}

const bets = new Counter({
  name: 'bets_placed_total',
  help: 'Bets placed (committed, replays not counted) by game type',
  labelNames: ['game_type'] as const,
  registers,
});
const betChild = childrenOf((t) => bets.labels(t));
export const countBetPlaced = (gameType: string) => betChild(gameType).inc();

const draws = new Counter({ name: 'minigame_draws_total', help: 'Mini-game rounds drawn (committed) by game', labelNames: ['game'] as const, registers });
const drawChild = childrenOf((g) => draws.labels(g));
export const countDraw = (game: string) => drawChild(game).inc();

const wallet = new Counter({
  name: 'wallet_calls_total',
  help: 'Seamless wallet calls from vendors by method and answered status (fault: the call threw)',
  labelNames: ['method', 'status'] as const,
  registers,
});
const walletChildren = new Map<string, (status: string) => { inc(): void }>();
export function countWalletCall(method: string, status: string) {
  let byStatus = walletChildren.get(method);
  if (!byStatus) walletChildren.set(method, (byStatus = childrenOf((s) => wallet.labels(method, s))));
  byStatus(status).inc();
}

const ledger = new Counter({
  name: 'ledger_transactions_total',
  help: 'Ledger transactions committed (replays not counted) by kind',
  labelNames: ['kind'] as const,
  registers,
});
const ledgerChild = childrenOf((k) => ledger.labels(k));
export const countLedgerTransactions = (kind: string, n = 1) => ledgerChild(kind).inc(n);

/** Per job: when it last succeeded (epoch ms), else when the runner started it. */
const jobSince = new Map<string, number>();
/** Per job: whether this process runs it. */
const leading = new Map<string, boolean>();
new Gauge({
  name: 'job_lag_seconds',
  help: 'Per background job: seconds since its last successful run (since start when it has none)',
  labelNames: ['job'] as const,
  registers,
  collect() {
    const now = Date.now();
    this.reset();
    // A job another process runs has no lag here (decision 060).
    for (const [job, at] of jobSince) if (leading.get(job) !== false) this.labels(job).set((now - at) / 1000);
  },
});
const jobFailures = new Counter({ name: 'job_failures_total', help: 'Failed background job runs by job', labelNames: ['job'] as const, registers });
const jobFailureChild = childrenOf((j) => jobFailures.labels(j));

export function jobStarted(job: string, at = Date.now()) {
  if (!jobSince.has(job)) jobSince.set(job, at);
}
const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Successful background job runs by job (in the process that ran them)',
  labelNames: ['job'] as const,
  registers,
});
const jobRunChild = childrenOf((j) => jobRuns.labels(j));
export function jobSucceeded(job: string, at = Date.now()) {
  jobSince.set(job, at);
  jobRunChild(job).inc();
}
export const jobFailed = (job: string) => jobFailureChild(job).inc();
const jobLeaders = new Gauge({
  name: 'job_leader',
  help: 'Per background job: 1 where this process runs it (decision 060), else 0',
  labelNames: ['job'] as const,
  registers,
});
const jobLeaderChild = childrenOf((j) => jobLeaders.labels(j));
export function jobLeader(job: string, holds: boolean) {
  // Taking a job over starts its lag clock afresh: it has not run here yet.
  if (holds && leading.get(job) === false) jobSince.set(job, Date.now());
  leading.set(job, holds);
  jobLeaderChild(job).set(holds ? 1 : 0);
}

// ---- One machine's cluster (decision 060): its workers share one port, so a scrape reaches one
// of them at random and would see that worker's figures alone, a different one each time. A worker
// asks the primary instead, which gathers every worker's registry over the cluster's channel
// (prom-client's AggregatorRegistry: counters and histograms summed, each default metric by its
// own rule, `job_leader` summing to 1 per job) and answers the whole machine's figures.

const ASK = 'wager:metrics?';
const ANSWER = 'wager:metrics';
type Answer = { type: typeof ANSWER; id: number; body?: string; error?: string };
const waiting = new Map<number, (a: Answer) => void>();
let asked = 0;

if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([metricsRegistry]);
  new AggregatorRegistry(); // answers the primary's requests for this worker's figures
  process.on('message', (m: Answer) => {
    if (m?.type === ANSWER) waiting.get(m.id)?.(m);
  });
}

/** In the cluster's primary: answers each worker's request with every worker's figures together. */
export function serveClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, m: { type?: string; id?: number }) => {
    if (m?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (body) => worker.send({ type: ANSWER, id: m.id, body }),
      (e: Error) => worker.send({ type: ANSWER, id: m.id, error: e.message }),
    );
  });
}

const unavailable = (why: string) => new AppError(503, 'temporarily_unavailable', `The metrics are not available now (${why}).`);

function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(unavailable('the cluster primary did not answer within 6 s'));
    }, 6_000);
    waiting.set(id, (a) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (a.body !== undefined) resolve(a.body);
      else reject(unavailable(a.error ?? 'no figures'));
    });
    process.send!({ type: ASK, id });
  });
}

/** The exposition text and its content type: in a cluster's worker, the whole cluster's. */
export async function metricsText() {
  const body = cluster.isWorker && process.send ? await askPrimary() : await metricsRegistry.metrics();
  return { body, contentType: metricsRegistry.contentType };
}
