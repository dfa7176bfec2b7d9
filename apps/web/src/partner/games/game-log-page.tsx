import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BET_STATUSES, type BetRow } from '@wager/contracts';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { useGameLogs } from '../detail/queries.ts';
import { BetTotals, betColumns } from './bet-columns.tsx';
import '../detail/detail.css';

type Filter = { account: string; status: BetRow['status'] | ''; range: DateRange };

/**
 * /pa-game-sports and /pa-game-minigame (spec §2): the bets of the agent's whole subtree in one
 * game family, filtered by member, result and day range (today by default), with totals; a
 * member's account opens its detail popup.
 */
export function PartnerGameLogPage({ type }: { type: 'sports' | 'minigame' }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Filter>(() => ({ account: '', status: '', range: todayRange() }));
  const [filter, setFilter] = useState(draft);
  const [page, setPage] = useState(1);
  const q = useGameLogs({
    game_type: type,
    account: filter.account.trim() || undefined,
    status: filter.status || undefined,
    startedAt: filter.range.from,
    endedAt: filter.range.to,
    skip: skipOf(page),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilter(draft);
    setPage(1);
  }
  return (
    <BackofficePage
      title={t(`partner.menu.pa-game-${type}`)}
      testId={`pa-game-${type}`}
      filters={
        <Filters onSubmit={submit}>
          <input
            className="ui-input"
            data-testid="pa-game-account"
            placeholder={t('partnerDetail.bets.accountFilter')}
            aria-label={t('partnerDetail.bets.accountFilter')}
            value={draft.account}
            onChange={(e) => setDraft((d) => ({ ...d, account: e.target.value }))}
          />
          <SelectFilter
            className="ui-input"
            value={draft.status}
            onChange={(status) => setDraft((d) => ({ ...d, status }))}
            options={BET_STATUSES}
            label={(s) => t(`betting.statuses.${s}`)}
            allLabel={t('partnerDetail.bets.allStatuses')}
            ariaLabel={t('partnerDetail.bets.status')}
          />
          <DateRangeFilter from={draft.range.from} to={draft.range.to} onChange={(range) => setDraft((d) => ({ ...d, range }))} />
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-game-search">
            {t('partnerDetail.bets.search')}
          </button>
        </Filters>
      }
    >
      <ListFrame
        query={q}
        errorText={t('partnerDetail.loadFailed')}
        paging={{ page, onPage: setPage }}
        summary={(d) => <BetTotals totals={d.totals} lang={i18n.language} t={t} />}
        rows={(d) => d.rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-account': r.account, 'data-bet': r.id })}
        emptyText={t('partnerDetail.bets.empty')}
        testId={`pa-game-${type}-list`}
        columns={betColumns(t, i18n.language, { account: true })}
      />
    </BackofficePage>
  );
}
