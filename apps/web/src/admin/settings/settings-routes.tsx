import type { ReactElement } from 'react';
import type { IconName } from '../../ui/icons.tsx';
import { SETTINGS_SCREENS } from './screens.ts';
import { SettingsPage } from './settings-page.tsx';
import { SoundSettingsPage } from './sound-page.tsx';
import './settings.css';

export { AdminShellEffects } from './admin-shell.tsx';

/** Admin settings screens (issue 19): one route per screen under /admin/settings. */
export const SETTINGS_ADMIN_ROUTES: [path: string, element: ReactElement][] = [
  ...SETTINGS_SCREENS.map(({ id, fields }): [string, ReactElement] => [`/admin/settings/${id}`, <SettingsPage key={id} id={id} fields={fields} />]),
  ['/admin/settings/sound', <SoundSettingsPage />],
];

/** One side-menu entry; the screens are tabs on every settings page. `label` is an i18n key. */
export const SETTINGS_ADMIN_NAV: { to: string; label: string; icon: IconName; id: string }[] = [
  { to: '/admin/settings/site', label: 'adminSettings.nav', icon: 'gear', id: 'settings' },
];
