import { useTranslation } from 'react-i18next';
import type { BetRow } from '@wager/contracts';
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

export function useBetText() {
  const { t, i18n } = useTranslation();
  return {
    money: (v: string) => formatMoney(v, i18n.language),
    gameType: (bet: BetRow) => t(`betting.gameTypes.${bet.game_type}`),
    /** A sports bet's game is the board it was placed on (cross, europe …): named in the reader's language. */
    game: (bet: BetRow) => (bet.game_type === 'sports' && isSportsBoard(bet.game) ? t(`sports.boards.${bet.game}`) : bet.game),
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

/** Winnings: unknown while the bet is open; green when won. */
export function Winnings({ bet }: { bet: BetRow }) {
  const { money } = useBetText();
  if (bet.status === 'open') return <span className="bh-dash">—</span>;
  return <span className={bet.status === 'won' ? 'bh-num is-won' : 'bh-num'}>{money(bet.win_amount)}</span>;
}

/** Held money before → after the stake left it. */
export function BalanceChange({ bet }: { bet: BetRow }) {
  const { money } = useBetText();
  return (
    <span className="bh-balance">
      <span className="bh-balance-before">{money(bet.money_before)}</span>
      <span className="bh-arrow" aria-hidden="true">
        →
      </span>
      <span className="bh-balance-after">{money(bet.money_after)}</span>
    </span>
  );
}
