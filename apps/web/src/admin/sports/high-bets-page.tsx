import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { EmptyRow } from '../../ui/states.tsx';
import { AdminList, Badge, skipOf } from '../ops/shared.tsx';
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
  const rows = query.data?.rows ?? [];
  const lang = i18n.language;
  return (
    <section className="ad-page sa-page" data-testid="admin-sports-high-bets">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminSports.highBets.title')}</h1>
        <div className="ad-filters">
          <select
            className="ad-select"
            value={status}
            aria-label={t('adminSports.highBets.cols.status')}
            onChange={(e) => (setStatus(e.target.value as typeof status), setPage(1))}
          >
            <option value="">{t('adminSports.common.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`adminSports.betStatus.${s}`)}
              </option>
            ))}
          </select>
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('adminSports.common.refresh')}
          </button>
        </div>
      </div>
      {query.data && <p className="ad-note">{t('adminSports.highBets.threshold', { amount: formatMoney(query.data.threshold, lang) })}</p>}
      <AdminList query={query} page={page} onPage={setPage}>
        <table className="ad-table ad-ops-dense">
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('adminSports.highBets.cols.time')}</th>
              <th>{t('adminSports.highBets.cols.member')}</th>
              <th>{t('adminSports.highBets.cols.game')}</th>
              <th>{t('adminSports.highBets.cols.type')}</th>
              <th className="num">{t('adminSports.highBets.cols.odds')}</th>
              <th className="num">{t('adminSports.highBets.cols.amount')}</th>
              <th className="num">{t('adminSports.highBets.cols.potential')}</th>
              <th className="num">{t('adminSports.highBets.cols.win')}</th>
              <th>{t('adminSports.highBets.cols.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={10} />}
            {rows.map((b) => (
              <tr key={b.id} data-testid="sa-high-bet">
                <td className="num">{b.id}</td>
                <td className="mono">{formatDateTime(b.created_at)}</td>
                <td>
                  {b.account} <span className="ad-muted">{b.nickname}</span>
                </td>
                <td className="ad-cell-wide">{b.game}</td>
                <td>{b.folders <= 1 ? t('adminSports.highBets.single') : t('adminSports.highBets.combo', { count: b.folders })}</td>
                <td className="num">{b.odds}</td>
                <td className="num strong">{formatMoney(b.amount, lang)}</td>
                <td className="num">{formatMoney(b.potential_win, lang)}</td>
                <td className="num">{formatMoney(b.win_amount, lang)}</td>
                <td>
                  <Badge tone={TONE[b.status] ?? 'muted'}>{labelOf(t, i18n, 'betStatus', b.status)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
    </section>
  );
}
