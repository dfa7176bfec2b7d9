import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { BetRow } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { Modal } from '../../ui/modal.tsx';
import { Loading } from '../../ui/states.tsx';
import { difference, selectionResult, validAmount } from './bet-filters.ts';
import { BetTime, ResultBadge, ResultTag, useBetText, Winnings } from './bet-parts.tsx';
import { useBetDetail } from './queries.ts';
import { SportsBetDetail } from './sports-folders.tsx';
import { queryErrorText } from '../../i18n/error-text.ts';

/** One bet with every selection (name, market, pick, odds, result). */
export function BetDetailModal({ id, row, onClose }: { id: number; row: BetRow | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useBetDetail(id, row);
  const bet = query.data;

  return createPortal(
    <Modal title={t('betting.detail.title')} onClose={onClose} testId="bet-detail-modal" wide>
      {bet ? (
        <BetDetail bet={bet} />
      ) : query.isError ? (
        <div className="bh-message is-error" role="alert" data-testid="bet-detail-error">
          <p>{t('betting.detail.loadFailed')}</p>
          <p className="bh-message-sub">{queryErrorText(query.error)}</p>
        </div>
      ) : (
        <Loading />
      )}
    </Modal>,
    document.body,
  );
}

/**
 * The facts of one bet, per game family (decision 045): sports its slip, a mini game its round of
 * the day, market and pick, casino and slots the vendor and its round (no odds: the vendor
 * decides the payout). Balances are the ledger's, before the stake and after the settlement.
 */
function BetDetail({ bet }: { bet: BetRow }) {
  const { t } = useTranslation();
  const text = useBetText();
  const priced = bet.game_type === 'sports' || bet.game_type === 'minigame';
  const fact = (label: string, value: ReactNode, testId?: string): Fact => [label, value, testId];
  const facts: Fact[] = [
    fact(t('betting.detail.id'), <span className="bh-mono">#{bet.id}</span>),
    fact(t('betting.columns.time'), <BetTime iso={bet.created_at} />),
    fact(t('betting.filters.gameType'), text.gameType(bet)),
    ...(bet.game_type === 'sports' ? [fact(t('betting.columns.betType'), text.betType(bet))] : []),
    ...(bet.game_type === 'minigame'
      ? [fact(t('betting.columns.round'), text.round(bet), 'bet-detail-round'), fact(t('betting.columns.pick'), text.pick(bet), 'bet-detail-pick')]
      : []),
    ...(bet.game_type === 'casino' || bet.game_type === 'slot'
      ? [
          fact(t('betting.detail.vendor'), text.vendor(bet), 'bet-detail-vendor'),
          fact(t('betting.columns.round'), <span className="bh-mono bh-card-round">{text.round(bet)}</span>, 'bet-detail-round'),
        ]
      : []),
    fact(t('betting.columns.amount'), <span className="bh-num">{text.money(bet.amount)}</span>, 'bet-detail-amount'),
    ...(priced
      ? [
          fact(t('betting.detail.totalOdds'), <span className="bh-odds">{bet.odds}</span>, 'bet-detail-odds'),
          fact(t('betting.columns.potential'), <span className="bh-num">{text.money(bet.potential_win)}</span>),
        ]
      : []),
    fact(t('betting.columns.win'), <Winnings bet={bet} />, 'bet-detail-win'),
    fact(t('betting.detail.validAmount'), <Signed value={validAmount(bet)} />, 'bet-detail-valid'),
    fact(t('betting.detail.difference'), <Signed value={difference(bet)} signed />, 'bet-detail-difference'),
    fact(t('betting.detail.before'), <span className="bh-num">{text.money(bet.money_before)}</span>, 'bet-detail-before'),
    fact(t('betting.detail.after'), <span className="bh-num">{text.money(bet.money_after)}</span>, 'bet-detail-after'),
    fact(t('betting.detail.settledAt'), bet.settled_at ? <span className="bh-mono">{formatDateTime(bet.settled_at)}</span> : t('betting.detail.notSettled')),
  ];

  return (
    <div className="bh-detail" data-testid="bet-detail" data-bet-id={bet.id}>
      <div className="bh-detail-head">
        <div>
          <span className={`bh-type is-${bet.game_type}`}>{text.gameType(bet)}</span>
          <h3 className="bh-detail-game" data-testid="bet-detail-game">
            {text.game(bet)}
          </h3>
        </div>
        <ResultTag bet={bet} testId="bet-detail-result" />
      </div>

      <dl className="bh-facts">
        {facts.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>

      {bet.game_type === 'sports' && (
        <>
          <h4 className="bh-detail-sub">{t('betting.detail.selections', { count: bet.selections.length })}</h4>
          <SportsBetDetail bet={bet} fallback={<Selections bet={bet} />} />
        </>
      )}
    </div>
  );
}

type Fact = [label: string, value: ReactNode, testId?: string];

function Selections({ bet }: { bet: BetRow }) {
  const { t } = useTranslation();
  return (
    <ol className="bh-selections">
      {bet.selections.map((s, i) => (
        <li key={i} className="bh-selection" data-testid="bet-selection">
          <div className="bh-selection-main">
            <span className="bh-selection-name" data-testid="bet-selection-name">
              {s.name}
            </span>
            <ResultBadge status={selectionResult(bet, s.result)} testId="bet-selection-result" />
          </div>
          <dl className="bh-selection-grid">
            <div>
              <dt>{t('betting.detail.market')}</dt>
              <dd data-testid="bet-selection-market">{s.market ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('betting.detail.pick')}</dt>
              <dd className="bh-pick" data-testid="bet-selection-pick">
                {s.pick}
              </dd>
            </div>
            <div>
              <dt>{t('betting.detail.odds')}</dt>
              <dd className="bh-odds" data-testid="bet-selection-odds">
                {s.odds}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** An amount of the bet's outcome; a dash while the bet is open. */
function Signed({ value, signed = false }: { value: bigint | null; signed?: boolean }) {
  const text = useBetText();
  if (value === null) return <span className="bh-dash">—</span>;
  const tone = signed && value > 0n ? ' is-won' : '';
  return <span className={`bh-num${tone}`}>{signed && value > 0n ? `+${text.money(String(value))}` : text.money(String(value))}</span>;
}
