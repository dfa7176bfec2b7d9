import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney, formatPoints, formatUnits } from '../../lib/money.ts';
import { showConfirm } from '../../ui/dialog.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { LanguageSelect } from '../../ui/language-select.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useMember } from '../session.tsx';
import { hasPartnerLink } from '../shell-rules.ts';
import { EggModal } from './egg-modal.tsx';
import { PasswordChange } from './password-change.tsx';
import { moneyModal, useMoneyModal } from './profile-store.ts';
import { LIMIT_KEYS, usePlayLimits } from './use-limits.ts';
import './money.css';

/**
 * Renders whichever money modal is open. The header mounts it once for the whole member site;
 * a portal takes it out of the sticky header's stacking layer so nothing paints over it.
 */
export function MoneyModalHost() {
  const modal = useMoneyModal();
  const { isLoggedIn } = useMember();
  if (!isLoggedIn || !modal) return null;
  return createPortal(modal === 'egg' ? <EggModal onClose={moneyModal.close} /> : <ProfileModal onClose={moneyModal.close} />, document.body);
}

/** Spec §2 profile modal: who, balances, shortcuts, language, responsible play, logout. */
function ProfileModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { context, user } = useMember();
  if (!user) return null;
  const seamless = Boolean(context?.is_seamless);
  const links: { to: string; label: string; icon: IconName; badge?: number; testId: string }[] = [
    { to: '/board/message', label: t('money.profile.messages'), icon: 'mail', badge: user.unread_message_total, testId: 'profile-messages' },
    { to: '/board/money-deposit', label: t('money.tabs.deposit'), icon: 'deposit', testId: 'profile-deposit' },
    { to: '/board/money-withdraw', label: t('money.tabs.withdraw'), icon: 'withdraw', testId: 'profile-withdraw' },
    { to: '/board/point', label: t('money.profile.pointConversion'), icon: 'coin', testId: 'profile-point' },
  ];
  if (!seamless) links.push({ to: '/board/casino-balance', label: t('money.tabs.casino'), icon: 'casino', testId: 'profile-casino' });

  async function logout() {
    if (!(await showConfirm(t('auth.logoutConfirm')))) return;
    onClose();
    await navigate('/logout');
  }

  return (
    <Modal title={t('money.profile.title')} onClose={onClose} testId="profile-modal" wide>
      <div className="mn-profile">
        <div className="mn-profile-who">
          <span className="m-level" data-testid="profile-level">
            {t('member.header.level', { level: user.level })}
          </span>
          <b className="mn-profile-name" data-testid="profile-nickname">
            {user.nickname}
          </b>
          <span className="mn-muted mn-profile-account">{user.account}</span>
        </div>
        <dl className="mn-wallet mn-profile-wallet">
          <div className="mn-wallet-item is-money">
            <dt>{t('money.wallet.gameMoney')}</dt>
            <dd data-testid="profile-money">{formatMoney(user.money, i18n.language)}</dd>
          </div>
          <div className="mn-wallet-item is-point">
            <dt>{t('money.wallet.point')}</dt>
            <dd data-testid="profile-point-balance">{formatPoints(user.point, i18n.language)}</dd>
          </div>
          {!seamless && (
            <div className="mn-wallet-item is-balance">
              <dt>{t('money.wallet.balance')}</dt>
              <dd data-testid="profile-casino-balance">{formatMoney(user.balance, i18n.language)}</dd>
            </div>
          )}
          <div className="mn-wallet-item is-egg">
            <dt>{t('money.wallet.egg')}</dt>
            <dd data-testid="profile-egg">{formatUnits(user.egg, i18n.language)}</dd>
          </div>
        </dl>
        <nav className="mn-profile-links">
          {links.map((l) => (
            <Link key={l.to} to={l.to} className="mn-profile-link" data-testid={l.testId} onClick={onClose}>
              <Icon name={l.icon} size={17} />
              <span>{l.label}</span>
              {l.badge ? <em className="mn-count">{l.badge}</em> : null}
            </Link>
          ))}
          <button type="button" className="mn-profile-link" data-testid="profile-egg-open" onClick={moneyModal.openEgg}>
            <Icon name="dice" size={17} />
            <span>{t('money.egg.title')}</span>
          </button>
          {hasPartnerLink(user) && (
            <a className="mn-profile-link is-partner" href="/pa" target="_blank" rel="noopener" data-testid="profile-partner">
              <Icon name="external" size={17} />
              <span>{t('member.header.partnerPage')}</span>
            </a>
          )}
        </nav>
        <div className="mn-profile-row">
          <span className="ui-field-label">{t('common.language')}</span>
          <LanguageSelect />
        </div>
        <ResponsiblePlaySummary onClose={onClose} />
        <PasswordChange />
        <button type="button" className="ui-btn ui-btn-block" data-testid="profile-logout" onClick={logout}>
          <Icon name="logout" size={16} />
          {t('auth.logout')}
        </button>
      </div>
    </Modal>
  );
}

/** The player's own limits at a glance, with the way to change them or to take a break. */
function ResponsiblePlaySummary({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const limits = usePlayLimits();
  return (
    <section className="mn-profile-rg" data-testid="profile-responsible">
      <h3>
        <Icon name="shield" size={16} />
        {t('money.limits.title')}
      </h3>
      <dl className="mn-rg-mini">
        {LIMIT_KEYS.map((key) => (
          <div key={key}>
            <dt>{t(`money.limits.${key}`)}</dt>
            <dd>{limits.data ? (limits.data[key] === null ? t('money.limits.none') : formatMoney(limits.data[key], i18n.language)) : '…'}</dd>
          </div>
        ))}
      </dl>
      {limits.data?.pending && <p className="mn-hint">{t('money.limits.pendingShort')}</p>}
      <Link to="/board/limits" className="ui-btn ui-btn-block" data-testid="profile-limits" onClick={onClose}>
        {t('money.profile.limitsLink')}
      </Link>
    </section>
  );
}
