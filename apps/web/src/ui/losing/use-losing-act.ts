import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LosingRow } from '@wager/contracts';
import type { CallAnswer } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { periodLabel } from './columns.tsx';

type Act = { mutateAsync: (body: { settlement_id: number; request_id: string }) => Promise<CallAnswer<'/api/agent/losing/pay'>>; isPending: boolean };

/**
 * Pay or recover one settlement after a confirmation; a new request id per confirmed click, so a
 * retry of that click moves nothing twice, and the buttons stay disabled while one is in flight.
 * Refusals (spec §8 "No settlement available to pay or recover") are shown as an alert.
 */
export function useLosingAct(pay: Act, recover: Act, done: (text: string) => void) {
  const { t, i18n } = useTranslation();
  // A flag for the whole click (confirmation included), so a double click asks and moves once.
  const flight = useRef(false);
  const busy = pay.isPending || recover.isPending;
  async function act(kind: 'pay' | 'recover', row: LosingRow) {
    if (busy || flight.current) return;
    flight.current = true;
    try {
      await confirmed(kind, row);
    } finally {
      flight.current = false;
    }
  }
  async function confirmed(kind: 'pay' | 'recover', row: LosingRow) {
    const values = { account: row.account, period: periodLabel(row), amount: formatMoney(row.amount, i18n.language) };
    if (!(await showConfirm(t(kind === 'pay' ? 'losing.confirmPay' : 'losing.confirmRecover', values)))) return;
    const answer = await (kind === 'pay' ? pay : recover).mutateAsync({ settlement_id: row.id, request_id: `losing-${kind}-${row.id}-${crypto.randomUUID()}` });
    if (!answer.result) return showAlert(errorText(answer.error));
    done(t(kind === 'pay' ? 'losing.donePay' : 'losing.doneRecover'));
  }
  return { act, busy };
}
