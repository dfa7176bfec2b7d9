import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { PlayerLoginInfo } from '@wager/contracts';
import { formatMoney, formatPoints, formatUnits } from '../../lib/money.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { useMember } from '../session.tsx';
import './money.css';

/** The money screens as one set of tabs; casino balance is left out for seamless wallets (spec §2). */
export function MoneyTabs() {
  const { t } = useTranslation();
  const { context } = useMember();
  const tabs: { to: string; label: string; icon: IconName }[] = [
    { to: '/board/money-deposit', label: t('money.tabs.deposit'), icon: 'deposit' },
    { to: '/board/money-withdraw', label: t('money.tabs.withdraw'), icon: 'withdraw' },
    { to: '/board/point', label: t('money.tabs.point'), icon: 'coin' },
  ];
  if (context && !context.is_seamless) tabs.push({ to: '/board/casino-balance', label: t('money.tabs.casino'), icon: 'casino' });
  tabs.push({ to: '/board/statement', label: t('protectionReports.statement.tab'), icon: 'board' });
  tabs.push({ to: '/board/limits', label: t('money.tabs.limits'), icon: 'shield' });
  return (
    <nav className="mn-tabs" data-testid="money-tabs">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="mn-tab">
          <Icon name={tab.icon} size={15} />
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

type WalletKey = 'money' | 'point' | 'balance' | 'egg';

/** The balances a money screen works with, straight from the login info the header shows. */
export function WalletStrip({ show }: { show: WalletKey[] }) {
  const { t, i18n } = useTranslation();
  const { user } = useMember();
  const value = (key: WalletKey, u: PlayerLoginInfo) =>
    key === 'point' ? formatPoints(u.point, i18n.language) : key === 'egg' ? formatUnits(u.egg, i18n.language) : formatMoney(u[key], i18n.language);
  if (!user) return null;
  return (
    <dl className="mn-wallet">
      {show.map((key) => (
        <div key={key} className={`mn-wallet-item is-${key}`}>
          <dt>{t(`money.wallet.${key}`)}</dt>
          <dd data-testid={`wallet-${key}`}>{value(key, user)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Title row shared by the money screens. */
export function MoneyHead({ title }: { title: string }) {
  return (
    <header className="mn-head">
      <h1 className="ui-page-title">{title}</h1>
      <MoneyTabs />
    </header>
  );
}
