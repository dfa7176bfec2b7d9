import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../ui/icons.tsx';

/** Spec §2 mobile footer: deposit, withdraw, home, event, customer centre; current one highlighted. */
export function FooterMenu() {
  const { t } = useTranslation();
  const items: { to: string; label: string; icon: IconName; end?: boolean }[] = [
    { to: '/board/money-deposit', label: t('member.nav.deposit'), icon: 'deposit' },
    { to: '/board/money-withdraw', label: t('member.nav.withdraw'), icon: 'withdraw' },
    { to: '/', label: t('member.nav.home'), icon: 'home', end: true },
    { to: '/board/event', label: t('member.nav.event'), icon: 'gift' },
    { to: '/board/customer', label: t('member.nav.customer'), icon: 'headset' },
  ];
  return (
    <nav className="m-footer" data-testid="footer-menu">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className="m-footer-link">
          <Icon name={item.icon} size={20} />
          <span>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
