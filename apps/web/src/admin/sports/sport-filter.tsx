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
