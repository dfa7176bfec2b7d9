import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinigameInfo, MinigameKey } from '@wager/contracts';
import { marketLabel, pickLabel, pickTone } from './labels.ts';
import { useStats } from './queries.ts';
import { summarizeStreaks } from './streaks.ts';

const ROUNDS = [50, 100, 200] as const;
/** A column taller than this folds its rest into a "+n" mark, so one long run does not stretch the chart. */
const MAX_ROWS = 12;

/**
 * The pattern chart of Korean powerball stat sites: one column per run of the same result, a
 * circle per round, newest column on the right; counts, longest runs and the run still going below.
 */
export function StreakBoard({ game, info }: { game: MinigameKey; info: MinigameInfo }) {
  const { t, i18n } = useTranslation();
  const [rounds, setRounds] = useState<number>(100);
  const query = useStats(game, rounds);
  // The server names the markets players chart (odd/even, under/over, sizes …) and their runs.
  const statMarkets = query.data?.markets ?? [];
  const [marketKey, setMarketKey] = useState<string | null>(null);
  const stat = statMarkets.find((m) => m.market === marketKey) ?? statMarkets[0];
  const market = info.markets.find((m) => m.key === stat?.market);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [stat]);

  if (query.isPending) return <p className="mg-empty">{t('minigames.loading')}</p>;
  if (!stat) return <p className="mg-empty">{t('minigames.stats.none')}</p>;
  // The market's picks, plus outcomes that are no pick (a roulette zero, a marukhan triple).
  const values = [...new Set([...(market?.picks.map((p) => p.key) ?? []), ...Object.keys(stat.counts)])];
  const columns = stat.columns.map((c) => ({ value: c.pick, rounds: c.day_numbers.map(String) }));
  const summary = summarizeStreaks(values, columns);

  return (
    <div className="mg-stats" data-testid="mg-stats">
      <div className="mg-stats-bar">
        <div className="mg-seg" role="tablist">
          {statMarkets.map((m) => (
            <button
              key={m.market}
              type="button"
              role="tab"
              aria-selected={m.market === stat.market}
              className={m.market === stat.market ? 'mg-seg-btn is-on' : 'mg-seg-btn'}
              data-testid={`mg-stat-market-${m.market}`}
              onClick={() => setMarketKey(m.market)}
            >
              {marketLabel(t, i18n, m.market)}
            </button>
          ))}
        </div>
        <select className="ui-input mg-select" value={rounds} onChange={(e) => setRounds(Number(e.target.value))} aria-label={t('minigames.stats.rounds')}>
          {ROUNDS.map((n) => (
            <option key={n} value={n}>
              {t('minigames.stats.lastRounds', { n })}
            </option>
          ))}
        </select>
      </div>
      <div className="mg-streak-scroll" ref={scroller}>
        {columns.length === 0 ? (
          <p className="mg-empty">{t('minigames.stats.empty')}</p>
        ) : (
          <div className="mg-streak" data-testid="mg-streak">
            {columns.map((c, i) => (
              <div key={i} className="mg-streak-col" data-testid="mg-streak-col" data-pick={c.value} data-count={c.rounds.length}>
                {c.rounds.slice(0, MAX_ROWS).map((r) => (
                  <span key={r} className={`mg-bead ${pickTone(c.value)}`} title={t('minigames.round', { n: r })}>
                    {pickLabel(t, i18n, c.value).slice(0, 1)}
                  </span>
                ))}
                {c.rounds.length > MAX_ROWS && <span className="mg-bead-more">+{c.rounds.length - MAX_ROWS}</span>}
              </div>
            ))}
          </div>
        )}
      </div>
      <dl className="mg-stat-sum" data-testid="mg-stat-sum">
        {values.map((v) => (
          <div key={v} className={`mg-stat ${pickTone(v)}`}>
            <dt>{pickLabel(t, i18n, v)}</dt>
            <dd>
              {t('minigames.stats.count', { n: stat.counts[v] ?? 0 })}
              <small>{t('minigames.stats.longest', { n: summary.longest[v] })}</small>
            </dd>
          </div>
        ))}
        {summary.current && (
          <div className="mg-stat is-current">
            <dt>{t('minigames.stats.current')}</dt>
            <dd>
              {pickLabel(t, i18n, summary.current.value)} {t('minigames.stats.run', { n: summary.current.length })}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
