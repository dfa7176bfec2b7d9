import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { ApiFailure } from '../../../api/client.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Loading } from '../../../ui/states.tsx';
import { useMember } from '../../session.tsx';
import { FairPanel } from './fair-panel.tsx';
import { HouseBar, NoLaunch } from './house-bar.tsx';
import { newRequestId, sleep, useClientSeed, useLaunchParams } from './launch.ts';
import { useHouseSession, useSpin } from './queries.ts';
import { SlotReels, type WinLine } from './slot-reels.tsx';
import { SlotSymbol } from './slot-symbols.tsx';
import './house.css';

type SpinAnswer = CallData<'/api/house/slot/spin'>;
const GAME = 'fortune5';
const START_WINDOW = [
  [6, 2, 8],
  [7, 0, 9],
  [3, 1, 6],
  [9, 4, 7],
  [8, 5, 6],
];
const NONE = [false, false, false, false, false];

/** /popup/slot (and /slots/:product/:type): the house vendor's 5-reel slot. */
export default function SlotPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { token } = useLaunchParams();
  const { user } = useMember();
  const session = useHouseSession(token, user?.id ?? null, GAME);
  const spin = useSpin();
  const clientSeed = useClientSeed();
  const [bet, setBet] = useState<string | null>(null);
  const [grid, setGrid] = useState(START_WINDOW);
  const [spinning, setSpinning] = useState(NONE);
  const [lines, setLines] = useState<WinLine[]>([]);
  const [balance, setBalance] = useState<string | null>(null);
  const [lastWin, setLastWin] = useState<string>('0');
  const [freeLeft, setFreeLeft] = useState<number | null>(null);
  const [freeMultiplier, setFreeMultiplier] = useState(1);
  const [banner, setBanner] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<SpinAnswer | null>(null);
  const [showTable, setShowTable] = useState(false);
  const busy = useRef(false);
  const [playing, setPlaying] = useState(false);

  const data = session.data;
  useEffect(() => {
    if (!data) return;
    setBalance((b) => b ?? data.balance);
    setBet((b) => b ?? data.bet_options[0]);
  }, [data]);

  if (!token) return <NoLaunch />;
  if (session.isPending) return <Loading />;
  if (session.isError || !data) return <NoLaunch message={session.error instanceof ApiFailure ? errorText(session.error) : undefined} />;

  const options = data.bet_options;
  const betIndex = Math.max(0, options.indexOf(bet ?? ''));
  const stepBet = (d: number) => setBet(options[Math.min(options.length - 1, Math.max(0, betIndex + d))]);

  async function play() {
    if (busy.current || !bet) return;
    busy.current = true;
    setPlaying(true);
    setError(null);
    setLines([]);
    setBanner(null);
    setFreeLeft(null);
    setSpinning([true, true, true, true, true]);
    if (balance) setBalance(String(BigInt(balance) - BigInt(bet)));
    const started = Date.now();
    const answer = await spin.mutateAsync({ token, user: user?.id ?? 0, game: GAME, bet, request_id: newRequestId(), client_seed: clientSeed });
    if (!answer.result) {
      setSpinning(NONE);
      setError(errorText(answer.error));
      setBalance(answer.error.code === 'house_not_enough_money' && answer.error.params?.amount !== undefined ? String(answer.error.params.amount) : balance);
      busy.current = false;
      setPlaying(false);
      return;
    }
    await sleep(Math.max(0, 600 - (Date.now() - started)));
    setFreeMultiplier(answer.data.spins.at(1)?.multiplier ?? 1);
    let total = 0n;
    for (const [i, s] of answer.data.spins.entries()) {
      if (i > 0) {
        setLines([]);
        setSpinning([true, true, true, true, true]);
        await sleep(450);
      }
      setGrid(s.window);
      for (let reel = 0; reel < 5; reel++) {
        await sleep(reel === 0 ? 120 : 160);
        setSpinning((prev) => prev.map((v, r) => (r === reel ? false : v)));
      }
      setLines(s.lines);
      total += BigInt(s.win);
      setLastWin(String(total));
      if (s.free_spins_awarded > 0) {
        setBanner(t('casino.house.freeSpinsWon', { count: s.free_spins_awarded }));
        setFreeLeft((f) => (f ?? 0) + s.free_spins_awarded);
        await sleep(1400);
      }
      if (i > 0) setFreeLeft((f) => Math.max(0, (f ?? 1) - 1));
      if (s.lines.length > 0 || answer.data.spins.length > 1) await sleep(s.lines.length > 0 ? 900 : 350);
    }
    setBalance(answer.data.balance);
    setLast(answer.data);
    setBanner(answer.data.spins.length > 1 ? `${t('casino.house.totalWin')} ${formatMoney(answer.data.win, lang)}` : null);
    busy.current = false;
    setPlaying(false);
    void session.refetch();
  }

  const lineBet = bet ? BigInt(bet) / 20n : 0n;
  return (
    <div className="hs-page hs-slot" data-testid="house-slot">
      <HouseBar
        lobby="/game/slot"
        title={t('casino.house.slotTitle')}
        balance={balance ?? data.balance}
        extra={t('casino.house.rtp', { rtp: data.stated_rtp?.toFixed(2) ?? '' })}
      />
      <div className="hs-cabinet">
        <div className="hs-marquee">
          <span>{t('casino.house.lines')}</span>
          {freeLeft !== null ? (
            <span className="hs-free" data-testid="slot-free-spins">
              {t('casino.house.freeSpins')} {t('casino.house.multiplier', { n: freeMultiplier })} · {t('casino.house.freeSpinsLeft', { count: freeLeft })}
            </span>
          ) : null}
          <button type="button" className="hs-btn hs-btn-ghost" onClick={() => setShowTable((v) => !v)}>
            {t('casino.house.paytable')}
          </button>
        </div>
        <SlotReels window={grid} spinning={spinning} lines={lines} paylines={data.paylines} />
        {banner ? <div className="hs-banner">{banner}</div> : null}
        <div className="hs-wins" aria-live="polite">
          {lines.map((l) => (
            <span key={l.line} className="hs-win-chip">
              {t('casino.house.winLine', { line: l.line + 1, count: l.count })} · {formatMoney(l.win, lang)}
            </span>
          ))}
        </div>
      </div>
      {error ? (
        <p className="hs-error" role="alert" data-testid="house-error">
          {error}
        </p>
      ) : null}
      <div className="hs-controls">
        <div className="hs-stat">
          <span>{t('casino.house.lastWin')}</span>
          <strong data-testid="slot-last-win">{formatMoney(lastWin, lang)}</strong>
        </div>
        <div className="hs-bet">
          <span>{t('casino.house.bet')}</span>
          <div className="hs-stepper">
            <button type="button" aria-label="-" disabled={playing || betIndex === 0} onClick={() => stepBet(-1)}>
              −
            </button>
            <strong data-testid="slot-bet">{formatMoney(bet ?? '0', lang)}</strong>
            <button type="button" aria-label="+" disabled={playing || betIndex === options.length - 1} onClick={() => stepBet(1)}>
              +
            </button>
          </div>
        </div>
        <button type="button" className="hs-spin" disabled={playing} onClick={() => void play()} data-testid="slot-spin">
          {playing ? '…' : t('casino.house.spin')}
        </button>
      </div>
      {showTable ? (
        <div className="hs-paytable" data-testid="slot-paytable">
          <p className="hs-muted">{t('casino.house.wildRule')}</p>
          <p className="hs-muted">{t('casino.house.scatterRule')}</p>
          <table>
            <tbody>
              {data.paytable.map((pays, sym) =>
                sym === 1 ? (
                  <tr key={sym}>
                    <td>
                      <SlotSymbol id={sym} />
                    </td>
                    {data.scatter_pays.slice(3).map((p, i) => (
                      <td key={i}>
                        {i + 3}× {formatMoney(String(BigInt(p) * BigInt(bet ?? '0')), lang)}
                      </td>
                    ))}
                  </tr>
                ) : (
                  <tr key={sym}>
                    <td>
                      <SlotSymbol id={sym} />
                    </td>
                    {pays.map((p, i) => (
                      <td key={i}>
                        {i + 3}× {formatMoney(String(BigInt(p) * lineBet), lang)}
                      </td>
                    ))}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      <FairPanel fair={last?.fair ?? null} anchor={data.commitment.anchor} />
    </div>
  );
}
