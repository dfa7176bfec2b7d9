import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_STATUSES, GAME_TYPES, type AgentBetRow } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { DateRangeFilter } from '../../ui/backoffice/date-range.tsx';
import { ExportXlsxButton } from '../../ui/backoffice/export-xlsx.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { Badge } from '../ops/shared.tsx';
import { exportBets, useBetList } from './queries.ts';
import { useUrlFilters } from './url-filters.ts';

type GameType = (typeof GAME_TYPES)[number];
type BetStatus = (typeof BET_STATUSES)[number];
const FILTERS = ['game_type', 'status', 'game', 'account', 'agent'] as const;
const TONE: Record<BetStatus, string> = { open: 'info', won: 'ok', lost: 'muted', draw: 'warn', cancelled: 'danger', void: 'warn', cashout: 'ok' };

/** Every bet of every game family and member (spec §2 "betting history"), filters in the address bar, totals, Excel. */
export function BetsPage() {
  const { t, i18n } = useTranslation();
  const { values, from, to, page, set } = useUrlFilters(FILTERS);
  const [draft, setDraft] = useState({ game: values.game, account: values.account, agent: values.agent });
  const filter = {
    startedAt: from,
    endedAt: to,
    game_type: (values.game_type || undefined) as GameType | undefined,
    status: (values.status || undefined) as BetStatus | undefined,
    game: values.game || undefined,
    account: values.account || undefined,
    agent: values.agent || undefined,
  };
  const q = useBetList({ ...filter, skip: skipOf(page) });
  const m = (v: string) => formatMoney(v, i18n.language);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ game: draft.game.trim(), account: draft.account.trim(), agent: draft.agent.trim() });
  };
  const gameType = (g: GameType) => t(`adminRecords.gameTypes.${g}`);
  const status = (s: BetStatus) => t(`adminRecords.betStatuses.${s}`);
  const profit = (r: AgentBetRow) => (BigInt(r.amount) - BigInt(r.win_amount)).toString();
  return (
    <BackofficePage
      title={t('adminRecords.bets.title')}
      testId="admin-bets"
      className="ad-rec-filters-wide"
      filters={
        <Filters onSubmit={submit}>
          <DateRangeFilter from={from} to={to} onChange={(r) => set({ from: r.from, to: r.to })} />
          <SelectFilter
            className="ui-input ad-select"
            value={(values.game_type || '') as GameType | ''}
            onChange={(v) => set({ game_type: v })}
            options={GAME_TYPES}
            label={gameType}
            allLabel={t('adminRecords.common.allGameTypes')}
            ariaLabel={t('adminRecords.bets.cols.gameType')}
            testId="admin-bets-game-type"
          />
          <SelectFilter
            className="ui-input ad-select"
            value={(values.status || '') as BetStatus | ''}
            onChange={(v) => set({ status: v })}
            options={BET_STATUSES}
            label={status}
            allLabel={t('adminRecords.common.allStatuses')}
            ariaLabel={t('adminRecords.bets.cols.status')}
            testId="admin-bets-status"
          />
          {(['game', 'account', 'agent'] as const).map((k) => (
            <input
              key={k}
              className="ui-input ad-rec-search"
              placeholder={t(`adminRecords.common.${k}`)}
              aria-label={t(`adminRecords.common.${k}`)}
              data-testid={`admin-bets-${k}`}
              value={draft[k]}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
            />
          ))}
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-bets-search">
            {t('adminRecords.common.search')}
          </button>
          <ExportXlsxButton
            filename={`bets-${from}-${to}`}
            columns={[
              { header: 'ID', value: (r: AgentBetRow) => r.id },
              { header: t('adminRecords.bets.cols.time'), value: (r) => formatDateTime(r.created_at) },
              { header: t('adminRecords.common.accountCol'), value: (r) => r.account, text: true },
              { header: t('adminRecords.bets.cols.gameType'), value: (r) => gameType(r.game_type) },
              { header: t('adminRecords.bets.cols.game'), value: (r) => r.game },
              { header: t('adminRecords.bets.cols.round'), value: (r) => r.round },
              { header: t('adminRecords.bets.cols.odds'), value: (r) => r.odds },
              { header: t('adminRecords.bets.cols.amount'), value: (r) => r.amount },
              { header: t('adminRecords.bets.cols.win'), value: (r) => r.win_amount },
              { header: t('adminRecords.bets.cols.profit'), value: (r) => profit(r) },
              { header: t('adminRecords.bets.cols.status'), value: (r) => status(r.status) },
            ]}
            rows={() => exportBets(filter)}
            testId="admin-bets-export"
          />
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('adminRecords.common.loadFailed')}
        paging={{ page, onPage: (p) => set({ page: String(p) }) }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'admin-bet-row', 'data-account': r.account, 'data-id': r.id })}
        emptyText={t('adminRecords.bets.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (r: AgentBetRow) => r.id, className: 'num', footer: t('adminRecords.common.totals') },
          { id: 'time', header: t('adminRecords.bets.cols.time'), cell: (r: AgentBetRow) => formatDateTime(r.created_at), className: 'mono' },
          { id: 'account', header: t('adminRecords.common.accountCol'), cell: (r: AgentBetRow) => r.account, className: 'strong' },
          { id: 'type', header: t('adminRecords.bets.cols.gameType'), cell: (r: AgentBetRow) => gameType(r.game_type) },
          {
            id: 'game',
            header: t('adminRecords.bets.cols.game'),
            cell: (r: AgentBetRow) => (
              <span title={r.selections.map((s) => `${s.name} · ${s.pick} @${s.odds}`).join('\n')}>
                {r.game}
                {r.bet_type === 'combo' ? ` (${t('adminRecords.bets.combo', { count: r.selections.length })})` : ''}
              </span>
            ),
          },
          { id: 'round', header: t('adminRecords.bets.cols.round'), cell: (r: AgentBetRow) => r.round ?? '-', className: 'mono' },
          { id: 'odds', header: t('adminRecords.bets.cols.odds'), cell: (r: AgentBetRow) => r.odds, className: 'num', headClassName: 'num' },
          {
            id: 'amount',
            header: t('adminRecords.bets.cols.amount'),
            cell: (r: AgentBetRow) => m(r.amount),
            className: 'num strong',
            headClassName: 'num',
            footer: q.data ? <span data-testid="admin-bets-total-amount">{m(q.data.totals.amount)}</span> : null,
          },
          {
            id: 'win',
            header: t('adminRecords.bets.cols.win'),
            cell: (r: AgentBetRow) => m(r.win_amount),
            className: 'num',
            headClassName: 'num',
            footer: q.data ? m(q.data.totals.win_amount) : null,
          },
          {
            id: 'profit',
            header: t('adminRecords.bets.cols.profit'),
            cell: (r: AgentBetRow) => m(profit(r)),
            className: (r: AgentBetRow) => (BigInt(profit(r)) < 0n ? 'num ad-rec-neg' : 'num'),
            headClassName: 'num',
            footer: q.data ? m(q.data.totals.profit) : null,
          },
          {
            id: 'status',
            header: t('adminRecords.bets.cols.status'),
            cell: (r: AgentBetRow) => <Badge tone={TONE[r.status]}>{status(r.status)}</Badge>,
          },
          {
            id: 'balance',
            header: t('adminRecords.bets.cols.balance'),
            cell: (r: AgentBetRow) => `${m(r.money_before)} → ${m(r.money_after)}`,
            className: 'num mono',
            headClassName: 'num',
          },
        ]}
      />
    </BackofficePage>
  );
}
