import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEDGER_ASSETS, LEVELS, RESTRICTIONS, type CallData } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { actionWords, changesOf } from '../ops/audit-words.ts';
import { useDetailTab, useGameSettings, useMemberCasino, type AdminDetail } from './queries.ts';

type Ledger = (typeof LEDGER_ASSETS)[number];
const dt = (v: string | null) => (v ? formatDateTime(v) : '-');
/** The detail's lists show the member's whole history, newest first (the reads default to today). */
const ALL_TIME = { startedAt: '2000-01-01', endedAt: '2100-12-31' } as const;

/** Activity: the member's postings on one asset (the ledger's statement read), with grants' memos. */
export function ActivityTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [asset, setAsset] = useState<Ledger>('money');
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/ledger', { user_id: userId, asset, skip: skipOf(page), ...ALL_TIME });
  const money = (v: string) => formatMoney(v, i18n.language);
  return (
    <>
      <Tabs
        tabs={LEDGER_ASSETS}
        value={asset}
        onChange={(a) => {
          setAsset(a);
          setPage(1);
        }}
        label={(a) => t(`adminMembers.detail.${a}`)}
        testId={(a) => `member-ledger-${a}`}
      />
      <ListFrame
        emptyText={t('admin.empty.transactions')}
        query={query}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        testId="member-ledger"
        paging={{ page, onPage: setPage }}
        columns={[
          { id: 'at', header: t('adminMembers.ledger.at'), cell: (r) => dt(r.created_at) },
          {
            id: 'kind',
            header: t('adminMembers.ledger.kind'),
            cell: (r) => t(`partnerDetail.ledger.kinds.${r.kind.replace(/\./g, '_')}` as never, { defaultValue: r.kind }),
          },
          { id: 'memo', header: t('adminMembers.ledger.memo'), cell: (r) => r.memo ?? '' },
          { id: 'amount', header: t('adminMembers.ledger.amount'), className: 'num', cell: (r) => money(r.amount) },
          { id: 'before', header: t('adminMembers.ledger.before'), className: 'num', cell: (r) => money(r.balance_before) },
          { id: 'after', header: t('adminMembers.ledger.after'), className: 'num', cell: (r) => money(r.balance_after) },
        ]}
      />
    </>
  );
}

export function NotesTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/messages', { user_id: userId, skip: (page - 1) * 10 });
  return (
    <ListFrame
      emptyText={t('admin.empty.notes')}
      query={query}
      rows={(d) => d.rows}
      rowKey={(r) => r.id}
      testId="member-notes"
      paging={{ page, onPage: setPage, perPage: 10 }}
      columns={[
        { id: 'subject', header: t('adminMembers.notes.subject'), cell: (r) => r.subject },
        { id: 'sender', header: t('adminMembers.notes.sender'), cell: (r) => r.sender },
        { id: 'at', header: t('adminMembers.notes.at'), cell: (r) => dt(r.created_at) },
        { id: 'read', header: t('adminMembers.notes.read'), cell: (r) => (r.readed_at ? dt(r.readed_at) : t('adminMembers.notes.unread')) },
      ]}
    />
  );
}

export function InquiriesTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/inquiries', { user_id: userId, skip: (page - 1) * 5 });
  return (
    <ListFrame
      emptyText={t('admin.empty.inquiries')}
      query={query}
      rows={(d) => d.rows}
      rowKey={(r) => r.id}
      testId="member-inquiries"
      paging={{ page, onPage: setPage, perPage: 5 }}
      columns={[
        { id: 'subject', header: t('adminMembers.inquiries.subject'), cell: (r) => r.subject },
        {
          id: 'status',
          header: t('adminMembers.inquiries.status'),
          cell: (r) => t(`adminOps.inquiries.statuses.${r.status}` as never, { defaultValue: r.status }),
        },
        { id: 'at', header: t('adminMembers.inquiries.at'), cell: (r) => dt(r.created_at) },
        { id: 'answered', header: t('adminMembers.inquiries.answered'), cell: (r) => dt(r.answered_at) },
      ]}
    />
  );
}

/** Sports and mini-game bets: betting's history read for this one member. */
export function BetsTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [game, setGame] = useState<'sports' | 'minigame'>('sports');
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/bets', { user_id: userId, game_type: game, skip: skipOf(page), ...ALL_TIME });
  return (
    <>
      <Tabs
        tabs={['sports', 'minigame'] as const}
        value={game}
        onChange={setGame}
        label={(g) => t(`adminMembers.bets.${g}`)}
        testId={(g) => `member-bets-${g}`}
      />
      <ListFrame
        emptyText={t('admin.empty.betting')}
        query={query}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        testId="member-bets"
        paging={{ page, onPage: setPage }}
        columns={[
          { id: 'at', header: t('adminMembers.bets.at'), cell: (r) => dt(r.created_at) },
          { id: 'game', header: t('adminMembers.bets.game'), cell: (r) => r.game },
          { id: 'odds', header: t('adminMembers.bets.odds'), className: 'num', cell: (r) => r.odds },
          { id: 'amount', header: t('adminMembers.bets.amount'), className: 'num', cell: (r) => formatMoney(r.amount, i18n.language) },
          { id: 'win', header: t('adminMembers.bets.win'), className: 'num', cell: (r) => formatMoney(r.win_amount, i18n.language) },
          { id: 'status', header: t('adminMembers.bets.status'), cell: (r) => r.status },
        ]}
      />
    </>
  );
}

