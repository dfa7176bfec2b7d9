import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { filtersFromSearch, filtersToSearch } from './bet-filters.ts';
import { BetHistory } from './bet-history.tsx';

/** /board/betting-history: the view (tab, result, dates, page) lives in the query string. */
export function BettingHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [detailId, setDetailId] = useState<number | null>(null);

  return (
    <section className="ui-page-block bh-page" data-testid="bet-history-page">
      <h1 className="ui-page-title">{t('betting.title')}</h1>
      <BetHistory filters={filtersFromSearch(params)} onChange={(next) => setParams(filtersToSearch(next))} detailId={detailId} onDetail={setDetailId} />
    </section>
  );
}
