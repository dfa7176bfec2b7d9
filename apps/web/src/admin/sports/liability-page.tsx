import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { EmptyRow, Loading } from '../../ui/states.tsx';
import { queryErrorText } from '../ops/shared.tsx';
import { labelOf } from './labels.ts';
import { useLiability } from './queries.ts';
import './sports-admin.css';

/** Live liability: open exposure per outcome (stakes and potential payouts) and the biggest bettors. */
export function SportsLiabilityPage() {
  const { t, i18n } = useTranslation();
  const [fixture, setFixture] = useState('');
  const id = /^\d+$/.test(fixture) ? Number(fixture) : undefined;
  const query = useLiability(id);
  const lang = i18n.language;
  const d = query.data;
  return (
    <section className="ad-page sa-page" data-testid="admin-sports-liability">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminSports.liability.title')}</h1>
        <div className="ad-filters">
          <input
            className="ui-input ad-search"
            inputMode="numeric"
            placeholder={t('adminSports.liability.fixture')}
            value={fixture}
            onChange={(e) => setFixture(e.target.value)}
          />
        </div>
      </div>
      <p className="ad-note">{t('adminSports.liability.intro')}</p>
      {query.isPending ? (
        <Loading />
      ) : query.isError || !d ? (
        <p className="ad-error">{queryErrorText(query.error)}</p>
      ) : (
        <>
          <p className="ad-panel strong" data-testid="sa-liability-totals">
            {t('adminSports.liability.totals', { bets: d.totals.bets, stakes: formatMoney(d.totals.stakes, lang), payout: formatMoney(d.totals.payout, lang) })}
          </p>
          <div className="sa-two">
            <div>
              <h3 className="sa-h3">{t('adminSports.liability.outcomes')}</h3>
              <div className="ad-table-wrap">
                <table className="ad-table ad-ops-dense">
                  <thead>
                    <tr>
                      <th>{t('adminSports.results.cols.match')}</th>
                      <th>{t('adminSports.results.markets.market')}</th>
                      <th>{t('adminSports.results.markets.outcome')}</th>
                      <th className="num">{t('adminSports.results.markets.odds')}</th>
                      <th className="num">{t('adminSports.results.cols.bets')}</th>
                      <th className="num">{t('adminSports.results.cols.stakes')}</th>
                      <th className="num">{t('adminSports.liability.payout')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.outcomes.length === 0 && <EmptyRow colSpan={7} />}
                    {d.outcomes.map((o, i) => (
                      <tr key={i} data-testid="sa-liability-row">
                        <td>
                          <span className="strong">#{o.fixture_id}</span> {o.fixture}
                          <div className="ad-muted">
                            {formatDateTime(o.starts_at)} · {labelOf(t, i18n, 'status', o.status)}
                          </div>
                        </td>
                        <td>
                          {labelOf(t, i18n, 'marketKind', o.market)}
                          <span className="ad-muted">
                            {' '}
                            {o.period !== 'ft' ? o.period : ''} {o.line ?? ''}
                          </span>
                        </td>
                        <td className="mono">{o.code}</td>
                        <td className="num">{o.odds}</td>
                        <td className="num">{o.bets}</td>
                        <td className="num">{formatMoney(o.stakes, lang)}</td>
                        <td className="num strong">{formatMoney(o.payout, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
            <div>
              <h3 className="sa-h3">{t('adminSports.liability.bettors')}</h3>
              <div className="ad-table-wrap">
                <table className="ad-table ad-ops-dense">
                  <thead>
                    <tr>
                      <th>{t('adminSports.highBets.cols.member')}</th>
                      <th className="num">{t('adminSports.results.cols.bets')}</th>
                      <th className="num">{t('adminSports.results.cols.stakes')}</th>
                      <th className="num">{t('adminSports.liability.payout')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.bettors.length === 0 && <EmptyRow colSpan={4} />}
                    {d.bettors.map((b) => (
                      <tr key={b.user_id}>
                        <td>{b.account}</td>
                        <td className="num">{b.bets}</td>
                        <td className="num">{formatMoney(b.stakes, lang)}</td>
                        <td className="num strong">{formatMoney(b.payout, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
