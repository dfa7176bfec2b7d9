import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_STATUSES, LEDGER_ASSETS, type BetRow } from '@wager/contracts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { casinoColumns } from '../casino/columns.tsx';
import { useDownlineCasinoHistory } from '../casino/queries.ts';
import { BetTotals, betColumns } from '../games/bet-columns.tsx';
import { useMemberBank, useMemberBets, useMemberLedger, useMemberSessions } from './queries.ts';
import { formatDateTime } from '../../lib/date.ts';

// The member detail's list tabs: each a date range (today by default, spec §2) over one of the
// member's reads, 20 rows a page.

/** A date range and a page that goes back to 1 whenever the range changes. */
function useRangePage() {
  const [range, setRange] = useState<DateRange>(() => todayRange());
  const [page, setPage] = useState(1);
  return {
    range,
    page,
    setPage,
    onRange: (r: DateRange) => {
      setRange(r);
      setPage(1);
    },
    body: { startedAt: range.from, endedAt: range.to, skip: skipOf(page) },
  };
}

/** Money, points, eggs or casino money: the member's ledger postings with the balance before and after. */
export function LedgerTab({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [asset, setAsset] = useState<(typeof LEDGER_ASSETS)[number]>('money');
  const rp = useRangePage();
  const q = useMemberLedger({ user_id: userId, asset, ...rp.body });
  // The ledger's transaction kinds ('bet.place' …) in words; a kind without words shows as stored.
  const kindText = (kind: string) => t(`partnerDetail.ledger.kinds.${kind.replace(/\./g, '_')}` as never, { defaultValue: kind });
  const amount = (v: string) => (asset === 'money' || asset === 'casino' ? formatMoney(v, i18n.language) : formatPoints(v, i18n.language));
  return (
    <>
      <Filters>
        <select
          className="ui-input"
          data-testid="pa-detail-asset"
          aria-label={t('partnerDetail.tabs.ledger')}
          value={asset}
          onChange={(e) => {
            setAsset(e.target.value as (typeof LEDGER_ASSETS)[number]);
            rp.setPage(1);
          }}
        >
          {LEDGER_ASSETS.map((a) => (
            <option key={a} value={a}>
              {t(`partnerDetail.asset.${a}`)}
            </option>
          ))}
        </select>
        <DateRangeFilter from={rp.range.from} to={rp.range.to} onChange={rp.onRange} />
      </Filters>
      <ListFrame
        query={q}
        errorText={t('partnerDetail.loadFailed')}
        paging={{ page: rp.page, onPage: rp.setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        emptyText={t('partnerDetail.ledger.empty')}
        testId="pa-detail-ledger"
        columns={[
          { id: 'time', header: t('partnerDetail.ledger.time'), cell: (r) => formatDateTime(r.created_at) },
          { id: 'kind', header: t('partnerDetail.ledger.kind'), cell: (r) => kindText(r.kind) },
          { id: 'memo', header: t('partnerDetail.ledger.memo'), cell: (r) => r.memo ?? '', className: 'pa-cell-wrap' },
          { id: 'amount', header: t('partnerDetail.ledger.amount'), cell: (r) => amount(r.amount), className: 'num' },
          { id: 'before', header: t('partnerDetail.ledger.before'), cell: (r) => amount(r.balance_before), className: 'num' },
          { id: 'after', header: t('partnerDetail.ledger.after'), cell: (r) => amount(r.balance_after), className: 'num' },
        ]}
      />
    </>
  );
}

/** The member's sports or mini-game bets with a result filter and totals. */
export function BetsTab({ userId, gameType }: { userId: number; gameType: 'sports' | 'minigame' }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<BetRow['status'] | ''>('');
  const rp = useRangePage();
  const q = useMemberBets({ user_id: userId, game_type: gameType, status: status || undefined, ...rp.body });
  return (
    <>
      <Filters>
        <SelectFilter
          className="ui-input"
          value={status}
          onChange={(s) => {
            setStatus(s);
            rp.setPage(1);
          }}
          options={BET_STATUSES}
          label={(s) => t(`betting.statuses.${s}`)}
          allLabel={t('partnerDetail.bets.allStatuses')}
          ariaLabel={t('partnerDetail.bets.status')}
        />
        <DateRangeFilter from={rp.range.from} to={rp.range.to} onChange={rp.onRange} />
      </Filters>
      <ListFrame
        query={q}
        errorText={t('partnerDetail.loadFailed')}
        paging={{ page: rp.page, onPage: rp.setPage }}
        summary={(d) => <BetTotals totals={d.totals} lang={i18n.language} t={t} />}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-bet': r.id })}
        emptyText={t('partnerDetail.bets.empty')}
        testId={`pa-detail-bets-${gameType}`}
        columns={betColumns(t, i18n.language, { account: false })}
      />
    </>
  );
}

/** The member's casino and slot rounds: the casino history read by the member's account. */
export function CasinoTab({ account }: { account: string }) {
  const { t, i18n } = useTranslation();
  const rp = useRangePage();
  const q = useDownlineCasinoHistory({ account, ...rp.body });
  const m = (v: string) => formatMoney(v, i18n.language);
  return (
    <>
      <Filters>
        <DateRangeFilter from={rp.range.from} to={rp.range.to} onChange={rp.onRange} />
      </Filters>
      <ListFrame
        query={q}
        errorText={t('partnerDetail.loadFailed')}
        paging={{ page: rp.page, onPage: rp.setPage }}
        summary={(d) => (
          <p className="pa-note">
            {t('casino.history.totals', { count: d.totals.count, bet: m(d.totals.amount), win: m(d.totals.win_amount), profit: m(d.totals.profit) })}
          </p>
        )}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        emptyText={t('casino.history.empty')}
        testId="pa-detail-casino"
        columns={casinoColumns(t, i18n.language)}
      />
    </>
  );
}

/** The member's charge or exchange requests. */
export function BankTab({ userId, type }: { userId: number; type: 'charge' | 'exchange' }) {
  const { t, i18n } = useTranslation();
  const rp = useRangePage();
  const q = useMemberBank({ user_id: userId, type, ...rp.body });
  const when = (v: string | null) => (v ? formatDateTime(v) : '-');
  return (
    <>
      <Filters>
        <DateRangeFilter from={rp.range.from} to={rp.range.to} onChange={rp.onRange} />
      </Filters>
      <ListFrame
        query={q}
        errorText={t('partnerDetail.loadFailed')}
        paging={{ page: rp.page, onPage: rp.setPage }}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        emptyText={t('partnerDetail.bank.empty')}
        testId={`pa-detail-${type}`}
        columns={[
          { id: 'time', header: t('partnerDetail.bank.time'), cell: (r) => when(r.created_at) },
          { id: 'amount', header: t('partnerDetail.bank.amount'), cell: (r) => formatMoney(r.amount, i18n.language), className: 'num' },
          { id: 'status', header: t('partnerDetail.bank.status'), cell: (r) => t(`partnerDetail.bank.statuses.${r.status}`) },
          { id: 'bank', header: t('partnerDetail.bank.bank'), cell: (r) => [r.bank_name, r.bank_account].filter(Boolean).join(' ') || '-' },
          { id: 'holder', header: t('partnerDetail.bank.holder'), cell: (r) => r.holder ?? '-' },
          { id: 'processed', header: t('partnerDetail.bank.processed'), cell: (r) => when(r.processed_at) },
        ]}
      />
    </>
  );
}

/** The member's sign-ins, newest first, with where from and whether each is live. */
export function SessionsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useMemberSessions({ user_id: userId, skip: skipOf(page) });
  const when = (v: string) => formatDateTime(v);
  return (
    <ListFrame
      query={q}
      errorText={t('partnerDetail.loadFailed')}
      paging={{ page, onPage: setPage }}
      rows={(d) => d.rows}
      rowKey={(r) => r.id}
      emptyText={t('partnerDetail.sessions.empty')}
      testId="pa-detail-sessions"
      columns={[
        { id: 'started', header: t('partnerDetail.sessions.started'), cell: (r) => when(r.created_at) },
        { id: 'lastSeen', header: t('partnerDetail.sessions.lastSeen'), cell: (r) => when(r.last_seen_at) },
        { id: 'ip', header: t('partnerDetail.sessions.ip'), cell: (r) => r.ip ?? '-', className: 'mono' },
        { id: 'device', header: t('partnerDetail.sessions.device'), cell: (r) => r.device ?? '-' },
        { id: 'country', header: t('partnerDetail.sessions.country'), cell: (r) => r.country ?? '-' },
        { id: 'domain', header: t('partnerDetail.sessions.domain'), cell: (r) => r.domain ?? '-' },
        {
          id: 'state',
          header: t('partnerDetail.sessions.state'),
          cell: (r) => (r.live ? <span className="pa-online">{t('partnerDetail.sessions.live')}</span> : t('partnerDetail.sessions.ended')),
        },
      ]}
    />
  );
}
