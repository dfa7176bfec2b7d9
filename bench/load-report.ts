/**
 * The load harness's report (`bench/load-mixed.ts`): the Markdown table (targets, ceilings, the
 * mixed load per call, memory and CPU per process) and the chart beside it (`bench/load-chart.ts`),
 * both written to `bench/results/`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { benchSportsPlacement } from './sports.ts';
import { quantile, renderChart, type Series } from './load-chart.ts';
import { log, ROOT, type ProcessSamples, type Rate } from './load-cluster.ts';
import { state } from './load-population.ts';

/** The run's settings (from the environment, read once by `bench/load-mixed.ts`). */
export type Settings = {
  SECONDS: number;
  WARMUP: number;
  WORKERS: number;
  PLAYERS: number;
  THINK_MS: number;
  SLOT: boolean;
  CEILING_SECONDS: number;
  LOG_LEVEL: string;
};

export function report(r: {
  tpcb: number;
  hello: Rate;
  poll: Rate;
  sports: Awaited<ReturnType<typeof benchSportsPlacement>>;
  took: number;
  memoryBefore: { pid: number; mb: number }[];
  verify: { ok: boolean; problems: string[] };
  workersReplaced: number;
  agents: number;
  admins: number;
  logFile: string;
  /** Sampled each second (at performance.now()); made seconds since the mixed load started here. */
  memory: ProcessSamples[];
  started: Date;
  loadAtStart: string;
  settings: Settings;
}): string {
  const { SECONDS, WARMUP, WORKERS, PLAYERS, THINK_MS, SLOT, CEILING_SECONDS, LOG_LEVEL } = r.settings;
  const { memory, started, loadAtStart } = r;
  const stem = started.toISOString().replace(/[:.]/g, '-');
  const { stats, buckets, phaseStart, warmupFailures } = state;
  const n = (x: number) => (!Number.isFinite(x) ? '–' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(x >= 10 ? 1 : 2));
  const pct = (x: number, of: number) => `${Math.round((x / of) * 100)} %`;
  const yes = (b: boolean) => (b ? 'met' : '**not met**');
  const sp = r.sports.sportsPlace;

  // Per call.
  const names = [...stats.keys()].sort();
  let total5 = 0;
  let totalNone = 0;
  let totalCalls = 0;
  const callRows = names.map((name) => {
    const s = stats.get(name)!;
    total5 += s.c5;
    totalNone += s.none;
    totalCalls += s.lat.length;
    const codes = [...s.codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([c, k]) => `${c} ${k}`)
      .join(', ');
    return `| ${name.replace(/^\/api/, '')} | ${s.lat.length.toLocaleString('en-US')} | ${n(s.lat.length / SECONDS)} | ${n(quantile(s.lat, 0.5))} | ${n(quantile(s.lat, 0.95))} | ${n(quantile(s.lat, 0.99))} | ${s.c4}${codes && s.c4 ? ` (${codes})` : ''} | ${s.c5} | ${s.none} |`;
  });
  const all = names.flatMap((k) => stats.get(k)!.lat);

  // Memory. "Flat" is judged on the heap left after each full collection (V8's trace, one line per
  // full collection): what a leak grows, and nothing else does. RSS is printed beside it: a burst
  // of work grows the heap V8 keeps committed, and that stays resident for minutes whatever the
  // heap holds (the 02:51 run: live heap 54 and 70 MB throughout, one worker's RSS floor +34 %).
  // V8 grows a busy heap to its working size over the first minutes, so the last third is compared
  // with the middle one (medians of the collections in each); all three thirds are printed.
  const at = (points: [number, number, number][], t: number, i = 1) => {
    let best: [number, number, number] | undefined;
    for (const p of points) if (p[0] <= t && Number.isFinite(p[i])) best = p;
    return best?.[i] ?? Number.NaN;
  };
  const floorOf = (points: [number, number, number][], from: number, to: number) =>
    Math.min(...points.filter((p) => p[0] >= from && p[0] <= to && Number.isFinite(p[1])).map((p) => p[1]));
  const liveOf = (live: [number, number][], from: number, to: number) =>
    quantile(
      live.filter((p) => p[0] >= from && p[0] <= to).map((p) => p[1]),
      0.5,
    );
  for (const m of memory) {
    m.points = m.points.map(([t, mb, cpu]) => [(t - phaseStart) / 1000, mb, cpu]);
    m.live = m.live.map(([t, mb]) => [(t - phaseStart) / 1000, mb]);
  }
  let worstGrowth = 0;
  let unmeasured = 0;
  const third = SECONDS / 3;
  const thirds = [0, 1, 2].map((k) => [WARMUP + k * third, WARMUP + (k + 1) * third] as const);
  const pctOf = (g: number) => (Number.isFinite(g) ? `${g >= 0 ? '+' : ''}${(g * 100).toFixed(1)} %` : '–');
  const memRows = memory.map((m) => {
    const start = m.points.find((p) => Number.isFinite(p[1]))?.[1] ?? Number.NaN;
    const before = r.memoryBefore.find((b) => b.pid === m.pid)?.mb ?? Number.NaN;
    const floors = thirds.map(([a, b]) => floorOf(m.points, a, b));
    const lives = thirds.map(([a, b]) => liveOf(m.live, a, b));
    const max = Math.max(...m.points.filter((p) => p[0] >= 0 && Number.isFinite(p[1])).map((p) => p[1]));
    const growth = (lives[2] - lives[1]) / lives[1];
    if (m.role !== 'primary') {
      if (Number.isFinite(growth)) worstGrowth = Math.max(worstGrowth, growth);
      else unmeasured++;
    }
    const cpu = ((at(m.points, WARMUP + SECONDS, 2) - at(m.points, WARMUP, 2)) / SECONDS) * 100;
    return `| ${m.role} | ${lives.map(n).join(' / ')} (${m.live.filter((p) => p[0] >= WARMUP).length}) | ${pctOf(growth)} | ${n(start)} | ${n(before)} | ${floors.map(n).join(' / ')} | ${n(max)} | ${pctOf((floors[2] - floors[1]) / floors[1])} | ${n(cpu)} % |`;
  });

  // The chart: p50 / p99 per second of the main calls, requests per second, memory.
  const MAIN: [string, string, string][] = [
    ['/api/user/getContext', 'context poll', '#1f77b4'],
    ['/api/user/sports/bet/place', 'sports bet', '#d62728'],
    ['/api/user/minigame/bet', 'mini-game bet', '#2ca02c'],
    ['/api/house/slot/spin', 'house slot spin', '#9467bd'],
    ['/api/admin/bank/process', 'admin approve', '#8c564b'],
  ];
  const seconds = WARMUP + r.took;
  const perSecond = (name: string, f: (xs: number[]) => number): [number, number][] =>
    (buckets.get(name) ?? []).flatMap((xs, sec) => (xs?.length ? [[sec + 0.5, f(xs)] as [number, number]] : []));
  const latency: Series[] = MAIN.flatMap(([name, label, color]) => [
    { name: `${label} p99`, color, points: perSecond(name, (xs) => quantile(xs, 0.99)) },
    { name: `${label} p50`, color, dashed: true, points: perSecond(name, (xs) => quantile(xs, 0.5)) },
  ]);
  const totals: number[] = [];
  for (const b of buckets.values()) b.forEach((xs, sec) => (totals[sec] = (totals[sec] ?? 0) + (xs?.length ?? 0)));
  const rps: Series[] = [
    { name: 'all calls', color: '#333', points: totals.flatMap((v, sec) => (v === undefined ? [] : [[sec + 0.5, v] as [number, number]])) },
    ...MAIN.map(([name, label, color]) => ({ name: label, color, points: perSecond(name, (xs) => xs.length) })),
  ];
  const palette = ['#333', '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b'];
  const mem: Series[] = memory.map((m, i) => ({
    name: m.role,
    color: palette[i % palette.length],
    points: m.points.filter((p) => p[0] >= 0).map(([t, mb]): [number, number] => [t, mb]),
  }));
  const live: Series[] = memory.map((m, i) => ({
    name: m.role,
    color: palette[i % palette.length],
    points: m.live.filter((p) => p[0] >= 0),
  }));
  // CPU per process, % of a core, between consecutive samples.
  const cpuSeries: Series[] = memory.map((m, i) => ({
    name: m.role,
    color: palette[i % palette.length],
    points: m.points.flatMap(([t, , c], k): [number, number][] => {
      const prev = m.points[k - 1];
      return prev && t >= 0 && t > prev[0] ? [[t, ((c - prev[2]) / (t - prev[0])) * 100]] : [];
    }),
  }));
  const svg = renderChart({
    title: `bench:load ${started.toISOString()}: ${WORKERS} workers, ${PLAYERS} players`,
    seconds,
    warmup: WARMUP,
    panels: [
      { title: 'Latency per second: p99 (solid) and p50 (dashed)', unit: 'ms', log: true, series: latency },
      { title: 'Requests per second (answered, by start second)', unit: 'req/s', series: rps },
      { title: 'Resident memory per cluster process', unit: 'MB', series: mem },
      { title: 'Heap left after each full collection (live heap)', unit: 'MB', series: live },
      { title: 'CPU per cluster process (% of one core)', unit: '%', series: cpuSeries },
    ],
  });
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const svgName = `${stem}-load-latency.svg`;
  fs.writeFileSync(path.join(dir, svgName), svg);

  const pollOk = r.poll.value >= 0.4 * r.hello.value && r.poll.p99 < 20;
  const sportsOk = sp.value >= 0.6 * r.tpcb && (sp.p99 ?? Infinity) < 50;
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const md = `# Load ${started.toISOString()}

${os.cpus().length} CPUs, load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${load}: figures taken while other work loads the machine are that work's as much as the platform's. Cluster of ${WORKERS} workers (\`apps/server/.bundle/main.mjs\`, NODE_ENV=production, LOG_LEVEL ${LOG_LEVEL}, access log as shipped) on PostgreSQL and its own Redis, on loopback. Mixed population: ${PLAYERS} players (think time mean ${THINK_MS} ms), ${r.agents} agents (mean ${2 * THINK_MS} ms), ${r.admins} admins approving charges${SLOT ? '' : '; no house slot spins (BENCH_LOAD_SLOT=0)'}; ${WARMUP} s warm-up (not counted), then ${SECONDS} s counted (calls started in it; the last answers came ${n(r.took - SECONDS)} s after its end). Ceilings and saturation windows ${CEILING_SECONDS} s each.

## Targets

| figure | measured | ratio | target | |
|---|---|---|---|---|
| context poll across the cluster, 50 connections (req/s; p50 / p99 ms) | ${n(r.poll.value)}; ${n(r.poll.p50)} / ${n(r.poll.p99)}${r.poll.errors ? ` (${r.poll.errors} not 200)` : ''} | ${pct(r.poll.value, r.hello.value)} of hello world | ≥ 40 % of hello world, p99 < 20 ms | ${yes(pollOk)} |
| sports single bets over HTTP, 50 clients (bets/s; p50 / p99 ms) | ${n(sp.value)}; ${n(sp.p50!)} / ${n(sp.p99!)}${r.sports.sportsRefused.value ? ` (${r.sports.sportsRefused.value} refused)` : ''} | ${pct(sp.value, r.tpcb)} of TPC-B | ≥ 60 % of TPC-B, p99 < 50 ms | ${yes(sportsOk)} |
| mixed load: 5xx answers; no answer (connection lost) | ${total5}; ${totalNone} of ${totalCalls.toLocaleString('en-US')}${warmupFailures ? ` (and ${warmupFailures} during the warm-up)` : ''} | | zero 5xx | ${yes(total5 === 0 && totalNone === 0)} |
| ledger:verify after the run | ${r.verify.ok ? 'OK' : `${r.verify.problems.length} problems`} | | zero differences | ${yes(r.verify.ok)} |
| memory: largest worker growth of the live heap (after full collections), last third vs middle third of the counted window | ${(worstGrowth * 100).toFixed(1)} %${unmeasured ? ` (${unmeasured} worker(s) without a full collection in a third)` : ''} | | flat after warm-up (< 10 %) | ${yes(worstGrowth < 0.1 && unmeasured === 0)} |

Ceilings measured in the same run: pgbench TPC-B (20 clients, scale 10) ${n(r.tpcb)} tps; bare Fastify hello world, 50 connections, ${n(r.hello.value)} req/s (p50 ${n(r.hello.p50)} / p99 ${n(r.hello.p99)} ms).${r.workersReplaced > 0 ? ` **${r.workersReplaced} worker(s) died and were replaced during the run** (log: ${r.logFile}).` : ''}

## Mixed load, per call (counted window)

All calls: ${totalCalls.toLocaleString('en-US')} (${n(totalCalls / SECONDS)} req/s), p50 ${n(quantile(all, 0.5))} / p95 ${n(quantile(all, 0.95))} / p99 ${n(quantile(all, 0.99))} ms. 4xx are the platform's expected refusals (odds moved, round closed, …), with their most frequent codes.

| call | requests | req/s | p50 ms | p95 ms | p99 ms | 4xx (refusals) | 5xx | no answer |
|---|---|---|---|---|---|---|---|---|
${callRows.join('\n')}

## Memory per process (MB)

Live heap: the median heap left after the full collections of each third of the counted window (their number in brackets). RSS: resident memory, its floor in each third.

| process | live heap, each third (collections) | live, last vs middle third | RSS at start (cluster up) | RSS before the mixed load | RSS floor, each third | RSS max | RSS floor, last vs middle | CPU, counted window (% of a core) |
|---|---|---|---|---|---|---|---|---|
${memRows.join('\n')}

![latency, requests and memory over time](${svgName})
`;
  const file = path.join(dir, `${stem}-load.md`);
  fs.writeFileSync(file, md);
  log(`written to ${path.relative(ROOT, file)} and ${svgName}`);
  return md;
}
