import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinigameMarket } from '@wager/contracts';
import { marketLabel, pickLabel, pickTone } from './labels.ts';

export type Selection = { market: string; pick: string; odds: string };

type Props = {
  markets: MinigameMarket[];
  selected: Selection | null;
  onSelect: (s: Selection | null) => void;
  disabled: boolean;
};

/** Market boards: single and combination tabs, one button per pick with its odds. */
export function MarketBoard({ markets, selected, onSelect, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const kinds = (['single', 'combo'] as const).filter((k) => markets.some((m) => m.kind === k));
  const [kind, setKind] = useState<'single' | 'combo'>(kinds[0] ?? 'single');
  const shown = markets.filter((m) => m.kind === kind);

  return (
    <section className={`mg-markets${disabled ? ' is-disabled' : ''}`} data-testid="mg-markets" aria-disabled={disabled}>
      {kinds.length > 1 && (
        <div className="mg-kind-tabs" role="tablist">
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={kind === k}
              className={kind === k ? 'mg-kind is-on' : 'mg-kind'}
              data-testid={`mg-kind-${k}`}
              onClick={() => setKind(k)}
            >
              {t(`minigames.kind.${k}`)}
            </button>
          ))}
        </div>
      )}
      <div className="mg-market-list">
        {shown.map((m) => (
          <div key={m.key} className="mg-market" data-testid="mg-market" data-market={m.key}>
            <h3 className="mg-market-name">{marketLabel(t, i18n, m.key)}</h3>
            <div className={`mg-picks is-n${Math.min(m.picks.length, 4)}`}>
              {m.picks.map((p) => {
                const on = selected?.market === m.key && selected.pick === p.key;
                return (
                  <button
                    key={p.key}
                    type="button"
                    className={`mg-pick ${pickTone(p.key)}${on ? ' is-on' : ''}`}
                    aria-pressed={on}
                    disabled={disabled}
                    data-testid={`mg-pick-${m.key}-${p.key}`}
                    onClick={() => onSelect(on ? null : { market: m.key, pick: p.key, odds: p.odds })}
                  >
                    <span className="mg-pick-name">{pickLabel(t, i18n, p.key)}</span>
                    <span className="mg-pick-odds">{p.odds}</span>
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
