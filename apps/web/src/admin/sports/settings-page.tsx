import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVELS, SPORTS_BOARDS, type GameSettings } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { Loading } from '../../ui/states.tsx';
import { queryErrorText } from '../ops/shared.tsx';
import { useGameSettings, useUpdateGameSettings } from './queries.ts';
import { LEVEL_FIELDS, NUMBER_FIELDS, TOGGLES, toSettingsForm, toSettingsPatch, type SettingsForm } from './settings-form.ts';
import './sports-admin.css';

type Board = (typeof SPORTS_BOARDS)[number];

/** Sports game settings per board (`sports:<board>`) and per level (spec §3). */
export function SportsSettingsPage() {
  const { t } = useTranslation();
  const [board, setBoard] = useState<Board>('cross');
  return (
    <section className="ad-page sa-page" data-testid="admin-sports-settings">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminSports.settings.title')}</h1>
      </div>
      <p className="ad-note">{t('adminSports.settings.intro')}</p>
      <div className="ad-tabs" role="tablist">
        {SPORTS_BOARDS.map((b) => (
          <button
            key={b}
            type="button"
            role="tab"
            aria-selected={b === board}
            className={b === board ? 'ad-tab is-active' : 'ad-tab'}
            data-testid={`sa-board-${b}`}
            onClick={() => setBoard(b)}
          >
            {t(`adminSports.settings.boards.${b}`)}
          </button>
        ))}
      </div>
      <BoardEditor key={board} board={board} />
    </section>
  );
}

function BoardEditor({ board }: { board: Board }) {
  const query = useGameSettings(`sports:${board}`);
  if (query.isPending) return <Loading />;
  if (query.isError) return <p className="ad-error">{queryErrorText(query.error)}</p>;
  return <Editor board={board} settings={query.data.settings} />;
}

function Editor({ board, settings }: { board: Board; settings: GameSettings }) {
  const { t } = useTranslation();
  const update = useUpdateGameSettings();
  const [form, setForm] = useState<SettingsForm>(() => toSettingsForm(settings));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
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
      <div className="ad-check-grid">
        {TOGGLES.map((k) => (
          <label key={k} className="ad-check">
            <input type="checkbox" checked={form[k]} data-testid={`sa-${k}`} onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.checked }))} />
            {t(`adminSports.settings.fields.${k}`)}
          </label>
        ))}
      </div>
      <div className="sa-fields">
        {NUMBER_FIELDS.map(([k, nullable]) => (
          <label key={k} className="ad-form-col">
            <span className="ad-form-label">{t(`adminSports.settings.fields.${k}`)}</span>
            <input
              className="ui-input sa-num"
              inputMode="decimal"
              value={form[k]}
              placeholder={nullable ? t('adminSports.common.blank') : ''}
              data-testid={`sa-${k}`}
              onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
            />
          </label>
        ))}
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
      </div>
      <div className="ad-table-wrap">
        <table className="ad-table ad-ops-dense">
          <thead>
            <tr>
              <th />
              <th>{t('adminSports.settings.levelCols.allowed')}</th>
              {LEVEL_FIELDS.map((c) => (
                <th key={c} className="num">
                  {t(`adminSports.settings.levelCols.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LEVELS.map((l) => (
              <tr key={l} data-testid="sa-level" data-level={l}>
                <td className="strong">{level(l)}</td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('adminSports.settings.levelCols.allowed')}
                    checked={form.levels[l].allowed}
                    onChange={(e) => setForm((f) => ({ ...f, levels: { ...f.levels, [l]: { ...f.levels[l], allowed: e.target.checked } } }))}
                  />
                </td>
                {LEVEL_FIELDS.map((c) => (
                  <td key={c}>
                    <input
                      className="ui-input sa-num"
                      inputMode="numeric"
                      aria-label={`${level(l)} ${t(`adminSports.settings.levelCols.${c}`)}`}
                      data-testid={`sa-level-${l}-${c}`}
                      value={form.levels[l][c]}
                      onChange={(e) => setForm((f) => ({ ...f, levels: { ...f.levels, [l]: { ...f.levels[l], [c]: e.target.value } } }))}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ad-form-actions">
        {message && (
          <span className={message.ok ? 'ad-ok' : 'ad-error'} data-testid="sa-settings-message">
            {message.text}
          </span>
        )}
        <button type="button" className="ui-btn ad-btn-sm" onClick={() => setForm(toSettingsForm(settings))}>
          {t('adminSports.common.reset')}
        </button>
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="sa-settings-save" disabled={update.isPending}>
          {update.isPending ? t('adminSports.common.saving') : t('adminSports.common.save')}
        </button>
      </div>
    </form>
  );
}
