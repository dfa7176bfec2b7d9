import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentMoneyStatus, DownlineRow } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { showAlert } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useAgent } from '../agent-session.tsx';
import { showToast } from '../toast.tsx';
import { useCasinoMove, useMoneyUpdate, usePointUpdate } from './queries.ts';

/** money and point: grant/reclaim; casino: the member's casino pay-in (grant) and pay-out (reclaim), the "user balance" modal. */
export type AssetModalOpen = { asset: 'money' | 'point' | 'casino'; row: DownlineRow; type?: AgentMoneyStatus };

/** Spec §8: a wallet pay-in or pay-out shows its toast for 1800 ms. */
const CASINO_TOAST_MS = 1800;

/** A fresh idempotency key for one action (randomUUID needs a secure context; the fallback does not). */
export const newRequestId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

/**
 * The user money, user point and user balance (casino money) modals of the agent shell (spec §2,
 * §4, §8). Opened with a type
 * it shows only that button, else both. One request id per opening: a double click or a retry
 * after a lost answer is the same action on the server, which moves the amount once. A flag also
 * ignores clicks while a request is in flight (spec §5).
 */
export function AssetModal({ open, onClose }: { open: AssetModalOpen; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { agent } = useAgent();
  const money = useMoneyUpdate();
  const point = usePointUpdate();
  const casino = useCasinoMove();
  const [requestId] = useState(newRequestId);
  const [amount, setAmount] = useState('0');
  const [memo, setMemo] = useState('');
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const { asset, row } = open;
  const show = (v: string) => (asset === 'point' ? formatPoints(v, i18n.language) : formatMoney(v, i18n.language));
  const typeText = (status: AgentMoneyStatus) =>
    asset === 'casino' ? t(`partnerMoney.balance.${status === 'grant' ? 'deposit' : 'withdraw'}`) : t(`partnerDownline.modal.${status}`);
  const types: AgentMoneyStatus[] = open.type ? [open.type] : ['grant', 'reclaim'];

  async function send(status: AgentMoneyStatus) {
    if (busy.current) return;
    if (amount === '0' || amount === '') return showToast(t('partnerDownline.modal.enterAmount'), 'top');
    busy.current = true;
    setPending(true);
    try {
      const body = { status, user_id: row.id, memo: memo.trim() || undefined, request_id: requestId };
      if (asset === 'casino') {
        const direction = status === 'grant' ? 'deposit' : 'withdraw';
        const moved = await casino.mutateAsync({ direction, body: { balance: amount, targetUserId: row.id, memo: body.memo, request_id: requestId } });
        if (!moved.result) return showToast(errorText(moved.error), 'top');
        const done = t('partnerMoney.balance.done', { type: typeText(status) });
        showToast(done, 'bottom', CASINO_TOAST_MS);
        await showAlert(done);
        return onClose();
      }
      const answer = asset === 'money' ? await money.mutateAsync({ ...body, money: amount }) : await point.mutateAsync({ ...body, point: amount });
      if (!answer.result) return showToast(errorText(answer.error), 'top');
      const type = t(`partnerDownline.modal.${status}`);
      if (asset === 'point') {
        showToast(t('partnerDownline.modal.pointDone', { type }));
      } else {
        showToast(t('partnerDownline.modal.moneyDone', { type }));
        await showAlert(t('partnerDownline.modal.moneyDone', { type }));
      }
      onClose();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return (
    <Modal
      title={
        asset === 'casino' ? t('partnerMoney.balance.title') : t(asset === 'money' ? 'partnerDownline.modal.moneyTitle' : 'partnerDownline.modal.pointTitle')
      }
      onClose={onClose}
      testId={`pa-${asset}-modal`}
    >
      <form className="pa-asset-form" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <table className="pa-table pa-table-kv">
          <tbody>
            <tr>
              <th>{t('partnerDownline.modal.target')}</th>
              <td>
                {row.account} ({row.nickname})
              </td>
            </tr>
            {asset !== 'casino' && (
              <tr>
                <th>{t('partnerDownline.modal.current')}</th>
                <td data-testid="pa-asset-current">{show(asset === 'money' ? row.money : row.point)}</td>
              </tr>
            )}
            <tr>
              <th>{asset === 'casino' ? t('partnerMoney.balance.mine') : t('partnerDownline.modal.mine')}</th>
              <td>{agent ? show(asset === 'point' ? agent.point : agent.money) : '-'}</td>
            </tr>
          </tbody>
        </table>
        <AmountInput label={t('partnerDownline.modal.amount')} value={amount} onChange={setAmount} testId="pa-asset-amount" disabled={pending} />
        <label className="ui-field">
          <span className="ui-field-label">{t('partnerDownline.modal.memo')}</span>
          <input className="ui-input" data-testid="pa-asset-memo" value={memo} maxLength={500} onChange={(e) => setMemo(e.target.value)} />
        </label>
        <div className="pa-asset-actions">
          {types.map((status) => (
            <button
              key={status}
              type="button"
              className={status === 'grant' ? 'ui-btn ui-btn-primary' : 'ui-btn ui-btn-danger'}
              data-testid={`pa-asset-${status}`}
              disabled={pending}
              onClick={() => void send(status)}
            >
              {typeText(status)}
            </button>
          ))}
        </div>
      </form>
    </Modal>
  );
}
