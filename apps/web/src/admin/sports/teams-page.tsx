import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, SPORTS, type Language } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { labelOf } from './labels.ts';
import { SportSearch } from './sport-filter.tsx';
import { useSetTeamNames, useTeams } from './queries.ts';
import './sports-admin.css';

const LANG_NAMES: Record<Language, string> = { ko: '한국어', ja: '日本語', vi: 'Tiếng Việt', th: 'ไทย', en: 'English' };

/** Team display names per language (blank: the feed's name). */
export function SportsTeamsPage() {
  const { t, i18n } = useTranslation();
  const [sport, setSport] = useState<(typeof SPORTS)[number] | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useTeams({ sport: sport || undefined, search: search || undefined, skip: skipOf(page) });

  return (
    <BackofficePage
      title={t('adminSports.teams.title')}
      testId="admin-sports-teams"
      className="sa-page"
      filters={
        <Filters>
          <SportSearch
            searchTestId="sa-team-search"
            sport={sport}
            search={search}
            onSport={(v) => (setSport(v), setPage(1))}
            onSearch={(v) => (setSearch(v), setPage(1))}
          />
        </Filters>
      }
    >
      <p className="ad-note">{t('adminSports.teams.intro')}</p>
      <ListFrame
        emptyText={t('admin.empty.teams')}
        query={query}
        paging={{ page, onPage: setPage }}
        className="ad-ops-dense sa-names"
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ 'data-testid': 'sa-team-row' })}
        renderRow={(r) => (editing === r.id ? <EditRow key={r.id} row={r} onDone={() => setEditing(null)} /> : undefined)}
        columns={[
          { id: 'id', header: 'ID', cell: (r) => r.id, className: 'num' },
          { id: 'sport', header: t('adminSports.common.sport'), cell: (r) => labelOf(t, i18n, 'sport', r.sport) },
          { id: 'feed', header: t('adminSports.teams.feed'), cell: (r) => r.feed_name, className: 'strong' },
          // The admin's name where set (it wins); else, muted, the feed's name in that language.
          ...LANGUAGES.map((l) => ({
            id: l,
            header: LANG_NAMES[l],
            cell: (r: TeamRow) =>
              r.names[l] ? (
                <strong data-testid={`sa-team-name-${l}`}>{r.names[l]}</strong>
              ) : (
                <span className="ad-muted" title={t('adminSports.teams.fromFeed')} data-testid={`sa-team-name-${l}`}>
                  {r.feed_names[l] || r.feed_name}
                </span>
              ),
          })),
          {
            id: 'edit',
            cell: (r) => (
              <button type="button" className="ui-btn ad-btn-xs" onClick={() => setEditing(r.id)}>
                {t('adminSports.teams.edit')}
              </button>
            ),
          },
        ]}
      />
    </BackofficePage>
  );
}

type TeamRow = { id: number; sport: string; feed_name: string; feed_names: Partial<Record<Language, string>>; names: Partial<Record<Language, string>> };

function EditRow({ row, onDone }: { row: TeamRow; onDone: () => void }) {
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
            placeholder={row.feed_names[l] || row.feed_name}
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
