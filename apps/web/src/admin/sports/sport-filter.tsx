import { useTranslation } from 'react-i18next';
import { SPORTS } from '@wager/contracts';
import { SelectFilter } from '../../ui/backoffice/select-filter.tsx';

type Sport = (typeof SPORTS)[number];

/** The sport filter of the sports back office ("all" first). */
export function SportFilter({ value, onChange }: { value: Sport | ''; onChange: (v: Sport | '') => void }) {
  const { t } = useTranslation();
  return (
    <SelectFilter
      className="ad-select"
      value={value}
      options={SPORTS}
      ariaLabel={t('adminSports.common.sport')}
      allLabel={t('adminSports.common.all')}
      label={(s) => t(`adminSports.sport.${s}`)}
      onChange={onChange}
    />
  );
}

/** Sport and a free-text search, the filters of the fixture and team lists. */
export function SportSearch({
  sport,
  search,
  onSport,
  onSearch,
  searchTestId,
}: {
  sport: Sport | '';
  search: string;
  onSport: (v: Sport | '') => void;
  onSearch: (v: string) => void;
  searchTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SportFilter value={sport} onChange={onSport} />
      <input
        className="ui-input ad-search"
        placeholder={t('adminSports.common.search')}
        value={search}
        data-testid={searchTestId}
        onChange={(e) => onSearch(e.target.value)}
      />
    </>
  );
}
