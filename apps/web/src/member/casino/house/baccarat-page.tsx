import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaccaratSpot, CallData } from '@wager/contracts';
import { ApiFailure } from '../../../api/client.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Loading } from '../../../ui/states.tsx';
import { useMember } from '../../session.tsx';
import { BeadPlate, BigRoad, dealDelays, PlayingCard } from './baccarat-parts.tsx';
import { FairPanel } from './fair-panel.tsx';
import { HouseBar, NoLaunch } from './house-bar.tsx';
import { newRequestId, sleep, useClientSeed, useLaunchParams } from './launch.ts';
import { useBaccaratBet, useHouseSession } from './queries.ts';
import './house.css';

type HandAnswer = CallData<'/api/house/baccarat/bet'>;
type Bets = Partial<Record<BaccaratSpot, bigint>>;
const TABLE = 'baccarat1';
const DEAL_STEP = 420;
const ODDS: Record<BaccaratSpot, string> = { player: '1:1', banker: '0.95:1', tie: '8:1', player_pair: '11:1', banker_pair: '11:1' };
const SPOT_LABEL = {
  player: 'casino.house.player',
  banker: 'casino.house.banker',
  tie: 'casino.house.tie',
  player_pair: 'casino.house.playerPair',
  banker_pair: 'casino.house.bankerPair',
} as const satisfies Record<BaccaratSpot, string>;
/** Pairs on the outside, the three main spots in the middle (the real table's order). */
const LAYOUT: BaccaratSpot[] = ['player_pair', 'player', 'tie', 'banker', 'banker_pair'];
const sum = (b: Bets) => Object.values(b).reduce((a, v) => a + (v ?? 0n), 0n);

