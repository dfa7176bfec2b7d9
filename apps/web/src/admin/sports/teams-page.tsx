import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, SPORTS, type Language } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { EmptyRow } from '../../ui/states.tsx';
import { AdminList, skipOf } from '../ops/shared.tsx';
import { labelOf } from './labels.ts';
import { useSetTeamNames, useTeams } from './queries.ts';
import './sports-admin.css';

const LANG_NAMES: Record<Language, string> = { ko: '한국어', ja: '日本語', vi: 'Tiếng Việt', th: 'ไทย', en: 'English' };

/** Team display names per language (blank: the feed's name). */
export function SportsTeamsPage() {
  const { t, i18n } = useTranslation();
  const [sport, setSport] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useTeams({ sport: (sport || undefined) as (typeof SPORTS)[number] | undefined, search: search || undefined, skip: skipOf(page) });
  const rows = query.data?.rows ?? [];

  return (
    <section className="ad-page sa-page" data-testid="admin-sports-teams">
      <div className="ad-title-row">
        <h1 className="ad-title">{t('adminSports.teams.title')}</h1>
        <div className="ad-filters">
          <select className="ad-select" value={sport} aria-label={t('adminSports.common.sport')} onChange={(e) => (setSport(e.target.value), setPage(1))}>
            <option value="">{t('adminSports.common.all')}</option>
            {SPORTS.map((s) => (
              <option key={s} value={s}>
                {t(`adminSports.sport.${s}`)}
              </option>
            ))}
          </select>
          <input
            className="ui-input ad-search"
            placeholder={t('adminSports.common.search')}
            value={search}
            onChange={(e) => (setSearch(e.target.value), setPage(1))}
          />
        </div>
      </div>
      <p className="ad-note">{t('adminSports.teams.intro')}</p>
      <AdminList query={query} page={page} onPage={setPage}>
        <table className="ad-table ad-ops-dense sa-names">
          <thead>
            <tr>
              <th>ID</th>
              <th>{t('adminSports.common.sport')}</th>
              <th>{t('adminSports.teams.feed')}</th>
              {LANGUAGES.map((l) => (
                <th key={l}>{LANG_NAMES[l]}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={9} />}
            {rows.map((r) =>
              editing === r.id ? (
                <EditRow key={r.id} row={r} onDone={() => setEditing(null)} />
              ) : (
                <tr key={r.id} data-testid="sa-team-row">
                  <td className="num">{r.id}</td>
                  <td>{labelOf(t, i18n, 'sport', r.sport)}</td>
                  <td className="strong">{r.feed_name}</td>
                  {LANGUAGES.map((l) => (
                    <td key={l}>{r.names[l] ?? <span className="ad-muted">-</span>}</td>
                  ))}
                  <td>
                    <button type="button" className="ui-btn ad-btn-xs" onClick={() => setEditing(r.id)}>
                      {t('adminSports.teams.edit')}
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </AdminList>
    </section>
  );
}

function EditRow({ row, onDone }: { row: { id: number; sport: string; feed_name: string; names: Partial<Record<Language, string>> }; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const save = useSetTeamNames();
  const [names, setNames] = useState<Record<Language, string>>(
    () => Object.fromEntries(LANGUAGES.map((l) => [l, row.names[l] ?? ''])) as Record<Language, string>,
  );
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const a = await save.mutateAsync({ team_id: row.id, names });
    if (a.result) onDone();
    else setError(errorText(a.error));
  }

  return (
    <tr data-testid="sa-team-edit">
      <td className="num">{row.id}</td>
      <td>{labelOf(t, i18n, 'sport', row.sport)}</td>
      <td className="strong">{row.feed_name}</td>
      {LANGUAGES.map((l) => (
        <td key={l}>
          <input
            className="ui-input"
            aria-label={LANG_NAMES[l]}
            value={names[l]}
            maxLength={60}
            onChange={(e) => setNames((n) => ({ ...n, [l]: e.target.value }))}
          />
        </td>
      ))}
      <td>
        <div className="ad-row-actions">
          <button type="button" className="ui-btn ui-btn-primary ad-btn-xs" disabled={save.isPending} onClick={() => void submit()}>
            {t('adminSports.common.save')}
          </button>
          <button type="button" className="ui-btn ad-btn-xs" onClick={onDone}>
            {t('adminSports.teams.cancel')}
          </button>
        </div>
        {error && <div className="ad-error">{error}</div>}
      </td>
    </tr>
  );
}
