/**
 * How the in-process figures and the database ceiling are taken, alike for `bench/run.ts` and
 * `bench/ledger.ts`.
 */
import { execFileSync } from 'node:child_process';
import { scratchPgDb } from './seed.ts';

/** `workers` loops calling `op` until `seconds` are up; ops/s and latency percentiles (ms). */
export async function measure(seconds: number, workers: number, op: (worker: number, i: number) => Promise<unknown>) {
  const lat: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t = performance.now();
        await op(w, i);
        lat.push(performance.now() - t);
      }
    }),
  );
  const took = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
  return { value: lat.length / took, p50: q(0.5), p99: q(0.99), unit: '/s' };
}

/**
 * pgbench's tps on a scratch database of the server at `baseUrl` (scale 10, 20 clients, 2
 * threads, `seconds` each): one figure per entry of `runs`, its extra flags ([] is TPC-B, ['-N']
 * the simple-update script).
 */
export async function pgbenchTps(baseUrl: string, seconds: number, runs: string[][]) {
  const scratch = await scratchPgDb(baseUrl, `bench_pgbench_${process.pid}`);
  const u = new URL(baseUrl);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const name = new URL(scratch.url).pathname.slice(1);
  try {
    execFileSync('pgbench', [...conn, '-i', '-q', '-s', '10', name], { stdio: 'ignore' });
    return runs.map((extra) => {
      const out = execFileSync('pgbench', [...conn, '-c', '20', '-j', '2', '-T', String(seconds), ...extra, name], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return Number(/tps = ([\d.]+)/.exec(out)![1]);
    });
  } finally {
    await scratch.drop();
  }
}