/** Casino and slot rounds: the casino module's admin history filtered to the member's account. */
export function CasinoTab({ account }: { account: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useMemberCasino({ account, skip: skipOf(page), ...ALL_TIME });
  return (
    <ListFrame
      emptyText={t('admin.empty.betting')}
      query={query}
      rows={(d) => d.rows}
      rowKey={(r) => r.id}
      testId="member-casino"
      paging={{ page, onPage: setPage }}
      columns={[
        { id: 'at', header: t('adminMembers.casino.at'), cell: (r) => dt(r.created_at) },
        { id: 'vendor', header: t('adminMembers.casino.vendor'), cell: (r) => r.vendor },
        { id: 'game', header: t('adminMembers.casino.game'), cell: (r) => r.game },
        { id: 'bet', header: t('adminMembers.casino.bet'), className: 'num', cell: (r) => formatMoney(r.amount, i18n.language) },
        { id: 'win', header: t('adminMembers.casino.win'), className: 'num', cell: (r) => formatMoney(r.win_amount, i18n.language) },
      ]}
    />
  );
}

export function ConnectionsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/sessions', { user_id: userId, skip: skipOf(page) });
  return (
    <ListFrame
      emptyText={t('admin.empty.connections')}
      query={query}
      rows={(d) => d.rows}
      rowKey={(r) => r.id}
      testId="member-sessions"
      paging={{ page, onPage: setPage }}
      columns={[
        { id: 'at', header: t('adminMembers.sessions.at'), cell: (r) => dt(r.created_at) },
        { id: 'seen', header: t('adminMembers.sessions.seen'), cell: (r) => dt(r.last_seen_at) },
        { id: 'ip', header: t('adminMembers.sessions.ip'), className: 'mono', cell: (r) => r.ip ?? '-' },
        { id: 'device', header: t('adminMembers.sessions.device'), cell: (r) => r.device ?? '-' },
        { id: 'country', header: t('adminMembers.sessions.country'), cell: (r) => r.country ?? '-' },
        { id: 'domain', header: t('adminMembers.sessions.domain'), cell: (r) => r.domain ?? '-' },
        { id: 'live', header: '', cell: (r) => (r.live ? t('adminMembers.sessions.live') : t('adminMembers.sessions.ended')) },
      ]}
    />
  );
}

