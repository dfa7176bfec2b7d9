import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
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
  return (
    <BackofficePage
      title={t('adminSports.liability.title')}
      testId="admin-sports-liability"
      className="sa-page"
      filters={
        <Filters>
          <input
            className="ui-input ad-search"
            inputMode="numeric"
            placeholder={t('adminSports.liability.fixture')}
            value={fixture}
            onChange={(e) => setFixture(e.target.value)}
          />
        </Filters>
      }
    >
      <p className="ad-note">{t('adminSports.liability.intro')}</p>
      <QueryState query={query}>
        {(d) => (
          <>
            <p className="ad-panel strong" data-testid="sa-liability-totals">
              {t('adminSports.liability.totals', {
                bets: d.totals.bets,
                stakes: formatMoney(d.totals.stakes, lang),
                payout: formatMoney(d.totals.payout, lang),
              })}
            </p>
            <div className="sa-two">
              <div>
                <h3 className="sa-h3">{t('adminSports.liability.outcomes')}</h3>
                <div className="ad-table-wrap">
                  <DataTable
                    className="ad-ops-dense"
                    rows={d.outcomes}
                    rowKey={(_, i) => i}
                    rowProps={() => ({ 'data-testid': 'sa-liability-row' })}
                    columns={[
                      {
                        id: 'match',
                        header: t('adminSports.results.cols.match'),
                        cell: (o) => (
                          <>
                            <span className="strong">#{o.fixture_id}</span> {o.fixture}
                            <div className="ad-muted">
                              {formatDateTime(o.starts_at)} · {labelOf(t, i18n, 'status', o.status)}
                            </div>
                          </>
                        ),
                      },
                      {
                        id: 'market',
                        header: t('adminSports.results.markets.market'),
                        cell: (o) => (
                          <>
                            {labelOf(t, i18n, 'marketKind', o.market)}
                            <span className="ad-muted">
                              {' '}
                              {o.period !== 'ft' ? o.period : ''} {o.line ?? ''}
                            </span>
                          </>
                        ),
                      },
                      { id: 'outcome', header: t('adminSports.results.markets.outcome'), cell: (o) => labelOf(t, i18n, 'outcome', o.code) },
                      { id: 'odds', header: t('adminSports.results.markets.odds'), headClassName: 'num', className: 'num', cell: (o) => o.odds },
                      { id: 'bets', header: t('adminSports.results.cols.bets'), headClassName: 'num', className: 'num', cell: (o) => o.bets },
                      {
                        id: 'stakes',
                        header: t('adminSports.results.cols.stakes'),
                        headClassName: 'num',
                        className: 'num',
                        cell: (o) => formatMoney(o.stakes, lang),
                      },
                      {
                        id: 'payout',
                        header: t('adminSports.liability.payout'),
                        headClassName: 'num',
                        className: 'num strong',
                        cell: (o) => formatMoney(o.payout, lang),
                      },
                    ]}
                  />
                </div>
              </div>
              <div>
                <h3 className="sa-h3">{t('adminSports.liability.bettors')}</h3>
                <div className="ad-table-wrap">
                  <DataTable
                    className="ad-ops-dense"
                    rows={d.bettors}
                    rowKey={(b) => b.user_id}
                    columns={[
                      { id: 'member', header: t('adminSports.highBets.cols.member'), cell: (b) => b.account },
                      { id: 'bets', header: t('adminSports.results.cols.bets'), headClassName: 'num', className: 'num', cell: (b) => b.bets },
                      {
                        id: 'stakes',
                        header: t('adminSports.results.cols.stakes'),
                        headClassName: 'num',
                        className: 'num',
                        cell: (b) => formatMoney(b.stakes, lang),
                      },
                      {
                        id: 'payout',
                        header: t('adminSports.liability.payout'),
                        headClassName: 'num',
                        className: 'num strong',
                        cell: (b) => formatMoney(b.payout, lang),
                      },
                    ]}
                  />
                </div>
              </div>
            </div>
          </>
        )}
      </QueryState>
    </BackofficePage>
  );
}
