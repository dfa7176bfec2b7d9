import { useTranslation } from 'react-i18next';
import { localDay } from '../../lib/date.ts';
import { useSkin } from './skin.tsx';

export type DateRange = { from: string; to: string };

/** A YYYY-MM-DD day moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today in the operating zone, from and to the same day: the default range of a back-office report. */
export function todayRange(now: Date = new Date()): DateRange {
  const today = localDay(now);
  return { from: today, to: today };
}

export const QUICK_RANGES = ['today', 'yesterday', 'last7', 'thisMonth'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

/** The quick buttons' ranges, counted in operating-zone days; "7 days" includes today. */
export function quickRange(kind: QuickRange, now: Date = new Date()): DateRange {
  const today = localDay(now);
  switch (kind) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/**
 * From / to date inputs with today, yesterday, 7 days and this month. Picking a "from" after "to"
 * (or the reverse) moves the other end along, so the range is never upside down.
 */
export function DateRangeFilter({ from, to, onChange }: DateRange & { onChange: (r: DateRange) => void }) {
  const { t } = useTranslation();
  const { prefix } = useSkin();
  return (
    <div className={`${prefix}-date-range`} data-testid="date-range">
      <input
        type="date"
        className="ui-input"
        aria-label={t('backoffice.range.from')}
        data-testid="date-range-from"
        value={from}
        max={to || undefined}
        onChange={(e) => e.target.value && onChange({ from: e.target.value, to: to && to < e.target.value ? e.target.value : to })}
      />
      <span aria-hidden="true">~</span>
      <input
        type="date"
        className="ui-input"
        aria-label={t('backoffice.range.to')}
        data-testid="date-range-to"
        value={to}
        min={from || undefined}
        onChange={(e) => e.target.value && onChange({ from: from && from > e.target.value ? e.target.value : from, to: e.target.value })}
      />
      {QUICK_RANGES.map((kind) => {
        const r = quickRange(kind);
        const active = r.from === from && r.to === to;
        return (
          <button
            key={kind}
            type="button"
            className={active ? `ui-btn ${prefix}-btn-sm is-active` : `ui-btn ${prefix}-btn-sm`}
            aria-pressed={active}
            data-testid={`date-range-${kind}`}
            onClick={() => onChange(r)}
          >
            {t(`backoffice.range.${kind}`)}
          </button>
        );
      })}
    </div>
  );
}
