/**
 * The load harness's processes (`bench/load-mixed.ts`): the ceilings' children (`bench/load.ts`,
 * `bench/hello.ts`), the cluster as `npm start` runs it, and the /proc readers that sample its
 * processes' memory and CPU time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/test/redis.ts';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const log = (s: string) => process.stderr.write(`${s}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- children and ceilings

function runChild(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: process.env });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    c.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}: ${err}`))));
  });
}

export type Rate = { value: number; p50: number; p99: number; errors?: number };

/** `bench/load.ts`: 50 keep-alive connections POSTing `{}` to `url` (each its own token when given). */
export async function httpLoad(url: string, tokens: string[] | null, seconds: number): Promise<Rate> {
  const file = path.join(os.tmpdir(), `bench-load-tokens-${process.pid}.json`);
  if (tokens) fs.writeFileSync(file, JSON.stringify(tokens));
  try {
    const out = await runChild(['bench/load.ts', url, '50', String(seconds), ...(tokens ? [file] : [])]);
    const r = JSON.parse(out.trim().split('\n').pop()!) as { perSecond: number; p50: number; p99: number; errors: number; clientCpuMs: number };
    log(`  ${url}: ${Math.round(r.perSecond)} req/s, ${r.errors} not 200; the load's own CPU ${r.clientCpuMs.toFixed(3)} ms per request`);
    return { value: r.perSecond, p50: r.p50, p99: r.p99, errors: r.errors };
  } finally {
    if (tokens) fs.rmSync(file, { force: true });
  }
}

export async function helloCeiling(seconds: number): Promise<Rate> {
  const port = await freePort();
  const c = spawn(process.execPath, ['--import', 'tsx', 'bench/hello.ts', String(port)], { cwd: ROOT });
  await new Promise<void>((resolve, reject) => {
    c.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    c.on('exit', (code) => reject(new Error(`hello world exited ${code}`)));
  });
  try {
    return await httpLoad(`http://127.0.0.1:${port}/hello`, null, seconds);
  } finally {
    c.kill();
  }
}

// ---------------------------------------------------------------- the cluster

/**
 * One cluster process's samples: [time, RSS MB, CPU seconds so far], one a second; `live`: [time,
 * MB] of the heap left after each full collection (what a leak grows; RSS also holds what V8 keeps
 * committed after a burst, and a heap grown for one burst stays resident for minutes).
 */
export type ProcessSamples = { pid: number; role: string; points: [number, number, number][]; live: [number, number][] };

/**
 * The heap after each full collection, from V8's own trace in the cluster's log (`--trace-gc
 * --trace-gc-ignore-scavenger`: one line per full collection, none for the frequent young ones,
 * so the trace costs nothing measurable). Each call answers the lines written since the last.
 */
export function fullCollections(logFile: string) {
  let offset = 0;
  let rest = '';
  return (): { pid: number; mb: number }[] => {
    const fd = fs.openSync(logFile, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      if (size <= offset) return [];
      const buf = Buffer.alloc(size - offset);
      fs.readSync(fd, buf, 0, buf.length, offset);
      offset = size;
      const lines = (rest + buf.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      const out: { pid: number; mb: number }[] = [];
      for (const l of lines) {
        const m = /^\[(\d+):[^\]]*\]\s+[\d.]+ ms: Mark-Compact(?: \([a-z ]+\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(l);
        if (m) out.push({ pid: Number(m[1]), mb: Number(m[2]) });
      }
      return out;
    } finally {
      fs.closeSync(fd);
    }
  };
}

/** Pids of `pid`'s children (Linux /proc: every thread's `children` list). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
      const s = fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim();
      if (s) out.push(...s.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return out;
}

/** CPU seconds `pid` has used (user + system, /proc/<pid>/stat), NaN when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of `pid` in MB (VmRSS), NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts the cluster (`workerCount` workers) on `port` and waits until every worker answers. Its stop
 * goes onto `cleanups` before the wait, so a cluster that never answers is stopped too.
 */
export async function startCluster(env: NodeJS.ProcessEnv, port: number, workerCount: number, cleanups: (() => Promise<unknown>)[]) {
  execFileSync(process.execPath, ['scripts/build-server-if-stale.mjs'], { cwd: ROOT, stdio: 'ignore' });
  const logFile = path.join(os.tmpdir(), `bench-load-cluster-${process.pid}.log`);
  const fd = fs.openSync(logFile, 'w');
  // Node flags for the primary, which its workers inherit: V8's trace of full collections
  // (`fullCollections`), and BENCH_LOAD_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof";
  // Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = ['--trace-gc', '--trace-gc-ignore-scavenger', ...(process.env.BENCH_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', 'apps/server/.bundle/main.mjs'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const pid = child.pid!;
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const tail = () => fs.readFileSync(logFile, 'utf8').slice(-3000);
  const workersSeen = new Set<number>();
  const stop = async () => {
    if (exited !== null) return;
    const workers = childrenOf(pid);
    const dead = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const hard = setTimeout(() => {
      for (const w of workers) {
        try {
          process.kill(w, 'SIGKILL');
        } catch {
          // gone
        }
      }
      child.kill('SIGKILL');
    }, 15_000);
    await dead;
    clearTimeout(hard);
  };
  cleanups.push(stop);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== null) throw new Error(`the cluster exited ${exited}:\n${tail()}`);
    if (Date.now() > deadline) throw new Error(`the cluster did not answer within 180 s:\n${tail()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && childrenOf(pid).length >= workerCount) break;
    await sleep(250);
  }
  // Every worker listening: a few more health calls reach each of them (round-robin).
  for (let i = 0; i < 4 * workerCount; i++) await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
  for (const w of childrenOf(pid)) workersSeen.add(w);
  return { pid, stop, logFile, workersSeen, exited: () => exited };
}
