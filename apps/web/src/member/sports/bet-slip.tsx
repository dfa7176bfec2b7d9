import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatMoney } from '../../lib/money.ts';
import { readLocal, writeLocal } from '../../lib/storage.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { CONTEXT_KEY, primeUser, useMember } from '../session.tsx';
import { LockIcon } from './odds-button.tsx';
import { fetchQuote, usePlaceSportsBet, useSlipQuote } from './queries.ts';
import { estimatedWin, totalOdds } from './odds-math.ts';
import { acceptOdds, applyOdds, EMPTY_SLIP, hasChangedOdds, parseOddsChanges, removePick, sameFixtureIds, type SlipState } from './slip-rules.ts';
import { getSlip, newRequestId, setSlip, useSlip } from './slip-store.ts';
import { showToast } from './toast.tsx';

const QUICK = [10_000, 50_000, 100_000, 500_000] as const;
const ODDS_CHANGED = 'odds_changed';
/** The player's choice to take a bet whose prices only went up without asking again (kept per browser). */
const ACCEPT_HIGHER_KEY = 'sports_accept_higher';

/** The largest stake the slip offers: held money, capped by the board's max bet (single max for one folder). */
function stakeCap(money: string | undefined, limits: { max_bet: string; single_max: string } | undefined, folders: number): string | null {
  if (money === undefined) return null;
  let cap = BigInt(money);
  if (limits) {
    const limit = BigInt(folders === 1 && limits.single_max !== '0' ? limits.single_max : limits.max_bet);
    if (limit > 0n && limit < cap) cap = limit;
  }
  return (cap < 0n ? 0n : cap).toString();
}

/**
 * The bet slip (cart with folders): a sticky right column on a desktop, a sheet that slides up
 * from the bottom on a phone (opened by the floating "slip (N)" button). One instance.
 */
