import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { HistoryCard, useHistoryPaging } from './history-card.tsx';
import { newRequestId } from '../../ui/money-rules.ts';
import { clearConversions, MONEY_KEY, useConversions } from './queries.ts';

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
  const query = useConversions(body);

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
      footer={(query.data?.total ?? 0) > 0 && <ClearConversionsButton />}
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

/** Spec §8 "clear all transition details", after a confirmation; the records only leave the member's view. */
function ClearConversionsButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function clear() {
    if (busy || !(await showConfirm(t('account.conversions.confirm')))) return;
    setBusy(true);
    const answer = await clearConversions(newRequestId());
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('account.conversions.failed'));
    await queryClient.invalidateQueries({ queryKey: [...MONEY_KEY, 'conversions'] });
    await showAlert(t('account.conversions.done'));
  }
  return (
    <div className="mn-history-actions">
      <button type="button" className="ui-btn ui-btn-danger" data-testid="conversion-clear" disabled={busy} onClick={clear}>
        {t('account.conversions.clear')}
      </button>
    </div>
  );
}
