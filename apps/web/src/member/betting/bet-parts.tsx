import { useTranslation } from 'react-i18next';
import type { BetRow } from '@wager/contracts';
import { BET_RESULTS } from '@wager/contracts/constants';
import { labelOr } from '../../i18n/label-or.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { isBetStatus, toneOf } from './bet-filters.ts';

const SPORTS_BOARDS = ['cross', 'special', 'special2', 'live', 'europe', 'inplay'] as const;
const isSportsBoard = (v: string): v is (typeof SPORTS_BOARDS)[number] => (SPORTS_BOARDS as readonly string[]).includes(v);

/** Small pieces shared by the list (table and cards) and the detail modal. */

export function ResultBadge({ status, testId = 'bet-result' }: { status: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (status === null) return <span className="bh-dash">—</span>;
  const label = isBetStatus(status) ? t(`betting.statuses.${status}`) : status;
  return (
    <span className={`bh-badge is-${toneOf(status)}`} data-testid={testId} data-status={status}>
      {label}
    </span>
  );
}

/** A bet's result in words (decision 045): a tie or push refund is not a win. */
export function ResultTag({ bet, testId = 'bet-result' }: { bet: BetRow; testId?: string }) {
  const { t } = useTranslation();
  const known = (BET_RESULTS as readonly string[]).includes(bet.result);
  return (
    <span className={`bh-badge is-${resultTone(bet.result)}`} data-testid={testId} data-status={bet.status} data-result={bet.result}>
      {known ? t(`betting.results.${bet.result}`) : bet.result}
    </span>
  );
}

function resultTone(result: string) {
  if (result === 'won') return 'won';
  if (result === 'lost') return 'lost';
  if (result === 'open') return 'open';
  return 'muted';
}

/** Names of a bet's parts in the reader's language, per game family (decision 045). */
export function useBetText() {
  const { t, i18n } = useTranslation();
  const miniLabel = (group: 'game' | 'market' | 'pick', key: string) => labelOr(t, i18n, `minigames.${group}.${key}`, key);
  return {
    money: (v: string) => formatMoney(v, i18n.language),
    gameType: (bet: BetRow) => t(`betting.gameTypes.${bet.game_type}`),
    /**
     * The game: a sports bet's board (cross, europe …), a mini game's name from its key, a casino
     * or slot game's name as its vendor gives it.
     */
    game: (bet: BetRow) => {
      if (bet.game_type === 'sports') return isSportsBoard(bet.game) ? t(`sports.boards.${bet.game}`) : bet.game;
      if (bet.game_type === 'minigame') return miniLabel('game', bet.game);
      return bet.game_name ?? bet.game;
    },
    /** A casino or slot vendor, named in the reader's language when the locale has it. */
    vendor: (bet: BetRow) => (bet.vendor ? labelOr(t, i18n, `betting.vendors.${bet.vendor}`, bet.vendor_name ?? bet.vendor) : '—'),
    /** A mini game's round of the day ("Round 721"); a casino round's or spin's id as the vendor sent it. */
    round: (bet: BetRow) => {
      if (bet.game_type === 'minigame') return bet.day_round !== null ? t('minigames.round', { n: bet.day_round }) : (bet.round ?? '—');
      return bet.round ?? '—';
    },
    /** A mini-game bet's market and pick ("Power ball odd/even · Odd"). */
    pick: (bet: BetRow) => {
      const s = bet.selections[0];
      if (!s) return '—';
      return `${s.market ? `${miniLabel('market', s.market)} · ` : ''}${miniLabel('pick', s.pick)}`;
    },
    betType: (bet: BetRow) => (bet.bet_type === 'single' ? t('betting.betTypes.single') : t('betting.betTypes.combo', { count: bet.selections.length })),
  };
}

/** "2025-01-31 13:05:09" split so a dense cell can show the day above the time. */
export function BetTime({ iso }: { iso: string }) {
  const [day, time] = formatDateTime(iso).split(' ');
  return (
    <time className="bh-time" dateTime={iso}>
      <span className="bh-time-day">{day}</span> <span className="bh-time-clock">{time}</span>
    </time>
  );
}

/** Winnings: unknown while the bet is open; green when won (a refund is not). */
export function Winnings({ bet }: { bet: BetRow }) {
  const { money } = useBetText();
  if (bet.status === 'open') return <span className="bh-dash">—</span>;
  return <span className={bet.result === 'won' ? 'bh-num is-won' : 'bh-num'}>{money(bet.win_amount)}</span>;
}

/** Held money before the stake → after the bet's settlement, as the ledger posted them. */
export function BalanceChange({ bet }: { bet: BetRow }) {
  const { money } = useBetText();
  return (
    <span className="bh-balance" data-testid="bet-balance">
      <span className="bh-balance-before">{money(bet.money_before)}</span>
      <span className="bh-arrow" aria-hidden="true">
        →
      </span>
      <span className="bh-balance-after">{money(bet.money_after)}</span>
    </span>
  );
}
