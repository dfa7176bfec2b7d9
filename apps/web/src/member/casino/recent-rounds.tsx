import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { useMember } from '../session.tsx';
import { useCasinoHistory, type ProductType } from './queries.ts';

/** The member's latest rounds of this kind today, every wallet mode (vendor, game, bet, win, balance before → after). */
export function RecentRounds({ type }: { type: ProductType }) {
  const { t, i18n } = useTranslation();
  const { isLoggedIn } = useMember();
  const q = useCasinoHistory({ game_type: type, skip: 0 });
  if (!isLoggedIn || !q.data || q.data.rows.length === 0) return null;
  const m = (v: string) => formatMoney(v, i18n.language);
  return (
    <section className="m-card cz-recent" data-testid="casino-recent">
      <header className="m-card-head">
        <h2>{t('casino.lobby.recent')}</h2>
        <span className="cz-totals">{t('casino.lobby.totals', { bet: m(q.data.totals.amount), win: m(q.data.totals.win_amount) })}</span>
      </header>
      <div className="cz-table-wrap">
        <table className="cz-table">
          <thead>
            <tr>
              <th>{t('casino.history.time')}</th>
              <th>{t('casino.history.game')}</th>
              <th>{t('casino.history.round')}</th>
              <th className="num">{t('casino.history.bet')}</th>
              <th className="num">{t('casino.history.win')}</th>
              <th className="num">{t('casino.history.balance')}</th>
              <th>{t('casino.history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.rows.map((r) => (
              <tr key={r.id}>
                <td>{new Date(r.created_at).toLocaleTimeString(i18n.language)}</td>
                <td>
                  {r.vendor} · {r.game}
                </td>
                <td className="cz-round">{r.round}</td>
                <td className="num">{m(r.amount)}</td>
                <td className="num">{m(r.win_amount)}</td>
                <td className="num">
                  {m(r.balance_before)} → {m(r.balance_after)}
                </td>
                <td>{t(`casino.history.statuses.${r.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
