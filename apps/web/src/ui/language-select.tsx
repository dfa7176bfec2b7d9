import { LANGUAGES, type Language } from '@wager/contracts/constants';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/change-language.ts';
import { isLanguage } from '../i18n/index.ts';

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={className ? `ui-lang ${className}` : 'ui-lang'}
      aria-label={t('common.language')}
      data-testid="language-select"
      value={i18n.language}
      onChange={(e) => {
        if (isLanguage(e.target.value)) void changeLanguage(e.target.value as Language);
      }}
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang}>
          {t(`languages.${lang}`)}
        </option>
      ))}
    </select>
  );
}
