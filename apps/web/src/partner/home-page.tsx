import { useTranslation } from 'react-i18next';
import { formatMoney, formatPoints } from '../lib/money.ts';
import { Loading } from '../ui/states.tsx';
import { useAgent } from './agent-session.tsx';
import { roleLabel } from './role-label.ts';

/** /pa: who is logged in and what they hold (from getAgentInfo, refreshed every 5 s). */
export function PartnerHomePage() {
  const { t, i18n } = useTranslation();
  const { agent } = useAgent();
  if (!agent) return <Loading />;
  return (
    <section className="pa-page" data-testid="pa-home">
      <h1 className="pa-page-title">{t('partner.welcome', { nickname: agent.nickname })}</h1>
      <div className="pa-stat-grid">
        <div className="pa-stat">
          <span>{t('partner.nickname')}</span>
          <strong data-testid="pa-nickname">{agent.nickname}</strong>
        </div>
        <div className="pa-stat">
          <span>{t('partner.role')}</span>
          <strong data-testid="pa-role">{roleLabel(t, agent.role)}</strong>
        </div>
        <div className="pa-stat">
          <span>{t('partner.money')}</span>
          <strong data-testid="pa-money">{formatMoney(agent.money, i18n.language)}</strong>
        </div>
        <div className="pa-stat">
          <span>{t('partner.point')}</span>
          <strong data-testid="pa-point">{formatPoints(agent.point, i18n.language)}</strong>
        </div>
      </div>
      <table className="pa-table pa-table-kv">
        <tbody>
          <tr>
            <th>{t('partner.account')}</th>
            <td>{agent.account}</td>
            <th>{t('partner.newMessages')}</th>
            <td>{agent.new_message_total}</td>
          </tr>
          <tr>
            <th>{t('partner.bank')}</th>
            <td colSpan={3}>{agent.bank_name ? `${agent.bank_name} ${agent.bank_account ?? ''} ${agent.bank_account_holder ?? ''}` : t('partner.noBank')}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
