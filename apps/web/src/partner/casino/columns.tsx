import type { TFunction } from 'i18next';
import type { CasinoHistoryRow } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { openCasinoDetail } from '../detail/popup.ts';
import { formatDateTime } from '../../lib/date.ts';

/**
 * The casino and slot round columns of /pa-game-casino, /pa-game-slot and the member detail's
 * casino tab; the round opens its /pa-casino-detail popup.
 */
export function casinoColumns(t: TFunction, lang: string): Column<CasinoHistoryRow>[] {
  const m = (v: string) => formatMoney(v, lang);
  return [
    { id: 'time', header: t('casino.history.time'), cell: (r) => formatDateTime(r.created_at) },
    { id: 'account', header: t('casino.history.account'), cell: (r) => r.account },
    { id: 'game', header: t('casino.history.game'), cell: (r) => `${r.vendor} · ${r.game}` },
    {
      id: 'round',
      header: t('casino.history.round'),
      cell: (r) => (
        <button type="button" className="pa-link" data-testid="pa-casino-round" onClick={() => openCasinoDetail(r.id)}>
          {r.round}
        </button>
      ),
    },
    { id: 'bet', header: t('casino.history.bet'), cell: (r) => m(r.amount) },
    { id: 'win', header: t('casino.history.win'), cell: (r) => m(r.win_amount) },
    { id: 'balance', header: t('casino.history.balance'), cell: (r) => `${m(r.balance_before)} → ${m(r.balance_after)}` },
    { id: 'status', header: t('casino.history.status'), cell: (r) => t(`casino.history.statuses.${r.status}`) },
  ];
}