/** /popup/livecasino: the house baccarat table, one instant hand per deal (decision 022). */
export default function BaccaratPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { token } = useLaunchParams();
  const { user } = useMember();
  const session = useHouseSession(token, user?.id ?? null, TABLE);
  const place = useBaccaratBet();
  const clientSeed = useClientSeed();
  const [chip, setChip] = useState<string | null>(null);
  const [bets, setBets] = useState<Bets>({});
  const [previous, setPrevious] = useState<Bets>({});
  const [hand, setHand] = useState<HandAnswer | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [balance, setBalance] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const [dealing, setDealing] = useState(false);

  const data = session.data;
  useEffect(() => {
    if (!data) return;
    setBalance((b) => b ?? data.balance);
    setChip((c) => c ?? data.bet_options[1] ?? data.bet_options[0]);
  }, [data]);

  if (!token) return <NoLaunch />;
  if (session.isPending) return <Loading />;
  if (session.isError || !data) return <NoLaunch message={session.error instanceof ApiFailure ? errorText(session.error) : undefined} />;

  const total = sum(bets);
  const addChip = (spot: BaccaratSpot) => {
    if (dealing || !chip) return;
    if (hand && revealed) {
      setHand(null);
      setRevealed(false);
    }
    setBets((b) => ({ ...b, [spot]: (b[spot] ?? 0n) + BigInt(chip) }));
  };

  async function deal() {
    if (busy.current || total === 0n) return;
    busy.current = true;
    setDealing(true);
    setError(null);
    setHand(null);
    setRevealed(false);
    const body = Object.fromEntries(Object.entries(bets).map(([k, v]) => [k, String(v)]));
    const answer = await place.mutateAsync({ token, user: user?.id ?? 0, table: TABLE, bets: body, request_id: newRequestId(), client_seed: clientSeed });
    if (!answer.result) {
      setError(errorText(answer.error));
      busy.current = false;
      setDealing(false);
      return;
    }
    if (balance) setBalance(String(BigInt(balance) - total));
    setHand(answer.data);
    const delays = dealDelays(answer.data.hand.player.length, answer.data.hand.banker.length, DEAL_STEP);
    await sleep(delays.done);
    setRevealed(true);
    setBalance(answer.data.balance);
    setPrevious(bets);
    setBets({});
    busy.current = false;
    setDealing(false);
    void session.refetch();
  }

  const h = hand?.hand;
  const delays = h ? dealDelays(h.player.length, h.banker.length, DEAL_STEP) : null;
  const outcomeText = h
    ? h.outcome === 'player'
      ? t('casino.house.playerWins')
      : h.outcome === 'banker'
        ? t('casino.house.bankerWins')
        : t('casino.house.tieResult')
    : '';
  const history = [...data.history].reverse();

  return (
    <div className="hs-page hb-page" data-testid="house-baccarat">
      <HouseBar lobby="/game/casino" title={t('casino.house.baccaratTitle')} balance={balance ?? data.balance} />
      <div className="hb-table">
        <div className="hb-hands">
          {(['player', 'banker'] as const).map((side) => (
            <div key={side} className={`hb-hand is-${side}${revealed && h?.outcome === side ? ' is-winner' : ''}`} data-testid={`baccarat-${side}`}>
              <div className="hb-hand-head">
                <span>{t(SPOT_LABEL[side])}</span>
                {h && revealed ? <strong data-testid={`baccarat-${side}-total`}>{side === 'player' ? h.player_total : h.banker_total}</strong> : null}
              </div>
              <div className="hb-cards">
                {h && delays ? h[side].map((c, i) => <PlayingCard key={`${hand.round_id}-${i}`} card={c} delay={delays[side][i]} sideways={i === 2} />) : null}
              </div>
            </div>
          ))}
        </div>
        {h && revealed ? (
          <div className={`hb-result is-${h.outcome}`} data-testid="baccarat-result">
            <strong>{outcomeText}</strong>
            <span>
              {h.player_total} : {h.banker_total}
            </span>
            {hand.win !== '0' ? <span className="hb-won">+{formatMoney(hand.win, lang)}</span> : null}
          </div>
        ) : dealing ? (
          <div className="hb-result is-dealing">{t('casino.house.dealing')}</div>
        ) : null}
        <div className="hb-spots">
          {LAYOUT.map((spot) => {
            const staked = bets[spot] ?? (revealed ? previous[spot] : undefined) ?? 0n;
            const won = revealed && hand?.returns[spot] !== undefined && hand.returns[spot] !== '0';
            return (
              <button
                key={spot}
                type="button"
                className={`hb-spot is-${spot}${won ? ' is-won' : ''}`}
                onClick={() => addChip(spot)}
                disabled={dealing}
                data-testid={`baccarat-spot-${spot}`}
              >
                <span className="hb-spot-name">{t(SPOT_LABEL[spot])}</span>
                <span className="hb-spot-odds">{ODDS[spot]}</span>
                {staked > 0n ? <span className="hb-stake">{formatMoney(staked, lang)}</span> : null}
              </button>
            );
          })}
        </div>
      </div>
      {error ? (
        <p className="hs-error" role="alert" data-testid="house-error">
          {error}
        </p>
      ) : null}
      <div className="hb-controls">
        <div className="hb-chips" role="radiogroup" aria-label={t('casino.house.chips')}>
          {data.bet_options.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={chip === c}
              className={`hb-chip${chip === c ? ' is-on' : ''}`}
              onClick={() => setChip(c)}
              data-testid={`baccarat-chip-${c}`}
            >
              {compact(c)}
            </button>
          ))}
        </div>
        <div className="hb-actions">
          <span className="hs-muted">
            {t('casino.house.stake')} <strong data-testid="baccarat-stake">{formatMoney(total, lang)}</strong>
          </span>
          <button type="button" className="hs-btn hs-btn-ghost" disabled={dealing || total === 0n} onClick={() => setBets({})}>
            {t('casino.house.clear')}
          </button>
          <button type="button" className="hs-btn hs-btn-ghost" disabled={dealing || sum(previous) === 0n} onClick={() => setBets(previous)}>
            {t('casino.house.rebet')}
          </button>
          <button type="button" className="hs-spin hb-deal" disabled={dealing || total === 0n} onClick={() => void deal()} data-testid="baccarat-deal">
            {t('casino.house.deal')}
          </button>
        </div>
        {total === 0n && !dealing ? <p className="hs-muted hb-hint">{t('casino.house.placeChips')}</p> : null}
      </div>
      <div className="hb-roads">
        <BeadPlate rows={history} />
        <BigRoad rows={history} />
      </div>
      <FairPanel fair={hand?.fair ?? null} anchor={data.commitment.anchor} />
    </div>
  );
}

/** A chip's face: 1000 → 1K, 1000000 → 1M. */
function compact(amount: string) {
  const n = BigInt(amount);
  if (n >= 1_000_000n && n % 1_000_000n === 0n) return `${n / 1_000_000n}M`;
  if (n >= 1000n && n % 1000n === 0n) return `${n / 1000n}K`;
  return amount;
}
