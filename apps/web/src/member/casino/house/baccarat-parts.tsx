import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { bigRoad } from './roads.ts';

type Card = { rank: number; suit: number };
type HistoryRow = CallData<'/api/house/session'>['history'][number];
type Outcome = 'player' | 'banker' | 'tie';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A playing card; `delay` staggers the dealing animation (ms), `sideways` is a third card. */
export function PlayingCard({ card, delay, sideways }: { card: Card; delay: number; sideways?: boolean }) {
  const red = card.suit === 1 || card.suit === 2;
  const cls = ['hb-card', red ? 'is-red' : '', sideways ? 'is-third' : ''].join(' ');
  return (
    <div className={cls} style={{ animationDelay: `${delay}ms` }} data-testid="baccarat-card">
      <span className="hb-rank">{RANKS[card.rank]}</span>
      <span className="hb-suit">{SUITS[card.suit]}</span>
    </div>
  );
}

/** Deal order: P1, B1, P2, B2, then the player's third, then the banker's third. */
export function dealDelays(playerCards: number, bankerCards: number, step: number) {
  const player = [0, 2 * step];
  const banker = [step, 3 * step];
  let next = 4 * step + step / 2;
  if (playerCards > 2) {
    player.push(next);
    next += step + step / 2;
  }
  if (bankerCards > 2) {
    banker.push(next);
    next += step;
  }
  return { player, banker, done: next + step / 2 };
}

const LETTER: Record<Outcome, string> = { player: 'P', banker: 'B', tie: 'T' };

/** Bead plate: every hand in order, six to a column. */
export function BeadPlate({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation();
  const shown = rows.slice(-72);
  return (
    <div className="hb-road-box">
      <h3>{t('casino.house.beadPlate')}</h3>
      <div className="hb-bead" data-testid="baccarat-bead-plate">
        {shown.map((r) =>
          r.outcome ? (
            <span key={r.round_id} className={`hb-bead-cell is-${r.outcome}`} title={`${r.player_total ?? ''}:${r.banker_total ?? ''}`}>
              {LETTER[r.outcome]}
              {r.player_pair ? <i className="hb-dot is-player" /> : null}
              {r.banker_pair ? <i className="hb-dot is-banker" /> : null}
            </span>
          ) : null,
        )}
      </div>
    </div>
  );
}

export function BigRoad({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation();
  const cells = bigRoad(rows);
  const first = Math.max(0, (cells.at(-1)?.col ?? 0) - 23);
  return (
    <div className="hb-road-box">
      <h3>{t('casino.house.bigRoad')}</h3>
      <div className="hb-big" data-testid="baccarat-big-road">
        {cells
          .filter((c) => c.col >= first)
          .map((c, i) => (
            <span key={i} className={`hb-big-cell is-${c.outcome}`} style={{ gridColumn: c.col - first + 1, gridRow: c.row + 1 }}>
              {c.ties > 0 ? <i className="hb-tie-slash">{c.ties > 1 ? c.ties : ''}</i> : null}
            </span>
          ))}
      </div>
    </div>
  );
}
