/**
 * The load harness's chart (`bench/load-mixed.ts`): one SVG, written by hand (no dependency), of
 * stacked panels sharing a time axis in seconds. Each panel is a set of polylines; a latency panel
 * uses a log scale. The warm-up (not counted in the figures) is shaded grey.
 */

export type Series = { name: string; color: string; dashed?: boolean; points: [number, number][] };
export type Panel = { title: string; unit: string; log?: boolean; series: Series[] };

const W = 1100;
const PANEL_H = 250;
const LEFT = 70;
const RIGHT = 230;
const TOP = 34;
const BOTTOM = 30;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const fmt = (v: number) => (v >= 1000 ? `${Math.round(v / 100) / 10}k` : v >= 10 ? String(Math.round(v)) : String(Math.round(v * 10) / 10));

/** Round ticks for a linear axis from 0 to about `max`. */
function linearTicks(max: number): number[] {
  const raw = max / 5 || 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) ticks.push(v);
  return ticks;
}

function panelSvg(p: Panel, y0: number, seconds: number, warmup: number): string {
  const plotW = W - LEFT - RIGHT;
  const plotH = PANEL_H - TOP - BOTTOM;
  const values = p.series.flatMap((s) => s.points.map(([, v]) => v)).filter((v) => Number.isFinite(v) && (!p.log || v > 0));
  const max = values.length ? Math.max(...values) : 1;
  let yOf: (v: number) => number;
  let ticks: number[];
  if (p.log) {
    const lo = Math.max(0.1, Math.min(...values, 1));
    const hi = Math.max(max, lo * 10);
    const [a, b] = [Math.log10(lo), Math.log10(hi)];
    yOf = (v) => y0 + TOP + plotH - ((Math.log10(Math.max(v, lo)) - a) / (b - a)) * plotH;
    ticks = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000].filter((t) => t >= lo && t <= hi);
  } else {
    ticks = linearTicks(max);
    const top = ticks.at(-1)!;
    yOf = (v) => y0 + TOP + plotH - (v / top) * plotH;
  }
  const xOf = (t: number) => LEFT + (t / Math.max(1, seconds)) * plotW;
  const out: string[] = [];
  out.push(`<text x="${LEFT}" y="${y0 + 20}" font-size="14" font-weight="bold">${esc(p.title)}</text>`);
  if (warmup > 0) out.push(`<rect x="${LEFT}" y="${y0 + TOP}" width="${xOf(Math.min(warmup, seconds)) - LEFT}" height="${plotH}" fill="#eee"/>`);
  out.push(`<rect x="${LEFT}" y="${y0 + TOP}" width="${plotW}" height="${plotH}" fill="none" stroke="#999"/>`);
  for (const t of ticks) {
    const y = yOf(t).toFixed(1);
    out.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${y}" y2="${y}" stroke="#ddd"/>`);
    out.push(`<text x="${LEFT - 6}" y="${y}" font-size="11" text-anchor="end" dominant-baseline="middle">${fmt(t)}</text>`);
  }
  const xStep = linearTicks(seconds)[1] ?? seconds;
  for (let t = 0; t <= seconds; t += xStep) {
    const x = xOf(t).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${y0 + TOP + plotH}" y2="${y0 + TOP + plotH + 4}" stroke="#999"/>`);
    out.push(`<text x="${x}" y="${y0 + TOP + plotH + 16}" font-size="11" text-anchor="middle">${fmt(t)}</text>`);
  }
  out.push(
    `<text x="16" y="${y0 + TOP + plotH / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 16 ${y0 + TOP + plotH / 2})">${esc(p.unit)}${p.log ? ' (log)' : ''}</text>`,
  );
  p.series.forEach((s, i) => {
    const pts = s.points
      .filter(([, v]) => Number.isFinite(v) && (!p.log || v > 0))
      .map(([t, v]) => `${xOf(t).toFixed(1)},${yOf(v).toFixed(1)}`)
      .join(' ');
    if (pts) out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="1.4"${s.dashed ? ' stroke-dasharray="4 3"' : ''} points="${pts}"/>`);
    const ly = y0 + TOP + 6 + i * 16;
    const lx = LEFT + plotW + 12;
    out.push(`<line x1="${lx}" x2="${lx + 22}" y1="${ly}" y2="${ly}" stroke="${s.color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="4 3"' : ''}/>`);
    out.push(`<text x="${lx + 28}" y="${ly}" font-size="11" dominant-baseline="middle">${esc(s.name)}</text>`);
  });
  return out.join('\n');
}

/** The SVG text: `panels` stacked, time from 0 to `seconds`, the first `warmup` seconds shaded. */
export function renderChart(o: { title: string; seconds: number; warmup: number; panels: Panel[] }): string {
  const h = 40 + o.panels.length * PANEL_H + 20;
  const body = o.panels.map((p, i) => panelSvg(p, 40 + i * PANEL_H, o.seconds, o.warmup)).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="${LEFT}" y="24" font-size="16" font-weight="bold">${esc(o.title)}</text>
<text x="${W - 20}" y="24" font-size="11" text-anchor="end">time (s); grey: warm-up, not counted</text>
${body}
<text x="${LEFT + (W - LEFT - RIGHT) / 2}" y="${h - 6}" font-size="11" text-anchor="middle">seconds since the mixed load started</text>
</svg>
`;
}

/** Quantile of an unsorted list (sorts a copy); NaN when empty. */
export function quantile(xs: number[], q: number): number {
  if (!xs.length) return Number.NaN;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor(s.length * q))];
}
