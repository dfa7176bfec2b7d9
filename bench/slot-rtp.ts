/**
 * The house slot's RTP: the exact figure (enumeration over the reel strips) against a
 * simulation of `spins` paid rounds (free spins included) with a fast seeded generator.
 *   npx tsx bench/slot-rtp.ts [spins]       # default 10,000,000
 */
import { fastSource } from '../apps/server/src/modules/housevendor/index.ts';
import { roundUnits } from '../apps/server/src/modules/housevendor/index.ts';
import { LINES, STATED_RTP_PERCENT } from '../apps/server/src/modules/housevendor/index.ts';
import { exactRtp } from '../apps/server/src/modules/housevendor/index.ts';

export async function benchSlotRtp(opts: { spins: number; seed?: number }): Promise<Record<string, { value: number; unit: string }>> {
  const exact = exactRtp().rtp * 100;
  const src = fastSource(opts.seed ?? Date.now() >>> 0);
  const started = performance.now();
  let units = 0;
  let squares = 0;
  for (let i = 0; i < opts.spins; i++) {
    const u = roundUnits(src);
    units += u;
    squares += u * u;
    // Yield now and then so a caller's timers still run.
    if ((i & 0xfffff) === 0xfffff) await new Promise((r) => setImmediate(r));
  }
  const seconds = (performance.now() - started) / 1000;
  const mean = units / LINES / opts.spins;
  const sd = Math.sqrt(squares / LINES / LINES / opts.spins - mean * mean);
  const measured = mean * 100;
  const figures = {
    'slot RTP stated': { value: STATED_RTP_PERCENT, unit: '%' },
    'slot RTP exact': { value: round(exact, 4), unit: '%' },
    'slot RTP measured': { value: round(measured, 4), unit: `% over ${opts.spins.toLocaleString('en')} spins` },
    'slot RTP difference': { value: round(measured - exact, 4), unit: 'points (target within ±0.3)' },
    'slot RTP standard error': { value: round((sd / Math.sqrt(opts.spins)) * 100, 4), unit: 'points' },
    'slot spins per second': { value: Math.round(opts.spins / seconds), unit: 'spins/s (one core)' },
  };
  for (const [name, f] of Object.entries(figures)) process.stderr.write(`${name}: ${f.value} ${f.unit}\n`);
  return figures;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSlotRtp({ spins: Number(process.argv[2] ?? 10_000_000) });
}
