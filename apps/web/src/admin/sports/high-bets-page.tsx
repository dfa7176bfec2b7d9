import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { Badge } from '../ops/shared.tsx';
import { labelOf } from './labels.ts';
import { useHighBets } from './queries.ts';
import './sports-admin.css';

const STATUSES = ['open', 'won', 'lost', 'draw', 'void', 'cancelled'] as const;
const TONE: Record<string, string> = { open: 'info', won: 'ok', lost: 'danger', draw: 'muted', void: 'muted', cancelled: 'warn' };

/** Sports bets at or above the high-value threshold (setting `high_bet_amount`). */
export function SportsHighBetsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number] | ''>('');
  const [page, setPage] = useState(1);
  const query = useHighBets({ status: status || undefined, skip: skipOf(page) });
  const lang = i18n.language;
  return (
    <BackofficePage
      title={t('adminSports.highBets.title')}
      testId="admin-sports-high-bets"
      className="sa-page"
      filters={
        <Filters>
          <SelectFilter
            className="ad-select"
            value={status}
            options={STATUSES}
            ariaLabel={t('adminSports.highBets.cols.status')}
            allLabel={t('adminSports.common.all')}
            label={(s) => t(`adminSports.betStatus.${s}`)}
            onChange={(v) => (setStatus(v), setPage(1))}
          />
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('adminSports.common.refresh')}
          </button>
        </Filters>
      }
    >
      {query.data && <p className="ad-note">{t('adminSports.highBets.threshold', { amount: formatMoney(query.data.threshold, lang) })}</p>}
      <ListFrame
        emptyText={t('admin.empty.betting')}
        query={query}
        paging={{ page, onPage: setPage }}
        className="ad-ops-dense"
        rows={(d) => d.rows}
        rowKey={(b) => b.id}
        rowProps={() => ({ 'data-testid': 'sa-high-bet' })}
        columns={[
          { id: 'id', header: 'ID', cell: (b) => b.id, className: 'num' },
          { id: 'time', header: t('adminSports.highBets.cols.time'), cell: (b) => formatDateTime(b.created_at), className: 'mono' },
          {
            id: 'member',
            header: t('adminSports.highBets.cols.member'),
            cell: (b) => (
              <>
                {b.account} <span className="ad-muted">{b.nickname}</span>
              </>
            ),
          },
          { id: 'game', header: t('adminSports.highBets.cols.game'), cell: (b) => b.game, className: 'ad-cell-wide' },
          {
            id: 'type',
            header: t('adminSports.highBets.cols.type'),
            cell: (b) => (b.folders <= 1 ? t('adminSports.highBets.single') : t('adminSports.highBets.combo', { count: b.folders })),
          },
          { id: 'odds', header: t('adminSports.highBets.cols.odds'), headClassName: 'num', className: 'num', cell: (b) => b.odds },
          {
            id: 'amount',
            header: t('adminSports.highBets.cols.amount'),
            headClassName: 'num',
            className: 'num strong',
            cell: (b) => formatMoney(b.amount, lang),
          },
          {
            id: 'potential',
            header: t('adminSports.highBets.cols.potential'),
            headClassName: 'num',
            className: 'num',
            cell: (b) => formatMoney(b.potential_win, lang),
          },
          { id: 'win', header: t('adminSports.highBets.cols.win'), headClassName: 'num', className: 'num', cell: (b) => formatMoney(b.win_amount, lang) },
          {
            id: 'status',
            header: t('adminSports.highBets.cols.status'),
            cell: (b) => <Badge tone={TONE[b.status] ?? 'muted'}>{labelOf(t, i18n, 'betStatus', b.status)}</Badge>,
          },
        ]}
      />
    </BackofficePage>
  );
}
