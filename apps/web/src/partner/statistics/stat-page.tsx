import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../ui/backoffice/date-range.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import type { useStatView } from './use-stat-view.ts';

/**
 * A statistics screen: its title, the date range (today by default, kept in the address bar) with
 * the screen's other filters, the Excel button at the end of that row, then the screen's parts.
 */
export function StatPage({
  title,
  testId,
  view,
  filters,
  exportButton,
  children,
}: {
  title: string;
  testId: string;
  view: ReturnType<typeof useStatView>;
  filters?: ReactNode;
  exportButton?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <BackofficePage
      title={title}
      testId={testId}
      className="pa-stats"
      filters={
        <Filters>
          <DateRangeFilter from={view.from} to={view.to} onChange={(r) => view.set({ from: r.from, to: r.to })} />
          {filters}
          {exportButton && <span className="pa-stats-export">{exportButton}</span>}
        </Filters>
      }
    >
      {children}
      <p className="pa-stats-note">{t('partnerStats.settledNote')}</p>
    </BackofficePage>
  );
}
