import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberStatus } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { useSetStatus } from './queries.ts';

/**
 * The status buttons of the detail page: exactly the moves the server's state table allows now
 * (`next_statuses`), each confirmed in a dialog (spec §4), with an optional memo for the audit.
 */
export function StatusActions({ userId, account, status, next }: { userId: number; account: string; status: MemberStatus; next: MemberStatus[] }) {
  const { t } = useTranslation();
  const setStatus = useSetStatus();
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const label = (s: MemberStatus) => t(`adminOps.members.statuses.${s}`);

  async function move(to: MemberStatus) {
    if (busy) return;
    const text =
      to === 'deleted'
        ? t('adminMembers.detail.confirmDelete', { account })
        : t('adminMembers.detail.confirmStatus', { account, from: label(status), to: label(to) });
    if (!(await showConfirm(text))) return;
    setBusy(true);
    const answer = await setStatus.mutateAsync({ user_id: userId, status: to, memo: memo.trim() || undefined });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    setMemo('');
    await showAlert(t('adminMembers.detail.statusDone', { status: label(to) }));
  }

  if (next.length === 0) return null;
  return (
    <div className="am-status" data-testid="member-status-actions">
      <span className="am-label">{t('adminMembers.detail.moveTo')}</span>
      {next.map((s) => (
        <button
          key={s}
          type="button"
          className={s === 'deleted' || s === 'blocked' ? 'ui-btn ui-btn-danger' : 'ui-btn'}
          data-testid={`member-status-${s}`}
          disabled={busy}
          onClick={() => void move(s)}
        >
          {label(s)}
        </button>
      ))}
      <input
        className="ui-input am-memo"
        placeholder={t('adminMembers.detail.memo')}
        maxLength={500}
        value={memo}
        data-testid="member-status-memo"
        onChange={(e) => setMemo(e.target.value)}
      />
    </div>
  );
}
