import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../ui/icons.tsx';
import { useAgent } from './agent-session.tsx';
import { MENU } from './menu.ts';
import { readMenuMap, writeMenuMap, type MenuMap } from './preferences.ts';
import { roleLabel } from './role-label.ts';
import { useAgentRoles } from './queries.ts';

const MAX_LISTED_PROPIRTY = 5;

/**
 * Spec §2 side menu: groups keep their open state per browser session (menuMap), clicking the
 * page you are on reloads it, and the member list by role shows roles with propirty ≤ 5.
 */
export function SideMenu({ narrow, onExpand }: { narrow: boolean; onExpand: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { agent, context } = useAgent();
  const [openMap, setOpenMap] = useState<MenuMap>(readMenuMap);
  const roles = useAgentRoles();
  const listedRoles = (roles.data?.roles ?? []).filter((r) => r.propirty <= MAX_LISTED_PROPIRTY);

  const toggle = (key: string) => {
    const next = { ...openMap, [key]: !(openMap[key] ?? true) };
    setOpenMap(next);
    writeMenuMap(next);
  };

  const isCurrent = (to: string) => (to.includes('?') ? to === pathname + search : to === pathname);
  const reloadIfCurrent = (to: string) => (e: MouseEvent) => {
    if (isCurrent(to)) {
      e.preventDefault();
      window.location.reload();
    }
  };

  const link = (to: string, label: string, testId?: string) => (
    <Link key={to} to={to} data-testid={testId} className={isCurrent(to) ? 'pa-menu-link is-current' : 'pa-menu-link'} onClick={reloadIfCurrent(to)}>
      {label}
    </Link>
  );

  return (
    <nav className={narrow ? 'pa-menu is-narrow' : 'pa-menu'} data-testid="pa-side-menu">
      <Link to="/pa" className={pathname === '/pa' ? 'pa-menu-home is-current' : 'pa-menu-home'} onClick={reloadIfCurrent('/pa')}>
        <Icon name="home" />
        {!narrow && <span>{t('partner.menu.home')}</span>}
      </Link>
      {MENU.map((group) => {
        const links = group.links.filter((l) => !l.visible || l.visible({ agent, context }));
        if (links.length === 0) return null;
        const isOpen = openMap[group.key] ?? true;
        if (narrow) {
          return (
            <button key={group.key} type="button" className="pa-menu-icon" title={t(`partner.menu.${group.key}`)} onClick={onExpand}>
              <Icon name={group.icon} />
            </button>
          );
        }
        return (
          <div key={group.key} className={isOpen ? 'pa-menu-group is-open' : 'pa-menu-group'}>
            <button type="button" className="pa-menu-group-head" aria-expanded={isOpen} onClick={() => toggle(group.key)}>
              <Icon name={group.icon} />
              <span>{t(`partner.menu.${group.key}`)}</span>
              <Icon name="chevron" size={14} className="pa-menu-chevron" />
            </button>
            {isOpen && (
              <div className="pa-menu-links">
                {links.map((l) => link(l.path + (l.search ?? ''), t(`partner.menu.${l.path.slice(1) as 'pa-users'}`)))}
                {group.withRoles &&
                  listedRoles.map((r) =>
                    link(
                      `/pa-agent-user-list-by-role?role=${encodeURIComponent(r.name)}&propirty=${r.propirty}`,
                      `${roleLabel(t, r.name)} ${t('partner.menu.byRole')}`,
                      `pa-role-${r.name}`,
                    ),
                  )}
              </div>
            )}
          </div>
        );
      })}
    </nav>
  );
}
