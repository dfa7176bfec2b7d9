import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORTS, STOP_TYPES } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { Badge } from '../ops/shared.tsx';
import { labelOf } from './labels.ts';
import { SportFilter } from './sport-filter.tsx';
import { useLeagues, useSetLeaguesStopped } from './queries.ts';
import './sports-admin.css';

type StopType = (typeof STOP_TYPES)[number];

/** League interworking (spec §2): start/stop board types for selected leagues, or all at once. */
export function SportsLeaguesPage() {
  const { t, i18n } = useTranslation();
  const [sport, setSport] = useState<(typeof SPORTS)[number] | ''>('');
  const query = useLeagues(sport || undefined);
  const change = useSetLeaguesStopped();
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [types, setTypes] = useState<Set<StopType>>(new Set(['cross']));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = query.data?.rows ?? [];
  const toggle = <T,>(set: Set<T>, v: T) => {
    const n = new Set(set);
    if (n.has(v)) n.delete(v);
    else n.add(v);
    return n;
  };

  async function apply(stopped: boolean, all: boolean) {
    setMessage(null);
    if (types.size === 0) return setMessage({ ok: false, text: t('adminSports.leagues.pickType') });
    if (all && !(await showConfirm(t('adminSports.leagues.confirmAll')))) return;
    const a = await change.mutateAsync({ league_ids: all ? [] : [...picked], all, types: [...types], stopped });
    setMessage(a.result ? { ok: true, text: t('adminSports.leagues.changed', { count: a.data.changed }) } : { ok: false, text: errorText(a.error) });
  }

  return (
    <BackofficePage
      title={t('adminSports.leagues.title')}
      testId="admin-sports-leagues"
      className="sa-page"
      filters={
        <Filters>
          <SportFilter value={sport} onChange={(v) => (setSport(v), setPicked(new Set()))} />
        </Filters>
      }
    >
      <p className="ad-note">{t('adminSports.leagues.intro')}</p>
      <div className="ad-panel sa-toolbar">
        <span className="ad-form-label">{t('adminSports.leagues.types')}</span>
        {STOP_TYPES.map((ty) => (
          <label key={ty} className="ad-check">
            <input type="checkbox" checked={types.has(ty)} data-testid={`sa-type-${ty}`} onChange={() => setTypes((s) => toggle(s, ty))} />
            {t(`adminSports.settings.boards.${ty}`)}
          </label>
        ))}
        <span className="sa-grow" />
        <span className="ad-muted">{t('adminSports.leagues.selected', { count: picked.size })}</span>
        <button
          type="button"
          className="ui-btn ad-btn-sm sa-danger"
          data-testid="sa-leagues-stop"
          disabled={change.isPending || picked.size === 0}
          onClick={() => void apply(true, false)}
        >
          {t('adminSports.leagues.stop')}
        </button>
        <button
          type="button"
          className="ui-btn ad-btn-sm"
          data-testid="sa-leagues-start"
          disabled={change.isPending || picked.size === 0}
          onClick={() => void apply(false, false)}
        >
          {t('adminSports.leagues.start')}
        </button>
        <button
          type="button"
          className="ui-btn ad-btn-sm sa-danger"
          data-testid="sa-leagues-stop-all"
          disabled={change.isPending}
          onClick={() => void apply(true, true)}
        >
          {t('adminSports.leagues.stopAll')}
        </button>
        <button type="button" className="ui-btn ad-btn-sm" disabled={change.isPending} onClick={() => void apply(false, true)}>
          {t('adminSports.leagues.startAll')}
        </button>
      </div>
      {message && <p className={message.ok ? 'ad-ok' : 'ad-error'}>{message.text}</p>}
      <ListFrame
        emptyText={t('admin.empty.leagues')}
        query={query}
        className="ad-ops-dense"
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'sa-league-row', 'data-league': r.id })}
        columns={[
          {
            id: 'pick',
            header: (
              <input
                type="checkbox"
                aria-label={t('adminSports.common.all')}
                checked={rows.length > 0 && picked.size === rows.length}
                onChange={(e) => setPicked(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
              />
            ),
            cell: (r) => <input type="checkbox" aria-label={r.name} checked={picked.has(r.id)} onChange={() => setPicked((s) => toggle(s, r.id))} />,
          },
          { id: 'league', header: t('adminSports.leagues.cols.league'), cell: (r) => r.name, className: 'strong' },
          { id: 'sport', header: t('adminSports.common.sport'), cell: (r) => labelOf(t, i18n, 'sport', r.sport) },
          { id: 'country', header: t('adminSports.leagues.cols.country'), cell: (r) => r.country ?? '-' },
          { id: 'fixtures', header: t('adminSports.leagues.cols.fixtures'), headClassName: 'num', className: 'num', cell: (r) => r.fixtures },
          {
            id: 'stopped',
            header: t('adminSports.leagues.cols.stopped'),
            cell: (r) => (
              <span className="sa-types" data-testid="sa-league-stopped">
                {r.stopped_types.length === 0 ? (
                  <Badge tone="ok">{t('adminSports.leagues.running')}</Badge>
                ) : (
                  r.stopped_types.map((s) => (
                    <Badge key={s} tone="danger">
                      {labelOf(t, i18n, 'settings.boards', s)}
                    </Badge>
                  ))
                )}
              </span>
            ),
          },
        ]}
      />
    </BackofficePage>
  );
}
