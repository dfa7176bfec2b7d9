import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/money.ts';

/**
 * The game window's top bar: title, balance from the wallet, close. A popup closes itself; on a
 * phone the game took the lobby's tab, so close goes back to that lobby.
 */
export function HouseBar({ title, balance, extra, lobby }: { title: string; balance: string; extra?: string; lobby: '/game/slot' | '/game/casino' }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const close = () => {
    if (window.opener) window.close();
    else void navigate(lobby);
  };
  return (
    <header className="hs-bar">
      <h1>{title}</h1>
      {extra ? <span className="hs-muted hs-extra">{extra}</span> : null}
      <span className="hs-balance">
        <span className="hs-muted">{t('casino.house.balance')}</span>
        <strong data-testid="house-balance">{formatMoney(balance, i18n.language)}</strong>
      </span>
      <button type="button" className="hs-btn hs-btn-ghost" onClick={close} data-testid="house-close">
        {t('casino.house.close')}
      </button>
    </header>
  );
}

/** Shown without a launch token, or when the wallet refused the token. */
export function NoLaunch({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="hs-page hs-empty" data-testid="house-no-launch">
      <p>{message ?? t('casino.house.noToken')}</p>
    </div>
  );
}
