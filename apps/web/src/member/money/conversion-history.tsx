import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callData } from '../../api/client.ts';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { HistoryCard, useHistoryPaging } from './history-card.tsx';
import { MONEY_KEY } from './use-money.ts';

/** The server pages conversions by 10. */
const PER_PAGE = 10;
const KINDS = ['point_to_money', 'money_to_casino', 'casino_to_money', 'money_to_egg', 'egg_to_money'] as const;
type Kind = (typeof KINDS)[number];
const isKind = (k: string): k is Kind => (KINDS as readonly string[]).includes(k);

/** Spec §3 conversion record: amount, starting and closing amount of the source, date. */
export function ConversionHistory() {
  const { t } = useTranslation();
  const paging = useHistoryPaging(PER_PAGE);
  const body = paging.body;
  const query = useQuery({
    queryKey: [...MONEY_KEY, 'conversions', body],
    queryFn: () => callData('/api/user/bank/getConversions', body),
    placeholderData: keepPreviousData,
  });

  return (
    <HistoryCard
      testId="conversion-history"
      title={t('money.conversion.historyTitle')}
      paging={paging}
      query={query}
      columns={5}
      head={
        <>
          <th>{t('money.conversion.kind')}</th>
          <th className="is-num">{t('money.history.amount')}</th>
          <th className="is-num is-wide">{t('money.conversion.before')}</th>
          <th className="is-num is-wide">{t('money.conversion.after')}</th>
          <th>{t('money.history.date')}</th>
        </>
      }
      row={(log) => (
        <tr key={log.id} data-testid="conversion-row">
          <td>{isKind(log.kind) ? t(`money.conversion.kinds.${log.kind}`) : log.kind}</td>
          <td className="is-num mn-mono">{groupThousands(log.amount)}</td>
          <td className="is-num is-wide mn-mono">{groupThousands(log.before)}</td>
          <td className="is-num is-wide mn-mono">{groupThousands(log.after)}</td>
          <td className="mn-mono mn-date-cell">{formatDateTime(log.created_at)}</td>
        </tr>
      )}
    />
  );
}
