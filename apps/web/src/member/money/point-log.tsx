import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { HistoryCard, useHistoryPaging } from './history-card.tsx';
import { pointChange } from '../../ui/money-rules.ts';
import { usePointLogs } from './queries.ts';

/** Ledger kinds of point postings that have a translation (money.point.logKinds). */
const POINT_LOG_KINDS = [
  'convert_point_to_money',
  'bonus_comment',
  'bonus_signup',
  'seed_points',
  'charge_approve',
  'charge_cancel',
  'admin_grant',
  'admin_reclaim',
] as const;

/** Spec §9: point logs show 10 per page. */
const PER_PAGE = 10;

/** Spec §3 point log: content, existing, updated, change (red when negative, else blue), date. */
export function PointLog() {
  const { t } = useTranslation();
  const paging = useHistoryPaging(PER_PAGE);
  // The server sends the posting's kind (a code); a known kind is translated, an operator's own
  // memo (grant/reclaim) follows it, and an unknown kind shows its stored memo as it is.
  const pointLogText = (log: { kind: string; content: string }) => {
    const key = POINT_LOG_KINDS.find((k) => k === log.kind.replace('.', '_'));
    if (!key) return log.content;
    const label = t(`money.point.logKinds.${key}`);
    return key.startsWith('admin_') && log.content && log.content !== log.kind ? `${label} · ${log.content}` : label;
  };
  const body = paging.body;
  const query = usePointLogs(body);

  return (
    <HistoryCard
      testId="point-log"
      title={t('money.point.logTitle')}
      paging={paging}
      query={query}
      columns={5}
      head={
        <>
          <th>{t('money.point.content')}</th>
          <th className="is-num is-wide">{t('money.point.existing')}</th>
          <th className="is-num is-wide">{t('money.point.updated')}</th>
          <th className="is-num">{t('money.point.change')}</th>
          <th>{t('money.history.date')}</th>
        </>
      }
      row={(log) => {
        const change = pointChange(log.existing_point, log.updated_point);
        return (
          <tr key={log.id} data-testid="point-log-row">
            <td className="mn-ellipsis">{pointLogText(log)}</td>
            <td className="is-num is-wide mn-mono">{groupThousands(log.existing_point)}</td>
            <td className="is-num is-wide mn-mono">{groupThousands(log.updated_point)}</td>
            <td className={change.negative ? 'is-num mn-mono mn-minus' : 'is-num mn-mono mn-plus'} data-testid="point-log-change">
              {change.value.startsWith('+') ? `+${groupThousands(change.value.slice(1))}` : groupThousands(change.value)}
            </td>
            <td className="mn-mono mn-date-cell">{formatDateTime(log.created_at)}</td>
          </tr>
        );
      }}
    />
  );
}
