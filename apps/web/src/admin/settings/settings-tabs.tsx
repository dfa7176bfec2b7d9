import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { SETTINGS_SCREENS } from './screens.ts';

const IDS = [...SETTINGS_SCREENS.map((s) => s.id), 'sound'];

/** The settings screens as one row of tabs: one menu entry leads to all of them, each keeps its own address. */
export function SettingsTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      className="set-tabs"
      tabs={IDS}
      value={current}
      onChange={(id) => void navigate(`/admin/settings/${id}`)}
      label={(id) => t(`adminSettings.screens.${id}.nav` as never)}
      testId={(id) => `settings-tab-${id}`}
    />
  );
}
