import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../lib/money.ts';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { idParam } from '../detail/popup.ts';
import { useCasinoRound } from '../detail/queries.ts';
import '../detail/detail.css';
import { formatDateTime } from '../../lib/date.ts';

/**
 * /pa-casino-detail?id= (spec §2, a popup without the shell): one casino or slot round of the
 * agent's subtree as the casino wallet recorded it, and the bet it placed with its settlement.
 * The page has no login guard of its own; the read still needs the agent's session and subtree.
 */
export function PartnerCasinoDetailPage() {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const id = idParam(search);
  const q = useCasinoRound(id);
  const m = (v: string) => formatMoney(v, i18n.language);
  const when = (v: string | null) => (v ? formatDateTime(v) : '-');
  return (
    <BackofficePage title={t('partnerDetail.casinoDetail.title')} testId="pa-casino-detail">
      {id === null ? (
        <p className="pa-error">{t('partnerDetail.missingId')}</p>
      ) : (
        <QueryState query={q}>
          {({ round, bet }) => (
            <>
              <h2 className="pa-title">{t('partnerDetail.casinoDetail.round')}</h2>
              <table className="pa-table pa-table-kv pa-detail-kv" data-testid="pa-casino-round-detail">
                <tbody>
                  <tr>
                    <th>{t('casino.history.account')}</th>
                    <td>{round.account}</td>
                    <th>{t('partnerDetail.casinoDetail.vendor')}</th>
                    <td>{round.vendor}</td>
                  </tr>
                  <tr>
                    <th>{t('casino.history.game')}</th>
                    <td>{round.game}</td>
                    <th>{t('casino.history.round')}</th>
                    <td className="mono">{round.round}</td>
                  </tr>
                  <tr>
                    <th>{t('casino.history.bet')}</th>
                    <td>{m(round.amount)}</td>
                    <th>{t('casino.history.win')}</th>
                    <td>{m(round.win_amount)}</td>
                  </tr>
                  <tr>
                    <th>{t('casino.history.balance')}</th>
                    <td>{`${m(round.balance_before)} → ${m(round.balance_after)}`}</td>
                    <th>{t('partnerDetail.casinoDetail.wallet')}</th>
                    <td>{t(`partnerDetail.casinoDetail.wallets.${round.wallet}`)}</td>
                  </tr>
                  <tr>
                    <th>{t('casino.history.time')}</th>
                    <td>{when(round.created_at)}</td>
                    <th>{t('partnerDetail.casinoDetail.settledAt')}</th>
                    <td>{when(round.settled_at)}</td>
                  </tr>
                  <tr>
                    <th>{t('casino.history.status')}</th>
                    <td colSpan={3}>{t(`casino.history.statuses.${round.status}`)}</td>
                  </tr>
                </tbody>
              </table>
              <h2 className="pa-title">{t('partnerDetail.casinoDetail.bet')}</h2>
              {bet ? (
                <table className="pa-table pa-table-kv pa-detail-kv" data-testid="pa-casino-bet-detail">
                  <tbody>
                    <tr>
                      <th>{t('partnerDetail.bets.id')}</th>
                      <td>{bet.id}</td>
                      <th>{t('partnerDetail.bets.status')}</th>
                      <td>{t(`betting.statuses.${bet.status}`)}</td>
                    </tr>
                    <tr>
                      <th>{t('partnerDetail.bets.amount')}</th>
                      <td>{m(bet.amount)}</td>
                      <th>{t('partnerDetail.bets.win')}</th>
                      <td>{m(bet.win_amount)}</td>
                    </tr>
                  </tbody>
                </table>
              ) : (
                <p className="pa-note">{t('partnerDetail.casinoDetail.noBet')}</p>
              )}
            </>
          )}
        </QueryState>
      )}
    </BackofficePage>
  );
}
