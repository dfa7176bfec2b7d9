import { useTranslation } from 'react-i18next';
import type { BankRequest } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { HistoryCard, useHistoryPaging } from './history-card.tsx';
import { useBankHistory } from './queries.ts';

/** Spec §9: charge and exchange histories show 5 per page. */
const PER_PAGE = 5;
const WAITING_POLL_MS = 10_000;

export function StatusBadge({ type, status }: Pick<BankRequest, 'type' | 'status'>) {
  const { t } = useTranslation();
  return (
    <span className={`mn-badge is-${status}`} data-testid="status-badge" data-status={status}>
      {t(`money.status.${type}.${status}`)}
    </span>
  );
}

/** The player's charge or exchange requests: date filter (today first), 5 per page. */
export function BankHistory({ type }: { type: BankRequest['type'] }) {
  const { t, i18n } = useTranslation();
  const paging = useHistoryPaging(PER_PAGE);
  const body = paging.body;
  // While a request waits for the back office, look again now and then for its answer.
  const query = useBankHistory(type, body, WAITING_POLL_MS);
  const testId = `${type}-history`;

  return (
    <HistoryCard
      testId={testId}
      title={t(`money.history.${type}Title`)}
      paging={paging}
      query={query}
      columns={5}
      head={
        <>
          <th className="is-narrow">{t('money.history.no')}</th>
          <th className="is-num">{t('money.history.amount')}</th>
          <th>{t('money.history.status')}</th>
          <th>{t('money.history.appliedAt')}</th>
          <th className="is-wide">{t('money.history.processedAt')}</th>
        </>
      }
      row={(log) => (
        <tr key={log.id} data-testid={`${testId}-row`}>
          <td className="is-narrow mn-mono">{log.id}</td>
          <td className="is-num mn-mono">{formatMoney(log.amount, i18n.language)}</td>
          <td>
            <StatusBadge type={log.type} status={log.status} />
          </td>
          <td className="mn-mono mn-date-cell">{formatDateTime(log.created_at)}</td>
          <td className="is-wide mn-mono mn-date-cell">{log.processed_at ? formatDateTime(log.processed_at) : '-'}</td>
        </tr>
      )}
    />
  );
}
