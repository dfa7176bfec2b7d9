import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MINIGAME_KEYS, type GameSettings } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { ErrorText } from '../../ui/backoffice/error-text.tsx';
import { NumberFields } from '../../ui/backoffice/number-fields.tsx';
import { LevelSettingsGrid } from '../../ui/backoffice/level-settings-grid.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { SaveBar, type SaveMessage } from '../../ui/backoffice/save-bar.tsx';
import { ToggleGrid } from '../../ui/backoffice/toggle-grid.tsx';
import { Badge } from '../ops/shared.tsx';
import { toForm, toPatch, type MinigameSettingsForm, type Problem } from './minigame-settings/form.ts';
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
    <BackofficePage title={t('adminGames.minigames.title')} testId="admin-minigame-settings" className="mgs-page">
      <p className="ad-note">{t('adminGames.minigames.intro')}</p>
      {list.isError && <ErrorText error={list.error} />}
      <div className="mgs-layout">
        <div className="ad-table-wrap mgs-list">
          <DataTable
            className="ad-ops-dense"
            rows={MINIGAME_KEYS.map((k) => ({ k, row: stored.get(keyOf(k)) }))}
            rowKey={(r) => r.k}
            rowProps={({ k }) => ({ className: k === game ? 'is-selected' : undefined, 'data-testid': 'mgs-row', 'data-game': k })}
            renderRow={({ k, row }) =>
              row ? undefined : (
                <tr key={k} className={k === game ? 'is-selected' : undefined} data-testid="mgs-row" data-game={k}>
                  <td>
                    <GamePick game={k} name={name(k)} onPick={setGame} />
                  </td>
                  <td colSpan={6} className="ad-muted">
                    {t('adminGames.minigames.defaults')}
                  </td>
                </tr>
              )
            }
            columns={[
              { id: 'game', header: t('adminGames.minigames.cols.game'), cell: ({ k }) => <GamePick game={k} name={name(k)} onPick={setGame} /> },
              { id: 'betting', header: t('adminGames.minigames.cols.betting'), cell: ({ row }) => row && yes(row.settings.betting_allowed) },
              { id: 'duplicate', header: t('adminGames.minigames.cols.duplicate'), cell: ({ row }) => row && yes(row.settings.duplicate_betting) },
              { id: 'cancel', header: t('adminGames.minigames.cols.cancel'), cell: ({ row }) => row && yes(row.settings.cancel_allowed) },
              {
                id: 'closing',
                header: t('adminGames.minigames.cols.closing'),
                headClassName: 'num',
                className: 'num',
                cell: ({ row }) => row?.settings.closing_seconds,
              },
              {
                id: 'roundMaxBet',
                header: t('adminGames.minigames.cols.roundMaxBet'),
                headClassName: 'num',
                className: 'num',
                cell: ({ row }) => row && (row.settings.round_max_bet === null ? '-' : groupThousands(String(row.settings.round_max_bet))),
              },
              { id: 'updated', header: t('adminGames.minigames.cols.updated'), className: 'mono', cell: ({ row }) => row && formatDateTime(row.updated_at) },
            ]}
          />
        </div>
        <GameEditor key={game} game={game} title={name(game)} />
      </div>
    </BackofficePage>
  );
}

function GamePick({ game, name, onPick }: { game: string; name: string; onPick: (game: string) => void }) {
  return (
    <>
      <button type="button" className="ad-link" data-testid={`mgs-pick-${game}`} onClick={() => onPick(game)}>
        {name}
      </button>
      <div className="ad-muted mono">{game}</div>
    </>
  );
}

function GameEditor({ game, title }: { game: string; title: string }) {
  const query = useGameSettings(keyOf(game));
  return <QueryState query={query}>{(data) => <EditorForm game={game} title={title} settings={data.settings} />}</QueryState>;
}

const NUMBER_FIELDS = ['closing_seconds', 'cancel_seconds', 'cancel_minutes', 'daily_cancel_count', 'round_max_bet', 'round_max_win'] as const;
const LEVEL_FIELDS = ['min_bet', 'max_bet', 'max_win', 'single_max'] as const;
const TOGGLES = ['betting_allowed', 'duplicate_betting', 'cancel_allowed'] as const;

function EditorForm({ game, title, settings }: { game: string; title: string; settings: GameSettings }) {
  const { t } = useTranslation();
  const update = useUpdateGameSettings();
  const [form, setForm] = useState<MinigameSettingsForm>(() => toForm(settings));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [message, setMessage] = useState<SaveMessage | null>(null);
  useEffect(() => setForm(toForm(settings)), [settings]);

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
      <ToggleGrid
        keys={TOGGLES}
        values={form}
        onChange={(k, on) => setForm((f) => ({ ...f, [k]: on }))}
        label={(k) => t(`adminGames.minigames.fields.${k}`)}
        testId={(k) => `mgs-${k}`}
      />
      <NumberFields
        className="mgs-fields"
        keys={NUMBER_FIELDS}
        values={form}
        onChange={(k, v) => setForm((f) => ({ ...f, [k]: v }))}
        label={(k) => t(`adminGames.minigames.fields.${k}`)}
        testId={(k) => `mgs-${k}`}
        inputClassName="ui-input mgs-num"
        placeholder={(k) => (k === 'closing_seconds' || k === 'cancel_seconds' ? '' : t('adminGames.minigames.blank'))}
        invalid={invalid}
      />
      <LevelSettingsGrid
        levels={form.levels}
        fields={LEVEL_FIELDS}
        onChange={(l, patch) => setForm((f) => ({ ...f, levels: { ...f.levels, [l]: { ...f.levels[l], ...patch } } }))}
        levelLabel={(l) => t('adminGames.minigames.level', { n: l })}
        fieldLabel={(c) => t(`adminGames.minigames.levelCols.${c}`)}
        allowedLabel={t('adminGames.minigames.levelCols.allowed')}
        levelHeader={t('adminGames.minigames.levelCols.level')}
        testIdPrefix="mgs-level"
        invalid={invalid}
        inputClassName="ui-input mgs-num"
        tableClassName="ad-ops-dense mgs-levels"
      />
      <SaveBar
        message={message}
        messageTestId="mgs-message"
        saveTestId="mgs-save"
        saving={update.isPending}
        onReset={() => setForm(toForm(settings))}
        labels={{ save: t('adminGames.minigames.save'), saving: t('adminGames.minigames.saving'), reset: t('adminGames.minigames.reset') }}
      >
        {problem && (
          <span className="ad-error" data-testid="mgs-problem">
            {problemText(problem)}
          </span>
        )}
      </SaveBar>
    </form>
  );
}