/** Update history: the audit rows about this account in words (the audit screen's wording), before and after side by side. */
export function UpdatesTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/updates', { user_id: userId, skip: skipOf(page) });
  const words = { has: (k: string) => i18n.exists(k), t: (k: string) => t(k as never) as string };
  const actor = (type: string, id: number | null) =>
    `${i18n.exists(`adminOps.audit.actors.${type}`) ? t(`adminOps.audit.actors.${type as 'admin'}`) : type}${id === null ? '' : ` #${id}`}`;
  return (
    <ListFrame
      query={query}
      rows={(d) => d.rows}
      rowKey={(r) => r.id}
      testId="member-updates"
      emptyText={t('adminMembers.updates.empty')}
      paging={{ page, onPage: setPage }}
      columns={[
        { id: 'at', header: t('adminMembers.updates.at'), cell: (r) => dt(r.created_at) },
        { id: 'actor', header: t('adminMembers.updates.actor'), cell: (r) => actor(r.actor_type, r.actor_id) },
        {
          id: 'action',
          header: t('adminMembers.updates.action'),
          cell: (r) => (
            <strong title={r.action} data-testid="member-update-action">
              {actionWords(r.action, words)}
            </strong>
          ),
        },
        {
          id: 'change',
          header: `${t('adminMembers.updates.before')} → ${t('adminMembers.updates.after')}`,
          className: 'am-change-cell',
          cell: (r) => (
            <ul className="am-changes">
              {changesOf(r.before, r.after, t('adminRoles.audit.ui.none')).map((c) => (
                <li key={c.key} className={c.changed ? 'is-changed' : undefined}>
                  <span className="mono">{c.key}</span>: {c.before} → {c.after}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

type Code = CallData<'/api/admin/member/detail/codes'>['issued'][number];

/** Recommendation code: the code the member joined with and, for an agent, the codes issued for it (decision 040). */
export function CodesTab({ userId, agent }: { userId: number; agent: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/codes', { user_id: userId, skip: skipOf(page) });
  const columns = [
    { id: 'code', header: t('adminMembers.codes.code'), className: 'mono', cell: (c: Code) => c.code },
    { id: 'agent', header: t('adminMembers.codes.agent'), cell: (c: Code) => c.agent_account },
    { id: 'issued', header: t('adminMembers.codes.issuedAt'), cell: (c: Code) => dt(c.issued_at) },
    { id: 'by', header: t('adminMembers.codes.issuedBy'), cell: (c: Code) => c.issued_by ?? '-' },
    { id: 'expiry', header: t('adminMembers.codes.expiry'), cell: (c: Code) => dt(c.expires_at) },
    { id: 'status', header: t('adminMembers.codes.status'), cell: (c: Code) => t(`adminSite.codes.status.${c.status}`) },
    { id: 'usedBy', header: t('adminMembers.codes.usedBy'), cell: (c: Code) => c.used_by_account ?? '-' },
    { id: 'used', header: t('adminMembers.codes.usedAt'), cell: (c: Code) => dt(c.used_at) },
  ];
  return (
    <>
      <h3 className="am-subtitle">{t('adminMembers.codes.joined')}</h3>
      <ListFrame
        query={query}
        rows={(d) => (d.joined ? [d.joined] : [])}
        rowKey={(c) => c.id}
        testId="member-code-joined"
        emptyText={t('adminMembers.codes.joinedNone')}
        columns={columns}
      />
      {agent && (
        <>
          <h3 className="am-subtitle">{t('adminMembers.codes.issued')}</h3>
          <ListFrame
            query={query}
            rows={(d) => d.issued}
            rowKey={(c) => c.id}
            testId="member-codes-issued"
            emptyText={t('adminMembers.codes.issuedNone')}
            paging={{ page, onPage: setPage, total: (d) => d.issued_total }}
            columns={columns}
          />
        </>
      )}
    </>
  );
}

/** Attendance: the member's attended days, newest first, with the streak and the bonus points paid. */
export function AttendanceTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useDetailTab('/api/admin/member/detail/attendance', { user_id: userId, skip: skipOf(page) });
  return (
    <ListFrame
      query={query}
      rows={(d) => d.rows}
      rowKey={(r) => r.day}
      testId="member-attendance"
      emptyText={t('adminMembers.attendance.empty')}
      paging={{ page, onPage: setPage }}
      columns={[
        { id: 'day', header: t('adminMembers.attendance.day'), cell: (r) => r.day },
        {
          id: 'streak',
          header: t('adminMembers.attendance.streak'),
          className: 'num',
          cell: (r) => t('adminMembers.attendance.streakDays', { count: r.streak }),
        },
        { id: 'bonus', header: t('adminMembers.attendance.bonus'), className: 'num', cell: (r) => formatPoints(r.bonus, i18n.language) },
        { id: 'at', header: t('adminMembers.attendance.at'), cell: (r) => dt(r.created_at) },
      ]}
    />
  );
}

/** Betting environment: the per-level bet settings of every game at the member's level, and its restrictions. */
export function EnvironmentTab({ detail }: { detail: AdminDetail }) {
  const { t, i18n } = useTranslation();
  const query = useGameSettings();
  const level = String(detail.user.level) as (typeof LEVELS)[number];
  const money = (v: number) => formatMoney(String(v), i18n.language);
  return (
    <>
      <p className="am-hint">{t('adminMembers.env.hint', { level: detail.user.level })}</p>
      <p className="am-hint" data-testid="member-env-restrictions">
        {t('adminMembers.detail.restrictions')}:{' '}
        {detail.restrictions.length === 0
          ? t('adminMembers.detail.noRestrictions')
          : RESTRICTIONS.filter((r) => detail.restrictions.includes(r))
              .map((r) => t(`adminOps.restrict.items.${r}`))
              .join(', ')}
      </p>
      <QueryState query={query}>
        {(d) => (
          <ListFrame
            emptyText={t('admin.empty.settings')}
            query={query}
            rows={() => d.games}
            rowKey={(g) => g.game}
            testId="member-env"
            columns={[
              { id: 'game', header: t('adminMembers.env.game'), cell: (g) => g.game },
              {
                id: 'allow',
                header: t('adminMembers.env.allow'),
                cell: (g) => (g.settings.levels[level].allowed ? t('adminMembers.env.yes') : t('adminMembers.env.no')),
              },
              { id: 'min', header: t('adminMembers.env.min'), className: 'num', cell: (g) => money(g.settings.levels[level].min_bet) },
              { id: 'max', header: t('adminMembers.env.max'), className: 'num', cell: (g) => money(g.settings.levels[level].max_bet) },
              { id: 'maxWin', header: t('adminMembers.env.maxWin'), className: 'num', cell: (g) => money(g.settings.levels[level].max_win) },
              { id: 'single', header: t('adminMembers.env.single'), className: 'num', cell: (g) => money(g.settings.levels[level].single_max) },
            ]}
          />
        )}
      </QueryState>
    </>
  );
}
