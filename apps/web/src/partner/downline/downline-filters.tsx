import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_STATUSES, type MemberStatus } from '@wager/contracts';
import { Filters } from '../../ui/backoffice/page.tsx';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';

export type DownlineFilter = { search: string; status: MemberStatus | '' };

/** Search (account or nickname) and status, applied on submit; both downline lists use it. */
export function DownlineFilters({ onApply }: { onApply: (f: DownlineFilter) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DownlineFilter>({ search: '', status: '' });
  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }
  return (
    <Filters onSubmit={submit}>
      <input
        className="ui-input"
        data-testid="pa-downline-search"
        placeholder={t('partnerDownline.searchPlaceholder')}
        aria-label={t('partnerDownline.searchPlaceholder')}
        value={draft.search}
        onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
      />
      <SelectFilter
        className="ui-input"
        value={draft.status}
        onChange={(status) => setDraft((d) => ({ ...d, status }))}
        options={MEMBER_STATUSES}
        label={(s) => t(`partnerDownline.statuses.${s}`)}
        allLabel={t('partnerDownline.allStatuses')}
        ariaLabel={t('partnerDownline.col.status')}
      />
      <button type="submit" className="ui-btn ui-btn-primary">
        {t('partnerDownline.search')}
      </button>
    </Filters>
  );
}

/** The body the list calls take from the applied filter and page. */
export const listBody = (f: DownlineFilter, page: number) => ({
  search: f.search.trim() || undefined,
  status: f.status || undefined,
  skip: skipOf(page),
});
