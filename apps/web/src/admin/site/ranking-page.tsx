import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RANKING_BY, type RankingBy } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { useRanking } from './queries.ts';

/** Real-time member ranking by stake, winnings or deposits over a period (spec §2), from the statistics figures. */
export function RankingPage() {
  const { t, i18n } = useTranslation();
  const [by, setBy] = useState<RankingBy>('stake');
  const [range, setRange] = useState<DateRange>(todayRange);
  const query = useRanking({ by, ...range, limit: 50 });
  const money = (v: string) => formatMoney(v, i18n.language);
  const strong = (k: RankingBy) => (by === k ? 'num strong' : 'num');
  return (
    <BackofficePage title={t('adminSite.ranking.title')} testId="admin-site-ranking" filters={<DateRangeFilter {...range} onChange={setRange} />}>
      <Tabs tabs={RANKING_BY} value={by} onChange={setBy} label={(k) => t(`adminSite.ranking.by.${k}`)} testId={(k) => `site-ranking-tab-${k}`} />
      <p className="ad-hint">{t('adminSite.ranking.refreshHint')}</p>
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(row) => row.user_id}
        rowProps={(row) => ({ 'data-testid': 'site-ranking-row', 'data-account': row.account })}
        emptyText={t('adminSite.ranking.empty')}
        columns={[
          { id: 'rank', header: t('adminSite.ranking.rank'), cell: (row) => row.rank, className: 'num strong' },
          { id: 'account', header: t('adminSite.ranking.account'), cell: (row) => row.account, className: 'strong' },
          { id: 'nickname', header: t('adminSite.ranking.nickname'), cell: (row) => row.nickname },
          { id: 'parent', header: t('adminSite.ranking.parent'), cell: (row) => row.parent_account ?? '' },
          { id: 'stake', header: t('adminSite.ranking.stake'), cell: (row) => money(row.stake), className: strong('stake') },
          { id: 'win', header: t('adminSite.ranking.win'), cell: (row) => money(row.win), className: strong('win') },
          { id: 'deposit', header: t('adminSite.ranking.deposit'), cell: (row) => money(row.deposit), className: strong('deposit') },
        ]}
      />
    </BackofficePage>
  );
}
