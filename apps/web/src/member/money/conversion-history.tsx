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
import { rangeBody, TODAY_RANGE, type DateRange } from './money-rules.ts';
import { MONEY_KEY, useServerToday } from './use-money.ts';

/** The server pages conversions by 10. */
const PER_PAGE = 10;
const KINDS = ['point_to_money', 'money_to_casino', 'casino_to_money', 'money_to_egg', 'egg_to_money'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

/** Spec §3 conversion record: amount, starting and closing amount of the source, date. */
export function ConversionHistory() {
  const { t } = useTranslation();
  const today = useServerToday();
  const [range, setRange] = useState<DateRange>(TODAY_RANGE);
  const [page, setPage] = useState(1);
  const body = rangeBody(range, today, (page - 1) * PER_PAGE);
  const query = useQuery({
    queryKey: [...MONEY_KEY, 'conversions', body],
    queryFn: () => callData('/api/user/bank/getConversions', body),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="m-card mn-card" data-testid="conversion-history">
      <header className="mn-card-head">
        <h2>{t('money.conversion.historyTitle')}</h2>
        <DateFilter
          value={range}
          today={today}
          testId="conversion-history"
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
                <th>{t('money.conversion.kind')}</th>
                <th className="is-num">{t('money.history.amount')}</th>
                <th className="is-num is-wide">{t('money.conversion.before')}</th>
                <th className="is-num is-wide">{t('money.conversion.after')}</th>
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
                query.data.logs.map((log) => (
                  <tr key={log.id} data-testid="conversion-row">
                    <td>{isKind(log.kind) ? t(`money.conversion.kinds.${log.kind}`) : log.kind}</td>
                    <td className="is-num mn-mono">{groupThousands(log.amount)}</td>
                    <td className="is-num is-wide mn-mono">{groupThousands(log.before)}</td>
                    <td className="is-num is-wide mn-mono">{groupThousands(log.after)}</td>
                    <td className="mn-mono mn-date-cell">{formatDateTime(log.created_at)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {(query.data?.total ?? 0) > 0 && <Pagination page={page} total={query.data?.total ?? 0} perPage={PER_PAGE} onChange={setPage} />}
    </section>
  );
}
