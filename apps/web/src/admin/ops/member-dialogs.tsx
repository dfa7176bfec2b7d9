import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RESTRICTIONS, type Restriction } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney, formatPoints, groupThousands } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useAdjustBalance, useSetRestrictions, type MemberRow } from './queries.ts';

type Asset = 'money' | 'point' | 'egg';
type AdjustType = 'grant' | 'reclaim';

/** Digits only, no leading zeros ('' when empty): the amount never passes through a float. */
const digitsOf = (raw: string) => raw.replace(/\D/g, '').replace(/^0+/, '').slice(0, 15);

/** Spec §4/§5 grant (지급) or reclaim (회수) of money, points or eggs; amount and memo required. */
export function AdjustDialog({ member, onClose, onDone }: { member: MemberRow; onClose: () => void; onDone: () => unknown }) {
  const { t, i18n } = useTranslation();
  const [asset, setAsset] = useState<Asset>('money');
  const [type, setType] = useState<AdjustType>('grant');
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const adjustBalance = useAdjustBalance();
  // One request id per distinct submit: a retry of the same values cannot move money twice.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the values are the id's key, not its inputs
  const requestId = useMemo(() => crypto.randomUUID(), [asset, type, amount, memo]);

  const show = (digits: string) => (asset === 'money' ? formatMoney(digits, i18n.language) : formatPoints(digits, i18n.language));
  const typeLabel = t(`adminOps.adjust.${type}`);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!amount) return showAlert(t('adminOps.adjust.amountRequired'));
    if (!memo.trim()) return showAlert(t('adminOps.adjust.memoRequired'));
    const confirmText = t('adminOps.adjust.confirm', {
      account: member.account,
      asset: t(`adminOps.adjust.assets.${asset}`),
      amount: show(amount),
      type: typeLabel,
    });
    if (!(await showConfirm(confirmText))) return;
    setBusy(true);
    const answer = await adjustBalance.mutateAsync({
      user_id: member.id,
      asset,
      amount: type === 'reclaim' ? `-${amount}` : amount,
      memo: memo.trim(),
      request_id: requestId,
    });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    await onDone();
    onClose();
    const key = asset === 'point' ? 'pointDone' : 'moneyDone';
    await showAlert(t(`adminOps.adjust.${key}`, { type: typeLabel, balance: show(answer.data.balance) }));
  }

  return (
    <Modal title={t('adminOps.adjust.title')} onClose={onClose} testId="admin-adjust">
      <form className="ad-form" onSubmit={submit}>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.adjust.member')}</span>
          <span>
            <strong>{member.account}</strong> ({member.nickname}) · {formatMoney(member.money, i18n.language)} · {formatPoints(member.point, i18n.language)}
          </span>
        </div>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.adjust.asset')}</span>
          <select className="ui-input ad-select" data-testid="admin-adjust-asset" value={asset} onChange={(e) => setAsset(e.target.value as Asset)}>
            <option value="money">{t('adminOps.adjust.assets.money')}</option>
            <option value="point">{t('adminOps.adjust.assets.point')}</option>
            <option value="egg">{t('adminOps.adjust.assets.egg')}</option>
          </select>
        </label>
        <div className="ad-form-row" role="radiogroup" aria-label={t('adminOps.adjust.type')}>
          <span className="ad-form-label">{t('adminOps.adjust.type')}</span>
          {(['grant', 'reclaim'] as const).map((k) => (
            <label key={k} className="ad-radio">
              <input type="radio" name="adjust-type" data-testid={`admin-adjust-${k}`} checked={type === k} onChange={() => setType(k)} />
              {t(`adminOps.adjust.${k}`)}
            </label>
          ))}
        </div>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.adjust.amount')}</span>
          <input
            className="ui-input"
            inputMode="numeric"
            data-testid="admin-adjust-amount"
            value={amount ? groupThousands(amount) : ''}
            onChange={(e) => setAmount(digitsOf(e.target.value))}
          />
        </label>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.adjust.memo')}</span>
          <input className="ui-input" data-testid="admin-adjust-memo" maxLength={500} value={memo} onChange={(e) => setMemo(e.target.value)} />
        </label>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={type === 'grant' ? 'ui-btn ui-btn-primary' : 'ui-btn ui-btn-danger'}
            data-testid="admin-adjust-submit"
            disabled={busy}
          >
            {busy ? t('adminOps.common.processing') : t('adminOps.adjust.submit', { type: typeLabel })}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Starts from the member's current restrictions; only the boxes the admin changed are sent. */
export function RestrictionsDialog({ member, onClose, onDone }: { member: MemberRow; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<Set<Restriction>>(new Set(member.restrictions));
  const [touched, setTouched] = useState<Set<Restriction>>(new Set());
  const [busy, setBusy] = useState(false);
  const setRestrictions = useSetRestrictions();

  function toggle(r: Restriction) {
    const next = new Set(checked);
    if (next.has(r)) next.delete(r);
    else next.add(r);
    setChecked(next);
    setTouched(new Set(touched).add(r));
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (touched.size === 0) return showAlert(t('adminOps.restrict.unchanged'));
    if (!(await showConfirm(t('adminOps.restrict.confirm', { account: member.account })))) return;
    const patch: Partial<Record<Restriction, boolean>> = {};
    touched.forEach((r) => (patch[r] = checked.has(r)));
    setBusy(true);
    const answer = await setRestrictions.mutateAsync({ user_id: member.id, restrictions: patch });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    onClose();
    void onDone();
    const list = answer.data.restrictions.map((r) => t(`adminOps.restrict.items.${r}`)).join(', ') || t('adminOps.restrict.none');
    await showAlert(`${t('adminOps.restrict.saved')}\n${t('adminOps.restrict.active', { list })}`);
  }

  return (
    <Modal title={`${t('adminOps.restrict.title')} · ${member.account}`} onClose={onClose} testId="admin-restrict">
      <form className="ad-form" onSubmit={save}>
        <p className="ad-note">{t('adminOps.restrict.hint')}</p>
        <div className="ad-check-grid">
          {RESTRICTIONS.map((r) => (
            <label key={r} className="ad-check">
              <input type="checkbox" data-testid={`admin-restrict-${r}`} checked={checked.has(r)} onChange={() => toggle(r)} />
              {t(`adminOps.restrict.items.${r}`)}
            </label>
          ))}
        </div>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-restrict-save" disabled={busy}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
