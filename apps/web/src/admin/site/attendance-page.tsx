import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatPoints } from '../../lib/money.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { useAttendance, useAttendanceBonuses, useSetAttendanceBonuses } from './queries.ts';

/** Attendance bonuses per consecutive-day count and who attended which day (spec §2 "attendance"). */
export function AttendancePage() {
  const { t } = useTranslation();
  return (
    <BackofficePage title={t('adminSite.attendance.title')} testId="admin-site-attendance">
      <BonusEditor />
      <h2 className="site-subtitle">{t('adminSite.attendance.listTitle')}</h2>
      <AttendanceList />
    </BackofficePage>
  );
}

type Row = { streak_days: number; point: number };

function BonusEditor() {
  const { t } = useTranslation();
  const query = useAttendanceBonuses();
  const save = useSetAttendanceBonuses();
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (query.data) setRows(query.data.bonuses);
  }, [query.data]);

  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await save.mutateAsync({ bonuses: rows });
    setBusy(false);
    await showAlert(answer.result ? t('adminSite.attendance.saved') : errorText(answer.error));
  }

  return (
    <form className="site-card" onSubmit={(e) => void submit(e)} data-testid="site-bonus-form">
      <h2 className="site-subtitle">{t('adminSite.attendance.bonusesTitle')}</h2>
      <p className="ad-hint">{t('adminSite.attendance.bonusesHint')}</p>
      {rows.length === 0 && <p className="ad-hint">{t('adminSite.attendance.noBonuses')}</p>}
      <table className="site-bonus-table">
        <thead>
          <tr>
            <th>{t('adminSite.attendance.days')}</th>
            <th>{t('adminSite.attendance.point')}</th>
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-testid="site-bonus-row">
              <td>
                <input
                  className="ui-input site-narrow"
                  type="number"
                  min={1}
                  max={366}
                  data-testid="site-bonus-days"
                  value={r.streak_days}
                  onChange={(e) => set(i, { streak_days: Math.max(1, Number(e.target.value) || 1) })}
                />
              </td>
              <td>
                <input
                  className="ui-input"
                  type="number"
                  min={0}
                  data-testid="site-bonus-point"
                  value={r.point}
                  onChange={(e) => set(i, { point: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                />
              </td>
              <td>
                <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                  {t('common.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="site-form-actions">
        <button
          type="button"
          className="ui-btn ad-btn-sm"
          data-testid="site-bonus-add"
          onClick={() => setRows((rs) => [...rs, { streak_days: (rs.at(-1)?.streak_days ?? 0) + 1, point: 0 }])}
        >
          {t('adminSite.attendance.addRow')}
        </button>
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="site-bonus-save" disabled={busy}>
          {t('adminSite.attendance.save')}
        </button>
      </div>
    </form>
  );
}

function AttendanceList() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<DateRange>(todayRange);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const query = useAttendance({ ...range, search: applied || undefined, skip: skipOf(page) });
  return (
    <>
      <form
        className="site-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(search.trim());
          setPage(1);
        }}
      >
        <DateRangeFilter
          {...range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <input
          className="ui-input"
          data-testid="site-attendance-search"
          placeholder={t('adminSite.attendance.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="ui-btn ad-btn-sm">
          {t('adminOps.common.search')}
        </button>
      </form>
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(row) => `${row.user_id}:${row.day}`}
        rowProps={(row) => ({ 'data-testid': 'site-attendance-row', 'data-account': row.account })}
        emptyText={t('adminSite.attendance.empty')}
        paging={{ page, onPage: setPage }}
        columns={[
          { id: 'day', header: t('adminSite.attendance.day'), cell: (row) => row.day, className: 'mono' },
          { id: 'account', header: t('adminSite.ranking.account'), cell: (row) => row.account, className: 'strong' },
          { id: 'nickname', header: t('adminSite.ranking.nickname'), cell: (row) => row.nickname },
          {
            id: 'streak',
            header: t('adminSite.attendance.streak'),
            cell: (row) => t('adminSite.attendance.streakValue', { count: row.streak }),
            className: 'num',
          },
          { id: 'bonus', header: t('adminSite.attendance.bonus'), cell: (row) => formatPoints(row.bonus, i18n.language), className: 'num' },
          { id: 'at', header: t('adminSite.attendance.at'), cell: (row) => formatDateTime(row.created_at), className: 'mono' },
        ]}
      />
    </>
  );
}
