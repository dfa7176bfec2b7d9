import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@wager/contracts/constants';
import { readLocal, writeLocal } from '../lib/storage.ts';
import type { Messages } from './types.ts';

const LANGUAGE_KEY = 'language';

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  ko: () => import('./locales/ko.ts'),
  ja: () => import('./locales/ja.ts'),
  vi: () => import('./locales/vi.ts'),
  th: () => import('./locales/th.ts'),
  en: () => import('./locales/en.ts'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The chosen interface language (spec §1: kept in localStorage, Korean by default). */
export function currentLanguage(): Language {
  const stored = readLocal(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'ko';
}

export function rememberLanguage(language: Language): void {
  writeLocal(LANGUAGE_KEY, language);
}

// Each feature area keeps its strings in its own files (areas/<area>/<lang>.ts), merged here.
const areaLoaders: Record<'money' | 'community' | 'betting' | 'adminOps' | 'account', Record<Language, () => Promise<{ default: object }>>> = {
  money: {
    ko: () => import('./areas/money/ko.ts'),
    ja: () => import('./areas/money/ja.ts'),
    vi: () => import('./areas/money/vi.ts'),
    th: () => import('./areas/money/th.ts'),
    en: () => import('./areas/money/en.ts'),
  },
  community: {
    ko: () => import('./areas/community/ko.ts'),
    ja: () => import('./areas/community/ja.ts'),
    vi: () => import('./areas/community/vi.ts'),
    th: () => import('./areas/community/th.ts'),
    en: () => import('./areas/community/en.ts'),
  },
  betting: {
    ko: () => import('./areas/betting/ko.ts'),
    ja: () => import('./areas/betting/ja.ts'),
    vi: () => import('./areas/betting/vi.ts'),
    th: () => import('./areas/betting/th.ts'),
    en: () => import('./areas/betting/en.ts'),
  },
  adminOps: {
    ko: () => import('./areas/adminOps/ko.ts'),
    ja: () => import('./areas/adminOps/ja.ts'),
    vi: () => import('./areas/adminOps/vi.ts'),
    th: () => import('./areas/adminOps/th.ts'),
    en: () => import('./areas/adminOps/en.ts'),
  },
  account: {
    ko: () => import('./areas/account/ko.ts'),
    ja: () => import('./areas/account/ja.ts'),
    vi: () => import('./areas/account/vi.ts'),
    th: () => import('./areas/account/th.ts'),
    en: () => import('./areas/account/en.ts'),
  },
};

/** Loads only the active language's strings, then starts i18next. */
export async function startI18n(): Promise<typeof i18next> {
  const language = currentLanguage();
  const [main, money, community, betting, adminOps, account] = await Promise.all([
    loaders[language](),
    areaLoaders.money[language](),
    areaLoaders.community[language](),
    areaLoaders.betting[language](),
    areaLoaders.adminOps[language](),
    areaLoaders.account[language](),
  ]);
  const messages = {
    ...main.default,
    money: money.default,
    community: community.default,
    betting: betting.default,
    adminOps: adminOps.default,
    account: account.default,
  };
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export { i18next };
