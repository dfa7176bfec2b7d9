import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_STATUSES, type BulkAction, type BulkRowResult, type DownlineRow, type MemberStatus } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { showConfirm } from '../../ui/dialog.tsx';
import { showToast } from '../toast.tsx';
import { newRequestId } from './asset-modal.tsx';
import { useBulkAction } from './queries.ts';

type Outcome = { action: BulkAction; changed: number; rows: { account: string; result: BulkRowResult }[] };

/**
 * The bulk bar above a downline list (spec §4 "Bulk actions on selected lower members", decision
 * 035, and 061 for paying or collecting rolling): one button per action, each after a confirmation naming the action and the count (spec
 * §4 "each needs a confirmation"). One request id per confirmed action, so a retry of a lost
 * answer changes nothing twice. The answer is shown row by row: changed, or why it was refused.
 */
export function BulkBar({ actions, selected, onDone }: { actions: readonly BulkAction[]; selected: DownlineRow[]; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  /** What an accepted row did: its new state, or for rolling the amount paid or collected. */
  const doneText = (result: Extract<BulkRowResult, { ok: true }>) => {
    if (result.amount === undefined) return t('partnerDownline.bulk.rowDone', { status: t(`partnerDownline.statuses.${result.status}`) });
    const amount = BigInt(result.amount);
    const key = amount > 0n ? 'rollingPaid' : amount < 0n ? 'rollingCollected' : 'rollingNetted';
    return t(`partnerDownline.bulk.${key}`, { amount: formatMoney(amount < 0n ? -amount : amount, i18n.language) });
  };
  const mutation = useBulkAction();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run(action: BulkAction) {
    if (mutation.isPending) return;
    if (selected.length === 0) return showToast(t('partnerDownline.bulk.none'), 'top');
    if (!(await showConfirm(t(`partnerDownline.bulk.confirm.${action}`, { count: selected.length })))) return;
    const answer = await mutation.mutateAsync({ action, user_ids: selected.map((r) => r.id), request_id: newRequestId() });
    if (!answer.result) return showToast(errorText(answer.error), 'top');
    const accountOf = new Map(selected.map((r) => [r.id, r.account]));
    setOutcome({
      action,
      changed: answer.data.changed,
      rows: answer.data.results.map((result) => ({ account: accountOf.get(result.user_id) ?? String(result.user_id), result })),
    });
    showToast(t('partnerDownline.bulk.done', { changed: answer.data.changed, refused: answer.data.results.length - answer.data.changed }));
    onDone();
  }

  return (
    <div className="pa-bulk" data-testid="pa-bulk-bar">
      <div className="pa-bulk-bar">
        <span className="pa-bulk-count" data-testid="pa-bulk-count">
          {t('partnerDownline.bulk.selected', { count: selected.length })}
        </span>
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'delete' || action === 'delete_test' || action === 'withdraw' ? 'ui-btn ui-btn-danger' : 'ui-btn'}
            data-testid={`pa-bulk-${action}`}
            disabled={mutation.isPending || selected.length === 0}
            onClick={() => void run(action)}
          >
            {t(`partnerDownline.bulk.actions.${action}`)}
          </button>
        ))}
      </div>
      {outcome && (
        <div className="pa-bulk-result" data-testid="pa-bulk-result" role="status">
          <div className="pa-bulk-result-head">
            <strong>
              {t(`partnerDownline.bulk.actions.${outcome.action}`)}:{' '}
              {t('partnerDownline.bulk.done', { changed: outcome.changed, refused: outcome.rows.length - outcome.changed })}
            </strong>
            <button type="button" className="ui-btn" onClick={() => setOutcome(null)}>
              {t('partnerDownline.bulk.closeResult')}
            </button>
          </div>
          <ul>
            {outcome.rows.map(({ account, result }) => (
              <li key={result.user_id} className={result.ok ? 'is-ok' : 'is-refused'} data-account={account} data-ok={result.ok}>
                <span className="pa-bulk-account">{account}</span>
                {result.ok
                  ? doneText(result)
                  : errorText({ code: result.code, message: result.code, params: statusParams(result.params, (s) => t(`partnerDownline.statuses.${s}`)) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A refusal's `status` parameter (the state it found) in the reader's words. */
function statusParams(params: Record<string, string> | undefined, label: (status: MemberStatus) => string): Record<string, string> | undefined {
  if (!params?.status || !(MEMBER_STATUSES as readonly string[]).includes(params.status)) return params;
  return { ...params, status: label(params.status as MemberStatus) };
}
