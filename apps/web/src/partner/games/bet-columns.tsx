import type { TFunction } from 'i18next';
import type { AgentBetRow } from '@wager/contracts';
import { formatShortDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { openUserDetail } from '../detail/popup.ts';

/** A translated label where the game areas have one (sports kinds and picks, mini-game games, markets, picks), else the stored text. */
function labeller(t: TFunction) {
  const any = t as unknown as (key: string) => string;
  return (key: string, raw: string) => (t(key as never, { defaultValue: '' }) ? any(key) : raw);
}

/**
 * A bet's picks in one line, combination folders joined: "A vs B · 승무패 · 홈승" for sports,
 * "색 · 레드" for a mini game (its game and round are the game column).
 */
function picksText(t: TFunction, r: AgentBetRow) {
  const label = labeller(t);
  // A single's odds are the odds column; a combination shows each folder's own.
  const at = (odds: string) => (r.bet_type === 'combo' ? ` @${odds}` : '');
  return r.selections
    .map((s) =>
      r.game_type === 'minigame'
        ? [s.market && label(`minigames.market.${s.market}`, s.market), label(`minigames.pick.${s.pick}`, s.pick) + at(s.odds)]
        : [
            // A single's fixture is the game line above its picks.
            r.bet_type === 'combo' || s.name !== r.game ? s.name : '',
            s.market && label(`sports.kinds.${s.market}`, s.market),
            label(`sports.picks.${s.pick}`, s.pick) + at(s.odds),
          ],
    )
    .map((parts) => parts.filter(Boolean).join(' · '))
    .join(' / ');
}

/** "11-27 13:25:09" in the operating zone: one line in a 1024 px table. */
export const shortTime = (iso: string) => formatShortDateTime(iso, true);

/**
 * The bet columns of the game log pages and the member detail's bet tabs (one list, two screens).
 * `account` adds the member column, whose id opens the member's detail popup.
 */
export function betColumns(t: TFunction, lang: string, o: { account: boolean }): Column<AgentBetRow>[] {
  const m = (v: string) => formatMoney(v, lang);
  return [
    { id: 'id', header: t('partnerDetail.bets.id'), cell: (r) => r.id, className: 'num' },
    { id: 'time', header: t('partnerDetail.bets.time'), cell: (r) => shortTime(r.created_at), className: 'pa-nowrap' },
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
    {
      // One cell, the game over its picks: two columns of prose did not fit 1024 px beside the figures.
      id: 'game',
      header: `${t('partnerDetail.bets.game')} / ${t('partnerDetail.bets.picks')}`,
      className: 'pa-cell-wrap',
      cell: (r) => {
        const game = r.game_type === 'minigame' ? labeller(t)(`minigames.game.${r.game}`, r.game) : r.game;
        return (
          <>
            <span className="pa-bet-game">{r.round ? `${game} #${r.round}` : game}</span>
            <span className="pa-bet-picks">{picksText(t, r)}</span>
          </>
        );
      },
    },
    { id: 'odds', header: t('partnerDetail.bets.odds'), cell: (r) => r.odds, className: 'num' },
    { id: 'amount', header: t('partnerDetail.bets.amount'), cell: (r) => m(r.amount), className: 'num' },
    { id: 'win', header: t('partnerDetail.bets.win'), cell: (r) => m(r.win_amount), className: 'num' },
    { id: 'status', header: t('partnerDetail.bets.status'), cell: (r) => t(`betting.statuses.${r.status}`), className: 'pa-nowrap' },
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
