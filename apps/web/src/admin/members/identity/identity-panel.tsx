import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTITY_STATUSES, type IdentityStatus } from '@wager/contracts';
import { errorText } from '../../../i18n/error-text.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { showAlert } from '../../../ui/dialog.tsx';
import { QueryState } from '../../../ui/backoffice/query-state.tsx';
import { Badge } from '../../ops/shared.tsx';
import { useMemberIdentity, useSetMemberIdentity } from './queries.ts';

const tone = (s: IdentityStatus) => (s === 'verified' ? 'ok' : s === 'rejected' ? 'danger' : 'warn');

/**
 * A player's identity status (issue 23, decision 058): the admin sets it with a note of the
 * document seen; every change is audited and listed below, newest first.
 */
export function IdentityPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useMemberIdentity(userId);
  const setIdentity = useSetMemberIdentity(userId);
  const [status, setStatus] = useState<IdentityStatus>('verified');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!note.trim()) return showAlert(t('adminMembers.identity.noteRequired'));
    setBusy(true);
    try {
      const answer = await setIdentity({ status, note: note.trim() });
      if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
      setNote('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <QueryState query={query}>
      {(d) => (
        <div className="am-identity" data-testid="member-identity">
          <div className="am-row">
            <span className="am-label">{t('adminMembers.identity.status')}</span>
            <span data-testid="member-identity-status">
              <Badge tone={tone(d.status)}>{t(`adminMembers.identity.statuses.${d.status}`)}</Badge>
            </span>
          </div>
          <form className="ad-form" onSubmit={submit}>
            <label className="ad-form-row">
              <span className="ad-form-label">{t('adminMembers.identity.newStatus')}</span>
              <select
                className="ui-input ad-select"
                data-testid="member-identity-select"
                value={status}
                onChange={(e) => setStatus(e.target.value as IdentityStatus)}
              >
                {IDENTITY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`adminMembers.identity.statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="ad-form-row">
              <span className="ad-form-label">{t('adminMembers.identity.note')}</span>
              <input
                className="ui-input"
                data-testid="member-identity-note"
                maxLength={500}
                placeholder={t('adminMembers.identity.notePlaceholder')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <button type="submit" className="ui-btn ui-btn-primary" data-testid="member-identity-save" disabled={busy}>
              {t('adminMembers.identity.save')}
            </button>
          </form>
          <table className="ad-table" data-testid="member-identity-history">
            <thead>
              <tr>
                <th>{t('adminMembers.identity.at')}</th>
                <th>{t('adminMembers.identity.status')}</th>
                <th>{t('adminMembers.identity.note')}</th>
                <th>{t('adminMembers.identity.admin')}</th>
              </tr>
            </thead>
            <tbody>
              {d.history.length === 0 ? (
                <tr>
                  <td colSpan={4}>{t('adminMembers.identity.empty')}</td>
                </tr>
              ) : (
                d.history.map((h, i) => (
                  <tr key={i}>
                    <td>{formatDateTime(h.at)}</td>
                    <td>{t(`adminMembers.identity.statuses.${h.status}`)}</td>
                    <td>{h.document_note}</td>
                    <td>#{h.admin_id}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
