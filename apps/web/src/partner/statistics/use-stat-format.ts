import { useTranslation } from 'react-i18next';
import { formatUnits } from '../../lib/money.ts';

/** How the statistics cells write numbers: the reader's language, counts with their unit ("3건"). */
export function useStatFormat() {
  const { t, i18n } = useTranslation();
  return { lang: i18n.language, countText: (count: number) => t('partnerStats.countUnit', { n: formatUnits(String(count), i18n.language) }) };
}
