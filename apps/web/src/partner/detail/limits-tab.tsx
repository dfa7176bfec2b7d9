import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYER_LIMIT_KEYS, type PlayerLimitKey } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { useMemberLimits, useTightenMemberLimit } from './queries.ts';

/**
 * A member's protection limits for its agent (issue 23, decision 057): the limits in force only
 * (never an exclusion's kind or end, nor what waits), and a form that can only tighten one: the
 * server refuses an agent any raise or removal, and any member outside its subtree.
 */
export function LimitsTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const tighten = useTightenMemberLimit(userId);
  const query = useMemberLimits(userId);
  const [key, setKey] = useState<PlayerLimitKey>('deposit_daily');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const show = (k: PlayerLimitKey, v: string | null) =>
    v === null ? t('partnerDetail.limits.none') : k === 'session_minutes' ? t('money.limits.minutesValue', { n: Number(v) }) : formatMoney(v, i18n.language);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n <= 0) return showAlert(t('partnerDetail.limits.invalid'));
    if (!(await showConfirm(t('partnerDetail.limits.confirm', { key: t(`money.limits.${key}`), value: show(key, String(n)) })))) return;
    setBusy(true);
    try {
      const answer = await tighten(key, n);
      if (!answer.result) return showAlert(errorText(answer.error));
      setValue('');
      await showAlert(t('partnerDetail.limits.saved'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <QueryState query={query}>
      {({ limits }) => (
        <div className="pa-table-wrap" data-testid="pa-detail-limits">
          <table className="pa-table pa-table-kv">
            <tbody>
              {PLAYER_LIMIT_KEYS.map((k) => (
                <tr key={k}>
                  <th>{t(`money.limits.${k}`)}</th>
                  <td data-testid={`pa-limit-${k}`}>{show(k, limits[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="pa-hint">{t('partnerDetail.limits.hint')}</p>
          <form className="pa-inline-form" onSubmit={submit}>
            <select className="ui-input" data-testid="pa-limit-key" value={key} onChange={(e) => setKey(e.target.value as PlayerLimitKey)}>
              {PLAYER_LIMIT_KEYS.map((k) => (
                <option key={k} value={k}>
                  {t(`money.limits.${k}`)}
                </option>
              ))}
            </select>
            <input
              className="ui-input"
              inputMode="numeric"
              data-testid="pa-limit-value"
              value={value}
              onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
            />
            <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-limit-save" disabled={busy}>
              {t('partnerDetail.limits.save')}
            </button>
          </form>
        </div>
      )}
    </QueryState>
  );
}
