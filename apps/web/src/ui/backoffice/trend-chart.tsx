import { useEffect, useRef, useState } from 'react';
import type { EChartsType } from 'echarts/core';
import { ErrorText } from './error-text.tsx';
import { useSkin } from './skin.tsx';

export type TrendSeries = { name: string; values: number[] };

type Palette = { text: string; muted: string; line: string; surface: string };

/** The skin's own colours (partner.css / admin.css custom properties), so the chart matches light and dark. */
function paletteOf(el: HTMLElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { text: v('--c-text', '#1f2937'), muted: v('--c-muted', '#6b7280'), line: v('--c-line', '#dde2eb'), surface: v('--c-surface', '#ffffff') };
}

const grouped = (n: number) => n.toLocaleString();
const compact = (n: number) => new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

function optionOf(labels: string[], series: TrendSeries[], kind: 'line' | 'bar', p: Palette) {
  return {
    backgroundColor: 'transparent',
    animationDuration: 300,
    textStyle: { color: p.text },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, textStyle: { color: p.text } },
    tooltip: {
      trigger: 'axis' as const,
      backgroundColor: p.surface,
      borderColor: p.line,
      textStyle: { color: p.text },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? grouped(v) : String(v)),
    },
    xAxis: {
      type: 'category' as const,
      data: labels,
      boundaryGap: kind === 'bar',
      axisLine: { lineStyle: { color: p.line } },
      axisLabel: { color: p.muted },
    },
    yAxis: {
      type: 'value' as const,
      axisLabel: { color: p.muted, formatter: compact },
      splitLine: { lineStyle: { color: p.line } },
    },
    series: series.map((s) => ({ name: s.name, type: kind, data: s.values, smooth: kind === 'line', showSymbol: labels.length <= 31 })),
  };
}

/**
 * A line or bar chart of daily figures. echarts loads on first use (its own chunk); the chart
 * takes the back office's colours and turns dark with the tree's `<prefix>-dark` body class.
 */
export function TrendChart({
  labels,
  series,
  kind = 'line',
  height = 280,
  testId,
}: {
  labels: string[];
  series: TrendSeries[];
  kind?: 'line' | 'bar';
  height?: number;
  testId?: string;
}) {
  const { prefix } = useSkin();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [failed, setFailed] = useState<unknown>(null);

  useEffect(() => {
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    import('./echarts-core.ts')
      .then(({ echarts }) => {
        if (gone || !box.current) return;
        const dark = document.body.classList.contains(`${prefix}-dark`);
        instance = echarts.init(box.current, dark ? 'dark' : undefined, { renderer: 'canvas' });
        observer = new ResizeObserver(() => instance?.resize());
        observer.observe(box.current);
        setChart(instance);
      })
      .catch(setFailed);
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, [prefix]);

  // Keyed by content, not identity: a screen that rebuilds equal arrays on each render must not
  // make the chart redraw (and re-animate) every time.
  const dataKey = JSON.stringify({ labels, series, kind });
  useEffect(() => {
    if (!chart || !box.current) return;
    const d = JSON.parse(dataKey) as { labels: string[]; series: TrendSeries[]; kind: 'line' | 'bar' };
    chart.setOption(optionOf(d.labels, d.series, d.kind, paletteOf(box.current)), { notMerge: true });
  }, [chart, dataKey]);

  if (failed) return <ErrorText error={failed} />;
  return <div ref={box} className={`${prefix}-chart`} data-testid={testId} style={{ height }} />;
}
