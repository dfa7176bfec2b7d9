import type { TFunction } from 'i18next';
import type { AgentBetRow } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { openUserDetail } from '../detail/popup.ts';

/** A bet's picks in one line: "A vs B · 1X2 · A @2.00", combination folders joined. */
const picks = (r: AgentBetRow) => r.selections.map((s) => [s.name, s.market, `${s.pick} @${s.odds}`].filter(Boolean).join(' · ')).join(' / ');

/**
 * The bet columns of the game log pages and the member detail's bet tabs (one list, two screens).
 * `account` adds the member column, whose id opens the member's detail popup.
 */
export function betColumns(t: TFunction, lang: string, o: { account: boolean }): Column<AgentBetRow>[] {
  const m = (v: string) => formatMoney(v, lang);
  return [
    { id: 'id', header: t('partnerDetail.bets.id'), cell: (r) => r.id, className: 'num' },
    { id: 'time', header: t('partnerDetail.bets.time'), cell: (r) => new Date(r.created_at).toLocaleString(lang) },
    ...(o.account
      ? [
          {
            id: 'account',
            header: t('partnerDetail.bets.account'),
            className: 'strong',
            cell: (r: AgentBetRow) => (
              <button type="button" className="pa-link" data-testid="pa-bet-account" onClick={() => openUserDetail(r.user_id)}>
                {r.account}
              </button>
            ),
          },
        ]
      : []),
    { id: 'game', header: t('partnerDetail.bets.game'), cell: (r) => (r.round ? `${r.game} #${r.round}` : r.game) },
    { id: 'picks', header: t('partnerDetail.bets.picks'), cell: picks, className: 'pa-cell-wrap' },
    { id: 'odds', header: t('partnerDetail.bets.odds'), cell: (r) => r.odds, className: 'num' },
    { id: 'amount', header: t('partnerDetail.bets.amount'), cell: (r) => m(r.amount), className: 'num' },
    { id: 'win', header: t('partnerDetail.bets.win'), cell: (r) => m(r.win_amount), className: 'num' },
    { id: 'status', header: t('partnerDetail.bets.status'), cell: (r) => t(`betting.statuses.${r.status}`) },
  ];
}

/** The totals line over the whole filter: count, stakes, wins and profit (stakes − wins). */
export function BetTotals({ totals, lang, t }: { totals: { count: number; amount: string; win_amount: string; profit: string }; lang: string; t: TFunction }) {
  const m = (v: string) => formatMoney(v, lang);
  return (
    <p className="pa-note" data-testid="pa-bet-totals">
      {t('partnerDetail.bets.totals', { count: totals.count, bet: m(totals.amount), win: m(totals.win_amount), profit: m(totals.profit) })}
    </p>
  );
}
