import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownlineRow } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { Modal } from '../../ui/modal.tsx';
import { showToast } from '../toast.tsx';
import { useUpdateRates } from './queries.ts';
import { RATE_KEYS, withRateLabels, type RateKey } from './rate-labels.ts';

const shown = (v: number | undefined) => (v === undefined ? '0' : String(v));

/**
 * Changes a lower account's rates after creation (issue 18, decision 028): per game type its
 * current rate, its parent's (the cap) and the new value. A value above the cap is marked here
 * and refused by the server (`rate_above_parent`), as is one below a lower account's
 * (`rate_below_child`); the refusal is shown translated, naming the game types.
 */
export function RatesModal({ row, onClose }: { row: DownlineRow; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateRates();
  const [values, setValues] = useState<Record<RateKey, string>>(
    () => Object.fromEntries(RATE_KEYS.map((k) => [k, shown(row.rolling_json[k])])) as Record<RateKey, string>,
  );
  const [error, setError] = useState<string | null>(null);
  const cap = (k: RateKey) => row.parent_rolling_json?.[k];
  const above = (k: RateKey) => cap(k) !== undefined && Number(values[k]) > (cap(k) ?? 0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    // Only the changed keys are sent: the rest stay as stored.
    const changed = RATE_KEYS.filter((k) => values[k].trim() !== '' && Number(values[k]) !== (row.rolling_json[k] ?? 0));
    if (changed.length === 0) return onClose();
    const answer = await update.mutateAsync({ user_id: row.id, rolling_json: Object.fromEntries(changed.map((k) => [k, Number(values[k])])) });
    if (!answer.result) {
      const text = errorText(withRateLabels(t, answer.error));
      setError(text);
      return showToast(text, 'top');
    }
    showToast(t('partnerDownline.ratesModal.saved'));
    onClose();
  }

  return (
    <Modal title={t('partnerDownline.ratesModal.title', { account: row.account })} onClose={onClose} testId="pa-rates-modal">
      <form className="pa-asset-form" onSubmit={(e) => void submit(e)}>
        <table className="pa-table pa-rates-table">
          <thead>
            <tr>
              <th>{t('partnerDownline.ratesModal.game')}</th>
              <th className="num">{t('partnerDownline.ratesModal.current')}</th>
              <th className="num">{t('partnerDownline.ratesModal.cap')}</th>
              <th>{t('partnerDownline.ratesModal.next')}</th>
            </tr>
          </thead>
          <tbody>
            {RATE_KEYS.map((k) => (
              <tr key={k} data-rate={k}>
                <th>{t(`partnerDownline.rates.${k}`)}</th>
                <td className="num">{shown(row.rolling_json[k])}</td>
                <td className="num" data-testid={`pa-rate-cap-${k}`}>
                  {cap(k) === undefined ? '-' : shown(cap(k))}
                </td>
                <td>
                  <input
                    className={above(k) ? 'ui-input is-invalid' : 'ui-input'}
                    data-testid={`pa-rate-edit-${k}`}
                    inputMode="decimal"
                    aria-label={t(`partnerDownline.rates.${k}`)}
                    aria-invalid={above(k)}
                    value={values[k]}
                    onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value.replace(/[^\d.]/g, '') }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {error && (
          <p className="pa-error" role="alert" data-testid="pa-rates-error">
            {error}
          </p>
        )}
        <div className="pa-asset-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('partnerDownline.ratesModal.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-rates-save" disabled={update.isPending}>
            {t('partnerDownline.ratesModal.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
