import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rollingJson } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { useUpdateRates, type AdminDetail } from './queries.ts';

const KEYS = [...rollingJson.keyof().options, 'losing_percent'] as const;

/** Rates of a member or agent: the accounts module's rule (never above the parent, never below a child) answers a refusal. */
export function RatesForm({ detail }: { detail: AdminDetail }) {
  const { t } = useTranslation();
  const rates = detail.user.rates;
  const [form, setForm] = useState<Record<string, string>>(Object.fromEntries(KEYS.map((k) => [k, String(rates[k] ?? 0)])));
  const update = useUpdateRates();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const changed = KEYS.filter((k) => Number(form[k]) !== Number(rates[k] ?? 0));
    if (changed.length === 0) return showAlert(t('adminMembers.profile.unchanged'));
    if (!(await showConfirm(t('adminMembers.profile.ratesConfirm', { account: detail.user.account })))) return;
    const answer = await update.mutateAsync({ user_id: detail.user.id, rolling_json: Object.fromEntries(changed.map((k) => [k, Number(form[k])])) });
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    await showAlert(t('adminMembers.agent.saved'));
  }

  return (
    <form className="ad-form am-rates" onSubmit={submit} data-testid="member-rates">
      <h2 className="am-subtitle">{t('adminMembers.profile.rates')}</h2>
      <div className="am-rate-grid">
        {KEYS.map((k) => (
          <label key={k} className="am-rate">
            <span>{k === 'losing_percent' ? t('adminMembers.agent.losing') : t(`adminTree.create.rateKeys.${k}` as never, { defaultValue: k })}</span>
            <input
              className="ui-input"
              inputMode="decimal"
              data-testid={`member-rate-${k}`}
              value={form[k]}
              onChange={(e) => setForm({ ...form, [k]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <div className="ad-form-actions">
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="member-rates-save" disabled={update.isPending}>
          {t('adminMembers.profile.ratesSave')}
        </button>
      </div>
    </form>
  );
}