export function BetSlip() {
  const { t, i18n } = useTranslation();
  const slip = useSlip();
  const { user } = useMember();
  const queryClient = useQueryClient();
  const place = usePlaceSportsBet();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [waitLeft, setWaitLeft] = useState<number | null>(null);
  const [acceptHigher, setAcceptHigher] = useState(() => readLocal(ACCEPT_HIGHER_KEY) === '1');

  const ids = slip.picks.map((p) => p.outcomeId);
  const quote = useSlipQuote(slip.board, ids);
  const limits = quote.data?.limits;
  const unavailable = new Map((quote.data?.outcomes ?? []).filter((o) => !o.available).map((o) => [o.outcome_id, o.reason]));
  const twice = sameFixtureIds(slip.picks);
  const changed = hasChangedOdds(slip);
  const inPlay = slip.picks.some((p) => p.inPlay);
  const blocked = slip.picks.some((p) => p.locked || unavailable.has(p.outcomeId));
  const odds = slip.picks.map((p) => p.odds);
  const money = (v: string | bigint) => formatMoney(v, i18n.language);
  const busy = place.isPending;

  // The quote carries the server's current odds: a folder whose price moved shows it at once.
  useEffect(() => {
    if (!quote.data || quote.isPlaceholderData) return;
    setSlip((s) => applyOdds(s, new Map(quote.data.outcomes.filter((o) => o.available).map((o) => [o.outcome_id, { odds: o.odds }]))));
  }, [quote.data, quote.isPlaceholderData]);

  // Anything the player changes clears the last refusal.
  useEffect(() => setProblem(null), [slip.picks.length, slip.stake, slip.board]);

  // In play: the server holds the bet for the delay; count it down so the wait is visible.
  useEffect(() => {
    if (waitLeft === null || waitLeft <= 0) return;
    const timer = setTimeout(() => setWaitLeft((n) => (n === null ? null : n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [waitLeft]);

  async function submit() {
    let current: SlipState = getSlip();
    const board = current.board;
    if (!board || current.picks.length === 0) return setProblem(t('sports.slip.selectGame'));
    if (!/^[1-9]\d*$/.test(current.stake)) return setProblem(t('sports.slip.amountRequired'));
    if (hasChangedOdds(current)) {
      current = acceptOdds(current);
      setSlip(current);
    }
    setProblem(null);
    setWaitLeft(current.picks.some((p) => p.inPlay) ? (limits?.inplay_delay_seconds ?? 0) : null);
    const answer = await place.mutateAsync({
      request_id: newRequestId(),
      board,
      amount: current.stake,
      selections: current.picks.map((p) => ({ outcome_id: p.outcomeId, odds: p.odds })),
      accept_higher_odds: acceptHigher,
    });
    setWaitLeft(null);
    if (answer.result) {
      const { bet } = answer.data;
      if (user) primeUser(queryClient, { ...user, money: bet.money_after });
      void queryClient.invalidateQueries({ queryKey: CONTEXT_KEY });
      setSlip({ ...EMPTY_SLIP });
      setSheetOpen(false);
      showToast(t('sports.slip.success', { amount: money(bet.amount) }));
      return;
    }
    await refused(current, answer.error);
  }

  async function refused(current: SlipState, error: ApiError) {
    if (error.code === ODDS_CHANGED && current.board) {
      // Show the new prices beside the old ones and let the player confirm them.
      const changes = parseOddsChanges(error.params?.changes);
      if (changes.size > 0) setSlip((s) => applyOdds(s, changes));
      else await refreshFromQuote(current);
      setProblem(t('sports.slip.oddsChanged'));
      return;
    }
    setProblem(errorText(error));
  }

  async function refreshFromQuote(current: SlipState) {
    if (!current.board) return;
    const ids = current.picks.map((p) => p.outcomeId);
    const fresh = await fetchQuote(queryClient, current.board, ids).catch(() => null);
    if (fresh) setSlip((s) => applyOdds(s, new Map(fresh.outcomes.map((o) => [o.outcome_id, { odds: o.odds, locked: !o.available }]))));
  }

  const count = slip.picks.length;
  return (
    <>
      <button type="button" className={count ? 'sp-slip-fab has-picks' : 'sp-slip-fab'} data-testid="slip-fab" onClick={() => setSheetOpen(true)}>
        {t('sports.slip.open', { count })}
        {count > 0 && <b className="sp-slip-fab-odds">{totalOdds(odds)}</b>}
      </button>
      {sheetOpen && <div className="sp-slip-scrim" onClick={() => setSheetOpen(false)} aria-hidden="true" />}
      <aside className={sheetOpen ? 'sp-slip is-open' : 'sp-slip'} data-testid="bet-slip" aria-label={t('sports.slip.title')}>
        <header className="sp-slip-head">
          <h2>
            {t('sports.slip.title')}
            <span className="sp-slip-count" data-testid="slip-count">
              {count}
            </span>
          </h2>
          {slip.board && <span className="sp-slip-board">{t('sports.slip.board', { board: t(`sports.boards.${slip.board}`) })}</span>}
          {count > 0 && (
            <button
              type="button"
              className="sp-link"
              data-testid="slip-clear"
              disabled={busy}
              onClick={() => setSlip((s) => ({ ...EMPTY_SLIP, stake: s.stake }))}
            >
              {t('sports.slip.clear')}
            </button>
          )}
          <button type="button" className="sp-slip-close" aria-label={t('sports.slip.close')} onClick={() => setSheetOpen(false)}>
            ×
          </button>
        </header>

        {count === 0 ? (
          <p className="sp-slip-empty" data-testid="slip-empty">
            {t('sports.slip.empty')}
          </p>
        ) : (
          <ol className="sp-slip-picks">
            {slip.picks.map((p) => {
              const reason = unavailable.get(p.outcomeId);
              return (
                <li
                  key={p.outcomeId}
                  className={p.locked || reason !== undefined ? 'sp-pick is-locked' : 'sp-pick'}
                  data-testid="slip-pick"
                  data-outcome-id={p.outcomeId}
                >
                  <div className="sp-pick-top">
                    <span className="sp-pick-teams">
                      {p.home} <i>{t('sports.vs')}</i> {p.away}
                    </span>
                    <button
                      type="button"
                      className="sp-pick-remove"
                      aria-label={t('sports.slip.remove')}
                      disabled={busy}
                      onClick={() => setSlip((s) => removePick(s, p.outcomeId))}
                    >
                      ×
                    </button>
                  </div>
                  <div className="sp-pick-market">
                    {p.inPlay && <span className="sp-tag is-live">{t('sports.slip.inPlay')}</span>}
                    {twice.has(p.fixtureId) && <span className="sp-tag is-warn">{t('sports.slip.sameFixture')}</span>}
                    {p.market}
                  </div>
                  <div className="sp-pick-line">
                    <b className="sp-pick-pick">{p.pick}</b>
                    <span className="sp-pick-odds">
                      {p.previousOdds && <s data-testid="slip-old-odds">{p.previousOdds}</s>}
                      <b className={p.previousOdds ? 'is-changed' : ''} data-testid="slip-pick-odds">
                        {p.odds}
                      </b>
                    </span>
                  </div>
                  {(p.locked || reason !== undefined) && (
                    <p className="sp-pick-note">
                      <LockIcon title={t('sports.locked')} /> {reason ? errorText({ code: reason, message: '' }) : t('sports.slip.unavailable')}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        )}

        {twice.size > 0 && <p className="sp-slip-hint">{t('sports.slip.sameFixtureHint')}</p>}

        <div className="sp-slip-sum">
          <dl className="sp-slip-facts">
            <div>
              <dt>
                {count > 1 ? t('sports.slip.combo', { count }) : t('sports.slip.single')} · {t('sports.slip.totalOdds')}
              </dt>
              <dd className="sp-total-odds" data-testid="slip-total-odds">
                {totalOdds(odds)}
              </dd>
            </div>
          </dl>
          <AmountInput
            value={slip.stake}
            onChange={(stake) => setSlip((s) => ({ ...s, stake }))}
            label={t('sports.slip.stake')}
            max={stakeCap(user?.money, limits, count)}
            quick={QUICK}
            testId="slip-stake"
            disabled={busy}
            hint={
              limits
                ? t('sports.slip.limits', {
                    min: money(limits.min_bet),
                    max: money(count === 1 && limits.single_max !== '0' ? limits.single_max : limits.max_bet),
                  })
                : undefined
            }
          />
          <dl className="sp-slip-facts">
            <div className="is-win">
              <dt>{t('sports.slip.estimated')}</dt>
              <dd data-testid="slip-estimated">{money(estimatedWin(slip.stake, odds))}</dd>
            </div>
          </dl>
          {blocked && <p className="sp-slip-hint is-error">{t('sports.slip.lockedHint')}</p>}
          {problem && (
            <p className={changed ? 'sp-slip-problem is-changed' : 'sp-slip-problem'} role="alert" data-testid="slip-problem">
              {problem}
            </p>
          )}
          {waitLeft !== null && busy && inPlay && (
            <p className="sp-slip-wait" data-testid="slip-waiting">
              <span className="ui-spinner" aria-hidden="true" /> {t('sports.slip.waiting', { seconds: Math.max(0, waitLeft) })}
            </p>
          )}
          <label className="sp-accept-higher">
            <input
              type="checkbox"
              checked={acceptHigher}
              data-testid="slip-accept-higher"
              onChange={(e) => {
                setAcceptHigher(e.target.checked);
                writeLocal(ACCEPT_HIGHER_KEY, e.target.checked ? '1' : '0');
              }}
            />
            {t('sports.slip.acceptHigher')}
          </label>
          <button
            type="button"
            className={changed ? 'ui-btn ui-btn-primary sp-place is-confirm' : 'ui-btn ui-btn-primary sp-place'}
            data-testid={changed ? 'slip-accept' : 'slip-place'}
            disabled={busy || count === 0 || blocked}
            onClick={() => void submit()}
          >
            {busy ? t('sports.slip.placing') : changed ? t('sports.slip.acceptAndPlace') : t('sports.slip.place')}
          </button>
        </div>
      </aside>
    </>
  );
}
