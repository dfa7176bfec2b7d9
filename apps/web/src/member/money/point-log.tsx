import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, callData } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { EmptyRow } from '../../ui/states.tsx';
import { DateFilter } from './date-filter.tsx';
import { pointChange, rangeBody, TODAY_RANGE, type DateRange } from './money-rules.ts';
import { MONEY_KEY, useServerToday } from './use-money.ts';

/** Spec §9: point logs show 10 per page. */
const PER_PAGE = 10;

/** Spec §3 point log: content, existing, updated, change (red when negative, else blue), date. */
export function PointLog() {
  const { t } = useTranslation();
  const today = useServerToday();
  const [range, setRange] = useState<DateRange>(TODAY_RANGE);
  const [page, setPage] = useState(1);
  const body = rangeBody(range, today, (page - 1) * PER_PAGE);
  const query = useQuery({
    queryKey: [...MONEY_KEY, 'points', body],
    queryFn: () => callData('/api/user/bank/getPointLogs', body),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="m-card mn-card" data-testid="point-log">
      <header className="mn-card-head">
        <h2>{t('money.point.logTitle')}</h2>
        <DateFilter
          value={range}
          today={today}
          testId="point-log"
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </header>
      {query.isError ? (
        <p className="mn-error">{errorText(query.error instanceof ApiFailure ? query.error : { code: 'internal', message: '' })}</p>
      ) : (
        <div className="mn-table-wrap">
          <table className="mn-table">
            <thead>
              <tr>
                <th>{t('money.point.content')}</th>
                <th className="is-num is-wide">{t('money.point.existing')}</th>
                <th className="is-num is-wide">{t('money.point.updated')}</th>
                <th className="is-num">{t('money.point.change')}</th>
                <th>{t('money.history.date')}</th>
              </tr>
            </thead>
            <tbody>
              {query.isPending ? (
                <tr>
                  <td colSpan={5} className="ui-empty">
                    {t('common.loading')}
                  </td>
                </tr>
              ) : query.data.logs.length === 0 ? (
                <EmptyRow colSpan={5} />
              ) : (
                query.data.logs.map((log) => {
                  const change = pointChange(log.existing_point, log.updated_point);
                  return (
                    <tr key={log.id} data-testid="point-log-row">
                      <td className="mn-ellipsis">{log.content}</td>
                      <td className="is-num is-wide mn-mono">{groupThousands(log.existing_point)}</td>
                      <td className="is-num is-wide mn-mono">{groupThousands(log.updated_point)}</td>
                      <td className={change.negative ? 'is-num mn-mono mn-minus' : 'is-num mn-mono mn-plus'} data-testid="point-log-change">
                        {change.value.startsWith('+') ? `+${groupThousands(change.value.slice(1))}` : groupThousands(change.value)}
                      </td>
                      <td className="mn-mono mn-date-cell">{formatDateTime(log.created_at)}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
      {(query.data?.total ?? 0) > 0 && <Pagination page={page} total={query.data?.total ?? 0} perPage={PER_PAGE} onChange={setPage} />}
    </section>
  );
}
