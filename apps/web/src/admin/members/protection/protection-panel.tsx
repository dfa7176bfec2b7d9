import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYER_LIMIT_KEYS, type CallData, type PlayerLimitKey } from '@wager/contracts';
import { errorText } from '../../../i18n/error-text.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { showAlert, showConfirm } from '../../../ui/dialog.tsx';
import { QueryState } from '../../../ui/backoffice/query-state.tsx';
import { Badge } from '../../ops/shared.tsx';
import { useMemberLimits, useTightenMemberLimits } from './queries.ts';

type Limits = CallData<'/api/admin/member/limits/get'>;
type Total = 'deposited_today' | 'deposited_this_week' | 'deposited_this_month' | 'lost_today' | 'lost_this_week' | 'lost_this_month' | 'staked_today';

/** The period total each limit is measured against (stake per bet and session time have none). */
const TOTAL_OF: Partial<Record<PlayerLimitKey, Total>> = {
  deposit_daily: 'deposited_today',
  deposit_weekly: 'deposited_this_week',
  deposit_monthly: 'deposited_this_month',
  loss_daily: 'lost_today',
  loss_weekly: 'lost_this_week',
  loss_monthly: 'lost_this_month',
  stake_daily: 'staked_today',
};

/**
 * A player's protection (issue 23, decision 057): the limits in force, raises waiting for their
 * day, the period totals, and a time-out or self-exclusion with its end. The admin may only
 * tighten (lower or set a limit), confirmed first; the server refuses a raise (limit_raise_forbidden).
 */
export function ProtectionPanel({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const query = useMemberLimits(userId);
  const tighten = useTightenMemberLimits(userId);
  const [key, setKey] = useState<PlayerLimitKey>('deposit_daily');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (k: PlayerLimitKey, v: string | null | undefined) =>
    v === null || v === undefined
      ? t('adminMembers.protection.none')
      : k === 'session_minutes'
        ? t('money.limits.minutesValue', { n: Number(v) })
        : formatMoney(v, i18n.language);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n <= 0) return showAlert(t('adminMembers.protection.invalid'));
    const ok = await showConfirm(t('adminMembers.protection.confirm', { key: t(`money.limits.${key}`), value: show(key, String(n)) }));
    if (!ok) return;
    setBusy(true);
    try {
      const answer = await tighten({ [key]: n });
      if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
      setValue('');
      await showAlert(t('adminMembers.protection.saved'));
    } finally {
      setBusy(false);
    }
  }

  const exclusion = (d: Limits) =>
    d.excluded_permanent ? (
      <Badge tone="danger">{t('adminMembers.protection.permanent')}</Badge>
    ) : d.self_excluded_until ? (
      <Badge tone="warn">{t('adminMembers.protection.until', { until: formatDateTime(d.self_excluded_until) })}</Badge>
    ) : (
      t('adminMembers.protection.none')
    );

  return (
    <QueryState query={query}>
      {(d) => (
        <div className="am-identity" data-testid="member-protection">
          <div className="am-row">
            <span className="am-label">{t('adminMembers.protection.exclusion')}</span>
            <span data-testid="member-exclusion">{exclusion(d)}</span>
          </div>
          <table className="ad-table" data-testid="member-limits">
            <thead>
              <tr>
                <th>{t('adminMembers.protection.key')}</th>
                <th>{t('adminMembers.protection.inForce')}</th>
                <th>{t('adminMembers.protection.pending')}</th>
                <th>{t('adminMembers.protection.used')}</th>
              </tr>
            </thead>
            <tbody>
              {PLAYER_LIMIT_KEYS.map((k) => {
                const total = TOTAL_OF[k];
                const waiting = d.pending && k in d.pending;
                return (
                  <tr key={k}>
                    <td>{t(`money.limits.${k}`)}</td>
                    <td className="num" data-testid={`member-limit-${k}`}>
                      {show(k, d[k])}
                    </td>
                    <td data-testid={`member-limit-pending-${k}`}>
                      {waiting && d.pending_from
                        ? t('adminMembers.protection.pendingAt', { value: show(k, d.pending![k]), at: formatDateTime(d.pending_from) })
                        : '-'}
                    </td>
                    <td className="num">{total ? formatMoney(d[total], i18n.language) : '-'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="am-hint">{t('adminMembers.protection.hint')}</p>
          <form className="ad-form" onSubmit={submit}>
            <label className="ad-form-row">
              <span className="ad-form-label">{t('adminMembers.protection.key')}</span>
              <select className="ui-input ad-select" data-testid="member-limit-key" value={key} onChange={(e) => setKey(e.target.value as PlayerLimitKey)}>
                {PLAYER_LIMIT_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {t(`money.limits.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="ad-form-row">
              <span className="ad-form-label">
                {t('adminMembers.protection.newValue')} ({key === 'session_minutes' ? t('money.limits.minutes') : t('adminMembers.protection.won')})
              </span>
              <input
                className="ui-input"
                inputMode="numeric"
                data-testid="member-limit-value"
                value={value}
                onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
              />
            </label>
            <button type="submit" className="ui-btn ui-btn-primary" data-testid="member-limit-save" disabled={busy}>
              {t('adminMembers.protection.save')}
            </button>
          </form>
        </div>
      )}
    </QueryState>
  );
}
