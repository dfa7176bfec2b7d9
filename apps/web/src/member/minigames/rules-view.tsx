import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MinigameInfo } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import { marketLabel, pickLabel, ruleText } from './labels.ts';

/** A game's rules as the server defines them: the rule text, the schedule, every market with its odds and the limits. */
export function RulesView({ info }: { info: MinigameInfo }) {
  const { t, i18n } = useTranslation();
  const money = (v: string) => formatMoney(v, i18n.language);
  return (
    <div className="mg-rules" data-testid="mg-rules">
      <ul className="mg-rule-list">
        {info.rule_keys.map((k) => (
          <li key={k}>{ruleText(t, i18n, k)}</li>
        ))}
        <li>
          {info.interval_seconds % 60 === 0
            ? t('minigames.rules.scheduleMinutes', { minutes: info.interval_seconds / 60, closing: info.closing_seconds })
            : t('minigames.rules.schedule', { interval: info.interval_seconds, closing: info.closing_seconds })}
        </li>
        {info.cancel_allowed && <li>{t('minigames.rules.cancel', { seconds: info.cancel_seconds })}</li>}
        {info.limits && (
          <li>{t('minigames.rules.limits', { min: money(info.limits.min_bet), max: money(info.limits.max_bet), win: money(info.limits.max_win) })}</li>
        )}
        {info.round_max_bet && <li>{t('minigames.rules.roundMaxBet', { amount: money(info.round_max_bet) })}</li>}
        {info.round_max_win && <li>{t('minigames.rules.roundMaxWin', { amount: money(info.round_max_win) })}</li>}
        <li>
          <Link to={`/fair/verify?game=${info.key}`} className="mg-rules-verify" data-testid="mg-rules-verify">
            {t('minigames.rules.verify')}
          </Link>
        </li>
      </ul>
      <div className="mg-table-wrap">
        <table className="mg-table mg-odds-table">
          <thead>
            <tr>
              <th>{t('minigames.rules.market')}</th>
              <th>{t('minigames.rules.kind')}</th>
              <th>{t('minigames.rules.picks')}</th>
            </tr>
          </thead>
          <tbody>
            {info.markets.map((m) => (
              <tr key={m.key}>
                <td>{marketLabel(t, i18n, m.key)}</td>
                <td>{t(`minigames.kind.${m.kind}`)}</td>
                <td>
                  <span className="mg-chips">
                    {m.picks.map((p) => (
                      <span key={p.key} className="mg-chip">
                        {pickLabel(t, i18n, p.key)} <b className="mg-num">{p.odds}</b>
                      </span>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
