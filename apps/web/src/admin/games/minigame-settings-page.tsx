import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LEVELS, MINIGAME_KEYS, type GameSettings } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { Loading } from '../../ui/states.tsx';
import { Badge, queryErrorText } from '../ops/shared.tsx';
import { toForm, toPatch, type LevelForm, type MinigameSettingsForm, type Problem } from './minigame-settings/form.ts';
import { useGameSettings, useGameSettingsList, useUpdateGameSettings } from './minigame-settings/queries.ts';
import './minigame-settings.css';

const keyOf = (game: string) => `minigame:${game}`;

/** Spec §3 "Settings per game" for every mini game: betting, duplicate, cancellation, closing seconds, per-level limits, round totals. */
export function MinigameSettingsPage() {
  const { t, i18n } = useTranslation();
  const list = useGameSettingsList();
  const [game, setGame] = useState<string>(MINIGAME_KEYS[0]);
  const stored = new Map((list.data?.games ?? []).map((g) => [g.game, g]));
  const name = (k: string) => (i18n.exists(`minigames.game.${k}`) ? (t(`minigames.game.${k}` as never) as string) : k);
  const yes = (on: boolean) => <Badge tone={on ? 'ok' : 'muted'}>{on ? t('adminGames.minigames.on') : t('adminGames.minigames.off')}</Badge>;

  return (
    <section className="ad-page mgs-page" data-testid="admin-minigame-settings">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminGames.minigames.title')}</h1>
      </div>
      <p className="ad-note">{t('adminGames.minigames.intro')}</p>
      {list.isError && <p className="ad-error">{queryErrorText(list.error)}</p>}
      <div className="mgs-layout">
        <div className="ad-table-wrap mgs-list">
          <table className="ad-table ad-ops-dense">
            <thead>
              <tr>
                <th>{t('adminGames.minigames.cols.game')}</th>
                <th>{t('adminGames.minigames.cols.betting')}</th>
                <th>{t('adminGames.minigames.cols.duplicate')}</th>
                <th>{t('adminGames.minigames.cols.cancel')}</th>
                <th className="num">{t('adminGames.minigames.cols.closing')}</th>
                <th className="num">{t('adminGames.minigames.cols.roundMaxBet')}</th>
                <th>{t('adminGames.minigames.cols.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {MINIGAME_KEYS.map((k) => {
                const row = stored.get(keyOf(k));
                return (
                  <tr key={k} className={k === game ? 'is-selected' : undefined} data-testid="mgs-row" data-game={k}>
                    <td>
                      <button type="button" className="ad-link" data-testid={`mgs-pick-${k}`} onClick={() => setGame(k)}>
                        {name(k)}
                      </button>
                      <div className="ad-muted mono">{k}</div>
                    </td>
                    {row ? (
                      <>
                        <td>{yes(row.settings.betting_allowed)}</td>
                        <td>{yes(row.settings.duplicate_betting)}</td>
                        <td>{yes(row.settings.cancel_allowed)}</td>
                        <td className="num">{row.settings.closing_seconds}</td>
                        <td className="num">{row.settings.round_max_bet === null ? '-' : groupThousands(String(row.settings.round_max_bet))}</td>
                        <td className="mono">{formatDateTime(row.updated_at)}</td>
                      </>
                    ) : (
                      <td colSpan={6} className="ad-muted">
                        {t('adminGames.minigames.defaults')}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <GameEditor key={game} game={game} title={name(game)} />
      </div>
    </section>
  );
}

function GameEditor({ game, title }: { game: string; title: string }) {
  const query = useGameSettings(keyOf(game));
  if (query.isPending) return <Loading />;
  if (query.isError) return <p className="ad-error">{queryErrorText(query.error)}</p>;
  return <EditorForm game={game} title={title} settings={query.data.settings} />;
}

const NUMBER_FIELDS = ['closing_seconds', 'cancel_seconds', 'cancel_minutes', 'daily_cancel_count', 'round_max_bet', 'round_max_win'] as const;
const LEVEL_FIELDS = ['min_bet', 'max_bet', 'max_win', 'single_max'] as const;
const TOGGLES = ['betting_allowed', 'duplicate_betting', 'cancel_allowed'] as const;

function EditorForm({ game, title, settings }: { game: string; title: string; settings: GameSettings }) {
  const { t } = useTranslation();
  const update = useUpdateGameSettings();
  const [form, setForm] = useState<MinigameSettingsForm>(() => toForm(settings));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setForm(toForm(settings)), [settings]);

  const setLevel = (l: (typeof LEVELS)[number], patch: Partial<LevelForm>) =>
    setForm((f) => ({ ...f, levels: { ...f.levels, [l]: { ...f.levels[l], ...patch } } }));
  const problemText = (p: Problem) =>
    t(`adminGames.minigames.problems.${p.rule}`, { field: fieldName(p.field), max: p.max === undefined ? '' : groupThousands(String(p.max)) });
  const fieldName = (field: string) => {
    const m = /^levels\.(\d)\.(\w+)$/.exec(field);
    if (m) return `${t('adminGames.minigames.level', { n: m[1] })} ${t(`adminGames.minigames.levelCols.${m[2] as 'min_bet'}`)}`;
    return t(`adminGames.minigames.fields.${field as 'closing_seconds'}`);
  };
  const invalid = (field: string) => problem?.field === field;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const result = toPatch(form);
    if ('problem' in result) return setProblem(result.problem);
    setProblem(null);
    const answer = await update.mutateAsync({ game: keyOf(game), settings: result.patch });
    setMessage(answer.result ? { ok: true, text: t('adminGames.minigames.saved') } : { ok: false, text: errorText(answer.error) });
  }

  return (
    <form className="ad-panel ad-form mgs-editor" onSubmit={submit} data-testid="mgs-editor" data-game={game}>
      <h2 className="ad-subhead">
        {title} <span className="ad-muted mono">{keyOf(game)}</span>
      </h2>
      <div className="ad-check-grid">
        {TOGGLES.map((k) => (
          <label key={k} className="ad-check">
            <input type="checkbox" checked={form[k]} data-testid={`mgs-${k}`} onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.checked }))} />
            {t(`adminGames.minigames.fields.${k}`)}
          </label>
        ))}
      </div>
      <div className="mgs-fields">
        {NUMBER_FIELDS.map((k) => (
          <label key={k} className="ad-form-col">
            <span className="ad-form-label">{t(`adminGames.minigames.fields.${k}`)}</span>
            <input
              className="ui-input mgs-num"
              inputMode="numeric"
              value={form[k]}
              aria-invalid={invalid(k)}
              data-testid={`mgs-${k}`}
              placeholder={k === 'closing_seconds' || k === 'cancel_seconds' ? '' : t('adminGames.minigames.blank')}
              onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <div className="ad-table-wrap">
        <table className="ad-table ad-ops-dense mgs-levels">
          <thead>
            <tr>
              <th>{t('adminGames.minigames.levelCols.level')}</th>
              <th>{t('adminGames.minigames.levelCols.allowed')}</th>
              {LEVEL_FIELDS.map((c) => (
                <th key={c} className="num">
                  {t(`adminGames.minigames.levelCols.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LEVELS.map((l) => (
              <tr key={l} data-testid="mgs-level" data-level={l}>
                <td className="strong">{t('adminGames.minigames.level', { n: l })}</td>
                <td>
                  <input
                    type="checkbox"
                    checked={form.levels[l].allowed}
                    data-testid={`mgs-level-${l}-allowed`}
                    onChange={(e) => setLevel(l, { allowed: e.target.checked })}
                    aria-label={t('adminGames.minigames.levelCols.allowed')}
                  />
                </td>
                {LEVEL_FIELDS.map((c) => (
                  <td key={c}>
                    <input
                      className="ui-input mgs-num"
                      inputMode="numeric"
                      value={form.levels[l][c]}
                      aria-invalid={invalid(`levels.${l}.${c}`)}
                      aria-label={`${t('adminGames.minigames.level', { n: l })} ${t(`adminGames.minigames.levelCols.${c}`)}`}
                      data-testid={`mgs-level-${l}-${c}`}
                      onChange={(e) => setLevel(l, { [c]: e.target.value })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ad-form-actions">
        {problem && (
          <span className="ad-error" data-testid="mgs-problem">
            {problemText(problem)}
          </span>
        )}
        {message && (
          <span className={message.ok ? 'ad-ok' : 'ad-error'} data-testid="mgs-message">
            {message.text}
          </span>
        )}
        <button type="button" className="ui-btn ad-btn-sm" onClick={() => setForm(toForm(settings))} disabled={update.isPending}>
          {t('adminGames.minigames.reset')}
        </button>
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="mgs-save" disabled={update.isPending}>
          {update.isPending ? t('adminGames.minigames.saving') : t('adminGames.minigames.save')}
        </button>
      </div>
    </form>
  );
}
