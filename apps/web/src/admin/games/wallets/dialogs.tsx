import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text.ts';
import { formatMoney, formatUnits, groupThousands } from '../../../lib/money.ts';
import { showAlert, showConfirm } from '../../../ui/dialog.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useAdjustEgg, useRetrieveCasino, type WalletRow } from './queries.ts';

/** Digits only, no leading zeros ('' when empty): the amount never passes through a float. */
const digitsOf = (raw: string) => raw.replace(/\D/g, '').replace(/^0+/, '').slice(0, 15);
const atMost = (digits: string, max: string) => digits.length < max.length || (digits.length === max.length && digits <= max);

export type EggType = 'pay' | 'retrieve';

/**
 * Spec §4 management action: pay (지급) or retrieve (회수) a member's eggs. Opened with one type,
 * so only that button shows; the amount is required (spec §5 "egg amount to pay or retrieve").
 */
export function EggDialog({ row, type, onClose }: { row: WalletRow; type: EggType; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const adjust = useAdjustEgg();
  // One request id per distinct submit: a retry of the same values cannot move eggs twice.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the values are the id's key, not its inputs
  const requestId = useMemo(() => crypto.randomUUID(), [amount, memo]);
  const typeLabel = t(type === 'pay' ? 'adminGames.gameWallets.actions.payEgg' : 'adminGames.gameWallets.actions.retrieveEgg');
  const verb = t(`adminGames.gameWallets.egg.types.${type}`);
  const eggs = (v: string) => formatUnits(v, i18n.language);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!amount) return showAlert(t('adminGames.gameWallets.egg.required'));
    if (!(await showConfirm(t('adminGames.gameWallets.egg.confirm', { account: row.account, amount: eggs(amount), type: verb })))) return;
    setBusy(true);
    const answer = await adjust.mutateAsync({
      user_id: row.id,
      asset: 'egg',
      amount: type === 'retrieve' ? `-${amount}` : amount,
      memo: memo.trim() || typeLabel,
      request_id: requestId,
    });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminGames.gameWallets.failed'));
    onClose();
    await showAlert(t('adminGames.gameWallets.egg.done', { type: verb, balance: eggs(answer.data.balance) }));
  }

  return (
    <Modal title={typeLabel} onClose={onClose} testId="wallets-egg-dialog">
      <form className="ad-form" onSubmit={submit} noValidate>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.egg.member')}</span>
          <span>
            <strong>{row.account}</strong> ({row.nickname})
          </span>
        </div>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.egg.held')}</span>
          <span className="num">{eggs(row.egg)}</span>
        </div>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.egg.amount')}</span>
          <input
            className="ui-input"
            inputMode="numeric"
            autoFocus
            data-testid="wallets-egg-amount"
            value={amount ? groupThousands(amount) : ''}
            onChange={(e) => setAmount(digitsOf(e.target.value))}
          />
        </label>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.egg.memo')}</span>
          <input
            className="ui-input"
            data-testid="wallets-egg-memo"
            maxLength={500}
            placeholder={t('adminGames.gameWallets.egg.memoHint', { type: typeLabel })}
            value={memo}
            onChange={(e) => setMemo(e.target.value)}
          />
        </label>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('adminGames.gameWallets.cancel')}
          </button>
          <button type="submit" className={type === 'pay' ? 'ui-btn ui-btn-primary' : 'ui-btn ui-btn-danger'} data-testid="wallets-egg-submit" disabled={busy}>
            {busy ? t('adminGames.gameWallets.processing') : typeLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Brings part or all of a member's casino money home from the vendor it sits at. */
export function RetrieveCasinoDialog({ row, vendorName, onClose }: { row: WalletRow; vendorName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const retrieve = useRetrieveCasino();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the values are the id's key, not its inputs
  const requestId = useMemo(() => crypto.randomUUID(), [amount, memo]);
  const money = (v: string) => formatMoney(v, i18n.language);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!amount) return showAlert(t('adminGames.gameWallets.retrieve.required'));
    if (!atMost(amount, row.casino)) return showAlert(t('adminGames.gameWallets.retrieve.over'));
    const confirmText = t('adminGames.gameWallets.retrieve.confirm', { account: row.account, amount: money(amount), vendor: vendorName });
    if (!(await showConfirm(confirmText))) return;
    setBusy(true);
    const answer = await retrieve.mutateAsync({ user_id: row.id, vendor: row.vendor, amount, memo: memo.trim() || undefined, request_id: requestId });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminGames.gameWallets.failed'));
    onClose();
    await showAlert(t('adminGames.gameWallets.retrieve.done', { money: money(answer.data.money), casino: money(answer.data.casino) }));
  }

  return (
    <Modal title={t('adminGames.gameWallets.retrieve.title')} onClose={onClose} testId="wallets-retrieve-dialog">
      <form className="ad-form" onSubmit={submit} noValidate>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.retrieve.member')}</span>
          <span>
            <strong>{row.account}</strong> ({row.nickname})
          </span>
        </div>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.retrieve.vendor')}</span>
          <span>{vendorName}</span>
        </div>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.retrieve.held')}</span>
          <span className="num" data-testid="wallets-retrieve-held">
            {money(row.casino)}
          </span>
        </div>
        {row.session_open && <p className="ad-note">{t('adminGames.gameWallets.retrieve.playing')}</p>}
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.retrieve.amount')}</span>
          <input
            className="ui-input"
            inputMode="numeric"
            autoFocus
            data-testid="wallets-retrieve-amount"
            value={amount ? groupThousands(amount) : ''}
            onChange={(e) => setAmount(digitsOf(e.target.value))}
          />
          <button type="button" className="ui-btn ad-btn-sm" data-testid="wallets-retrieve-all" onClick={() => setAmount(row.casino)}>
            {t('adminGames.gameWallets.retrieve.all')}
          </button>
        </label>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminGames.gameWallets.retrieve.memo')}</span>
          <input className="ui-input" data-testid="wallets-retrieve-memo" maxLength={200} value={memo} onChange={(e) => setMemo(e.target.value)} />
        </label>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('adminGames.gameWallets.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-danger" data-testid="wallets-retrieve-submit" disabled={busy}>
            {busy ? t('adminGames.gameWallets.processing') : t('adminGames.gameWallets.retrieve.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
