import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORTS_BOARDS, type GameSettings } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { NumberFields } from '../../ui/backoffice/number-fields.tsx';
import { LevelSettingsGrid } from '../../ui/backoffice/level-settings-grid.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { SaveBar, type SaveMessage } from '../../ui/backoffice/save-bar.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { ToggleGrid } from '../../ui/backoffice/toggle-grid.tsx';
import { useGameSettings, useUpdateGameSettings } from './queries.ts';
import { LEVEL_FIELDS, NUMBER_FIELDS, TOGGLES, toSettingsForm, toSettingsPatch, type SettingsForm } from './settings-form.ts';
import './sports-admin.css';

type Board = (typeof SPORTS_BOARDS)[number];

/** Sports game settings per board (`sports:<board>`) and per level (spec §3). */
export function SportsSettingsPage() {
  const { t } = useTranslation();
  const [board, setBoard] = useState<Board>('cross');
  return (
    <BackofficePage title={t('adminSports.settings.title')} testId="admin-sports-settings" className="sa-page">
      <p className="ad-note">{t('adminSports.settings.intro')}</p>
      <Tabs tabs={SPORTS_BOARDS} value={board} onChange={setBoard} label={(b) => t(`adminSports.settings.boards.${b}`)} testId={(b) => `sa-board-${b}`} />
      <BoardEditor key={board} board={board} />
    </BackofficePage>
  );
}

function BoardEditor({ board }: { board: Board }) {
  const query = useGameSettings(`sports:${board}`);
  return <QueryState query={query}>{(data) => <Editor board={board} settings={data.settings} />}</QueryState>;
}

function Editor({ board, settings }: { board: Board; settings: GameSettings }) {
  const { t } = useTranslation();
  const update = useUpdateGameSettings();
  const [form, setForm] = useState<SettingsForm>(() => toSettingsForm(settings));
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const level = (n: string) => t('adminSports.settings.level', { n });
  const fieldName = (f: string) => {
    const m = /^levels\.(\d)\.(\w+)$/.exec(f);
    return m ? `${level(m[1])} ${t(`adminSports.settings.levelCols.${m[2] as 'min_bet'}`)}` : t(`adminSports.settings.fields.${f as 'closing_seconds'}`);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const r = toSettingsPatch(form);
    if ('invalid' in r) return setMessage({ ok: false, text: t('adminSports.common.invalid', { field: fieldName(r.invalid) }) });
    const a = await update.mutateAsync({ game: `sports:${board}`, settings: r.patch as never });
    setMessage(a.result ? { ok: true, text: t('adminSports.common.saved') } : { ok: false, text: errorText(a.error) });
  }

  return (
    <form className="ad-panel ad-form" onSubmit={submit} data-testid="sa-settings-editor" data-board={board}>
      <ToggleGrid
        keys={TOGGLES}
        values={form}
        onChange={(k, on) => setForm((f) => ({ ...f, [k]: on }))}
        label={(k) => t(`adminSports.settings.fields.${k}`)}
        testId={(k) => `sa-${k}`}
      />
      <NumberFields
        className="sa-fields"
        keys={NUMBER_FIELDS.map(([k]) => k)}
        values={form}
        onChange={(k, v) => setForm((f) => ({ ...f, [k]: v }))}
        label={(k) => t(`adminSports.settings.fields.${k}`)}
        testId={(k) => `sa-${k}`}
        inputClassName="ui-input sa-num"
        inputMode="decimal"
        placeholder={(k) => (NUMBER_FIELDS.some(([f, nullable]) => f === k && nullable) ? t('adminSports.common.blank') : '')}
      >
        <label className="ad-form-col">
          <span className="ad-form-label">{t('adminSports.settings.fields.provider')}</span>
          <select
            className="ad-select"
            value={form.provider}
            data-testid="sa-provider"
            onChange={(e) => setForm((f) => ({ ...f, provider: e.target.value as SettingsForm['provider'] }))}
          >
            <option value="primary">{t('adminSports.settings.providers.primary')}</option>
            <option value="secondary">{t('adminSports.settings.providers.secondary')}</option>
          </select>
        </label>
      </NumberFields>
      <LevelSettingsGrid
        levels={form.levels}
        fields={LEVEL_FIELDS}
        onChange={(l, patch) => setForm((f) => ({ ...f, levels: { ...f.levels, [l]: { ...f.levels[l], ...patch } } }))}
        levelLabel={level}
        fieldLabel={(c) => t(`adminSports.settings.levelCols.${c}`)}
        allowedLabel={t('adminSports.settings.levelCols.allowed')}
        testIdPrefix="sa-level"
        inputClassName="ui-input sa-num"
        tableClassName="ad-ops-dense"
      />
      <SaveBar
        message={message}
        messageTestId="sa-settings-message"
        saveTestId="sa-settings-save"
        saving={update.isPending}
        onReset={() => setForm(toSettingsForm(settings))}
        labels={{ save: t('adminSports.common.save'), saving: t('adminSports.common.saving'), reset: t('adminSports.common.reset') }}
      />
    </form>
  );
}
