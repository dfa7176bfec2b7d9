import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { SaveBar, type SaveMessage } from '../../ui/backoffice/save-bar.tsx';
import { ToggleGrid } from '../../ui/backoffice/toggle-grid.tsx';
import { NumberFields } from '../../ui/backoffice/number-fields.tsx';
import { SettingsTabs } from './settings-tabs.tsx';
import { toForm, toPatch, type Field, type FormValues, type Problem } from './fields.ts';
import { useSystemSettings, useUpdateSettings } from './queries.ts';

const testIdOf = (path: string) => `set-${path.replace(/[._]/g, '-')}`;

/** One settings screen: its switches, numbers, choices and texts, saved (and audited) as one change. */
export function SettingsPage({ id, fields }: { id: string; fields: readonly Field[] }) {
  const { t } = useTranslation();
  const query = useSystemSettings();
  return (
    <BackofficePage title={t(`adminSettings.screens.${id}.title` as never)} testId={`admin-settings-${id}`} className="set-page">
      <SettingsTabs current={id} />
      <p className="ad-note">{t(`adminSettings.screens.${id}.intro` as never)}</p>
      <QueryState query={query}>{(data) => <SettingsForm key={id} fields={fields} settings={data.settings} />}</QueryState>
    </BackofficePage>
  );
}

function SettingsForm({ fields, settings }: { fields: readonly Field[]; settings: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSettings();
  const [form, setForm] = useState<FormValues>(() => toForm(settings, fields));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [message, setMessage] = useState<SaveMessage | null>(null);
  const label = (path: string) => t(`adminSettings.fields.${path}` as never) as string;
  // The server names a refused value by its settings path (`max_payout_points.minigame`): the screen's label for it.
  const fieldLabel = (path: string) => (i18n.exists(`adminSettings.fields.${path}`) ? label(path) : undefined);
  const set = (path: string, value: string | boolean) => setForm((f) => ({ ...f, [path]: value }));

  const toggles = fields.filter((f) => f.kind === 'toggle').map((f) => f.path);
  const numbers = fields.filter((f) => f.kind === 'number');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const result = toPatch(settings, fields, form);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(null);
    const answer = await update.mutateAsync({ settings: result.patch as Record<string, never> });
    setMessage(answer.result ? { ok: true, text: t('adminSettings.saved') } : { ok: false, text: errorText(answer.error, fieldLabel) });
  }

  return (
    <form className="ad-panel ad-form set-form" onSubmit={submit} data-testid="settings-form">
      {toggles.length > 0 && (
        <ToggleGrid
          keys={toggles}
          values={Object.fromEntries(toggles.map((p) => [p, form[p] === true]))}
          onChange={(p, on) => set(p, on)}
          label={label}
          testId={testIdOf}
        />
      )}
      {numbers.length > 0 && (
        <NumberFields
          className="set-fields"
          keys={numbers.map((f) => f.path)}
          values={Object.fromEntries(numbers.map((f) => [f.path, String(form[f.path])]))}
          onChange={set}
          label={label}
          testId={testIdOf}
          inputClassName="ui-input set-num"
          inputMode={numbers.some((f) => f.kind === 'number' && f.decimal) ? 'decimal' : 'numeric'}
          placeholder={(p) => (numbers.find((f) => f.path === p && f.kind === 'number' && f.nullable) ? t('adminSettings.blank') : '')}
          invalid={(p) => problem?.path === p}
        />
      )}
      {fields.map((f) =>
        f.kind === 'select' ? (
          <label key={f.path} className="ad-form-col set-row">
            <span className="ad-form-label">{label(f.path)}</span>
            <select className="ui-input set-select" value={String(form[f.path])} data-testid={testIdOf(f.path)} onChange={(e) => set(f.path, e.target.value)}>
              {f.options.map((o) => (
                <option key={o} value={String(o)}>
                  {optionLabel(t, f.path, o)}
                </option>
              ))}
            </select>
          </label>
        ) : f.kind === 'text' ? (
          <label key={f.path} className="ad-form-col set-row">
            <span className="ad-form-label">{label(f.path)}</span>
            {f.multiline ? (
              <textarea
                className="ui-input set-memo"
                rows={3}
                value={String(form[f.path])}
                data-testid={testIdOf(f.path)}
                onChange={(e) => set(f.path, e.target.value)}
              />
            ) : (
              <input
                className="ui-input set-text"
                value={String(form[f.path])}
                placeholder={f.placeholder}
                aria-invalid={problem?.path === f.path}
                data-testid={testIdOf(f.path)}
                onChange={(e) => set(f.path, e.target.value)}
              />
            )}
          </label>
        ) : null,
      )}
      <SaveBar
        message={message}
        messageTestId="settings-message"
        saveTestId="settings-save"
        saving={update.isPending}
        onReset={() => {
          setForm(toForm(settings, fields));
          setProblem(null);
          setMessage(null);
        }}
        labels={{ save: t('adminSettings.save'), saving: t('adminSettings.saving'), reset: t('adminSettings.reset') }}
      >
        {problem && (
          <span className="ad-error" data-testid="settings-problem">
            {t(`adminSettings.problems.${problem.rule}`, { field: label(problem.path) })}
          </span>
        )}
      </SaveBar>
    </form>
  );
}

/** Choices with words (skins, levels, digit option) say them; the rest show the value. */
function optionLabel(t: TFunction, path: string, o: string | number) {
  if (path === 'join_level' || path === 'egg_min_level') return t('adminSettings.level', { n: o });
  if (path === 'agent_theme' || path === 'admin_skin') return t('adminSettings.skinOption', { name: o });
  if (path === 'charge_points.digits') return t('adminSettings.digitOption', { n: o });
  if (path === 'rolling_decimals') return t('adminSettings.digitOption', { n: o });
  if (path === 'rolling_credit') return t(`adminSettings.rollingCredit.${o as 'settlement'}`);
  return String(o);
}
