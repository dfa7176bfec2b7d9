import { useTranslation } from 'react-i18next';
import { TODAY_RANGE, type DateRange } from '../../ui/money-rules.ts';

type DateFilterProps = { value: DateRange; today: string; onChange: (range: DateRange) => void; testId: string };

/** Spec §9: history date filter, today by default. */
export function DateFilter({ value, today, onChange, testId }: DateFilterProps) {
  const { t } = useTranslation();
  const from = value.from ?? today;
  const to = value.to ?? today;
  const isToday = value.from === null && value.to === null;
  return (
    <div className="mn-dates" data-testid={`${testId}-dates`}>
      <input
        type="date"
        className="ui-input mn-date"
        aria-label={t('money.history.from')}
        data-testid={`${testId}-from`}
        value={from}
        max={today}
        onChange={(e) => e.target.value && onChange({ from: e.target.value, to: e.target.value > to ? e.target.value : to })}
      />
      <span className="mn-dates-sep">~</span>
      <input
        type="date"
        className="ui-input mn-date"
        aria-label={t('money.history.to')}
        data-testid={`${testId}-to`}
        value={to}
        max={today}
        onChange={(e) => e.target.value && onChange({ from: e.target.value < from ? e.target.value : from, to: e.target.value })}
      />
      <button
        type="button"
        className={isToday ? 'ui-btn mn-chip is-on' : 'ui-btn mn-chip'}
        data-testid={`${testId}-today`}
        onClick={() => onChange(TODAY_RANGE)}
      >
        {t('money.history.today')}
      </button>
    </div>
  );
}
