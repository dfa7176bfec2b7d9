import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatPoints } from '../../lib/money.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Loading } from '../../ui/states.tsx';
import { bonusFor, monthGrid, shiftMonth, type Bonus } from './calendar.ts';
import { useAttendanceMonth, useCheckAttendance } from './queries.ts';
import './attendance.css';

type Month = CallData<'/api/user/attendance/get'>;

/**
 * /board/attendance (spec §2 "attendance"; decisions 040, 044): today's check-in, the month's
 * calendar of check-ins and the bonus rules. The server pays once per member and local day.
 */
export function AttendancePage() {
  const { t } = useTranslation();
  const current = useAttendanceMonth(undefined);
  const [month, setMonth] = useState<string | undefined>(undefined);
  const shown = useAttendanceMonth(month);
  if (!current.data) return current.isError ? <p className="at-error">{t('common.loadFailed')}</p> : <Loading />;
  const thisMonth = current.data.today.slice(0, 7);
  const viewed = month ?? thisMonth;
  return (
    <section className="at-page" data-testid="attendance-page">
      <header className="at-head">
        <h1 className="ui-page-title">{t('member.attendance.title')}</h1>
        <p className="at-lead">{t('member.attendance.lead')}</p>
      </header>
      <div className="at-grid">
        <CheckCard data={current.data} />
        <RulesCard rules={current.data.bonuses} streak={current.data.streak} />
      </div>
      <CalendarCard
        month={viewed}
        data={shown.isPlaceholderData ? undefined : shown.data}
        today={current.data.today}
        canGoNext={viewed < thisMonth}
        onMonth={(m) => setMonth(m === thisMonth ? undefined : m)}
      />
    </section>
  );
}

function CheckCard({ data }: { data: Month }) {
  const { t, i18n } = useTranslation();
  const check = useCheckAttendance();
  const inFlight = useRef(false);
  const todays = data.days.find((d) => d.day === data.today);
  // What checking in now pays: the run continues from yesterday's.
  const next = bonusFor(data.bonuses, data.streak + 1);

  async function checkIn() {
    if (inFlight.current) return;
    inFlight.current = true;
    const answer = await check.mutateAsync(undefined);
    inFlight.current = false;
    if (!answer.result) return showAlert(errorText(answer.error), t('member.attendance.failed'));
    const d = answer.data;
    if (d.already) return showAlert(t('member.attendance.already'));
    const bonus = BigInt(d.bonus);
    return showAlert(
      bonus > 0n
        ? t('member.attendance.done', { count: d.streak, point: formatPoints(d.bonus, i18n.language) })
        : t('member.attendance.doneNoBonus', { count: d.streak }),
    );
  }

  return (
    <div className="m-card at-card at-check" data-testid="attendance-check-card">
      <div className="at-stats">
        <div className="at-stat">
          <span className="at-stat-label">{t('member.attendance.streak')}</span>
          <b data-testid="attendance-streak">{t('member.attendance.days', { count: data.streak })}</b>
        </div>
        <div className="at-stat">
          <span className="at-stat-label">{t('member.attendance.monthCount')}</span>
          <b data-testid="attendance-month-count">{t('member.attendance.days', { count: data.days.length })}</b>
        </div>
        <div className="at-stat">
          <span className="at-stat-label">{data.checked_today ? t('member.attendance.todayPaid') : t('member.attendance.todayBonus')}</span>
          <b className="at-point" data-testid="attendance-today-bonus">
            {formatPoints(todays ? todays.bonus : String(next), i18n.language)}
          </b>
        </div>
      </div>
      <button
        type="button"
        className="ui-btn ui-btn-primary ui-btn-block at-check-btn"
        data-testid="attendance-check"
        disabled={data.checked_today || check.isPending}
        onClick={() => void checkIn()}
      >
        <Icon name="calendar" size={18} />
        {data.checked_today ? t('member.attendance.checked') : t('member.attendance.check')}
      </button>
    </div>
  );
}

function RulesCard({ rules, streak }: { rules: readonly Bonus[]; streak: number }) {
  const { t, i18n } = useTranslation();
  const sorted = useMemo(() => [...rules].sort((a, b) => a.streak_days - b.streak_days), [rules]);
  // The rule today's check-in would use (the longest not above the run it makes).
  const active = sorted.filter((r) => r.streak_days <= streak + 1).at(-1)?.streak_days;
  return (
    <div className="m-card at-card" data-testid="attendance-rules">
      <header className="m-card-head">
        <h2>{t('member.attendance.rules')}</h2>
      </header>
      {sorted.length === 0 ? (
        <p className="at-empty" data-testid="attendance-rules-empty">
          {t('member.attendance.rulesEmpty')}
        </p>
      ) : (
        <table className="at-rules">
          <thead>
            <tr>
              <th>{t('member.attendance.ruleDays')}</th>
              <th className="is-num">{t('member.attendance.rulePoint')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={r.streak_days} className={r.streak_days === active ? 'is-active' : undefined} data-testid="attendance-rule">
                <td>{t('member.attendance.ruleFrom', { count: r.streak_days })}</td>
                <td className="is-num at-point">{formatPoints(String(r.point), i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="at-hint">{t('member.attendance.rulesHint')}</p>
    </div>
  );
}

function CalendarCard({
  month,
  data,
  today,
  canGoNext,
  onMonth,
}: {
  month: string;
  data: Month | undefined;
  today: string;
  canGoNext: boolean;
  onMonth: (month: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const attended = new Map((data?.days ?? []).map((d) => [d.day, d]));
  const title = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  // 2026-11-01 is a Sunday: the week's day names in the reader's language.
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + i))),
  );
  return (
    <div className="m-card at-card" data-testid="attendance-calendar">
      <header className="m-card-head at-cal-head">
        <button
          type="button"
          className="ui-btn at-nav"
          aria-label={t('member.attendance.prev')}
          data-testid="attendance-prev"
          onClick={() => onMonth(shiftMonth(month, -1))}
        >
          <Icon name="chevron" size={16} className="at-flip" />
        </button>
        <h2 data-testid="attendance-month">{title}</h2>
        <button
          type="button"
          className="ui-btn at-nav"
          aria-label={t('member.attendance.next')}
          data-testid="attendance-next"
          disabled={!canGoNext}
          onClick={() => onMonth(shiftMonth(month, 1))}
        >
          <Icon name="chevron" size={16} />
        </button>
      </header>
      {!data ? (
        <Loading />
      ) : (
        <table className="at-cal">
          <thead>
            <tr>
              {weekdays.map((w, i) => (
                <th key={w} className={i === 0 ? 'is-sun' : i === 6 ? 'is-sat' : undefined}>
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week, i) => (
              <tr key={i}>
                {week.map((day, j) => {
                  if (!day) return <td key={j} className="is-out" />;
                  const a = attended.get(day);
                  const cls = ['at-day', a ? 'is-attended' : '', day === today ? 'is-today' : '', day > today ? 'is-future' : ''].filter(Boolean).join(' ');
                  return (
                    <td key={j} className={cls} data-testid="attendance-day" data-day={day} data-attended={a ? 'true' : 'false'}>
                      <span className="at-day-num">{Number(day.slice(8))}</span>
                      {a && (
                        <span className="at-stamp" title={`${t('member.attendance.streak')}: ${t('member.attendance.days', { count: a.streak })}`}>
                          <span className="at-stamp-mark" aria-hidden="true">
                            ✓
                          </span>
                          {BigInt(a.bonus) > 0n && <span className="at-stamp-point">+{formatPoints(a.bonus, i18n.language)}</span>}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
