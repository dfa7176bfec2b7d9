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
const areaLoaders: Record<
  | 'money'
  | 'community'
  | 'betting'
  | 'adminOps'
  | 'account'
  | 'sports'
  | 'minigames'
  | 'casino'
  | 'adminSports'
  | 'adminGames'
  | 'adminTree'
  | 'adminMembers'
  | 'adminRecords'
  | 'adminSite'
  | 'adminContent'
  | 'adminRoles'
  | 'adminSettings'
  | 'partnerDownline'
  | 'losing'
  | 'partnerStar'
  | 'partnerBoard'
  | 'partnerStats'
  | 'partnerDetail'
  | 'partnerMoney'
  | 'protectionReports',
  Record<Language, () => Promise<{ default: object }>>
> = {
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
  sports: {
    ko: () => import('./areas/sports/ko.ts'),
    ja: () => import('./areas/sports/ja.ts'),
    vi: () => import('./areas/sports/vi.ts'),
    th: () => import('./areas/sports/th.ts'),
    en: () => import('./areas/sports/en.ts'),
  },
  minigames: {
    ko: () => import('./areas/minigames/ko.ts'),
    ja: () => import('./areas/minigames/ja.ts'),
    vi: () => import('./areas/minigames/vi.ts'),
    th: () => import('./areas/minigames/th.ts'),
    en: () => import('./areas/minigames/en.ts'),
  },
  casino: {
    ko: () => import('./areas/casino/ko.ts'),
    ja: () => import('./areas/casino/ja.ts'),
    vi: () => import('./areas/casino/vi.ts'),
    th: () => import('./areas/casino/th.ts'),
    en: () => import('./areas/casino/en.ts'),
  },
  adminSports: {
    ko: () => import('./areas/adminSports/ko.ts'),
    ja: () => import('./areas/adminSports/ja.ts'),
    vi: () => import('./areas/adminSports/vi.ts'),
    th: () => import('./areas/adminSports/th.ts'),
    en: () => import('./areas/adminSports/en.ts'),
  },
  adminGames: {
    ko: () => import('./areas/adminGames/ko.ts'),
    ja: () => import('./areas/adminGames/ja.ts'),
    vi: () => import('./areas/adminGames/vi.ts'),
    th: () => import('./areas/adminGames/th.ts'),
    en: () => import('./areas/adminGames/en.ts'),
  },
  adminSite: {
    ko: () => import('./areas/adminSite/ko.ts'),
    ja: () => import('./areas/adminSite/ja.ts'),
    vi: () => import('./areas/adminSite/vi.ts'),
    th: () => import('./areas/adminSite/th.ts'),
    en: () => import('./areas/adminSite/en.ts'),
  },
  adminRecords: {
    ko: () => import('./areas/adminRecords/ko.ts'),
    ja: () => import('./areas/adminRecords/ja.ts'),
    vi: () => import('./areas/adminRecords/vi.ts'),
    th: () => import('./areas/adminRecords/th.ts'),
    en: () => import('./areas/adminRecords/en.ts'),
  },
  adminTree: {
    ko: () => import('./areas/adminTree/ko.ts'),
    ja: () => import('./areas/adminTree/ja.ts'),
    vi: () => import('./areas/adminTree/vi.ts'),
    th: () => import('./areas/adminTree/th.ts'),
    en: () => import('./areas/adminTree/en.ts'),
  },
  adminMembers: {
    ko: () => import('./areas/adminMembers/ko.ts'),
    ja: () => import('./areas/adminMembers/ja.ts'),
    vi: () => import('./areas/adminMembers/vi.ts'),
    th: () => import('./areas/adminMembers/th.ts'),
    en: () => import('./areas/adminMembers/en.ts'),
  },
  adminContent: {
    ko: () => import('./areas/adminContent/ko.ts'),
    ja: () => import('./areas/adminContent/ja.ts'),
    vi: () => import('./areas/adminContent/vi.ts'),
    th: () => import('./areas/adminContent/th.ts'),
    en: () => import('./areas/adminContent/en.ts'),
  },
  adminRoles: {
    ko: () => import('./areas/adminRoles/ko.ts'),
    ja: () => import('./areas/adminRoles/ja.ts'),
    vi: () => import('./areas/adminRoles/vi.ts'),
    th: () => import('./areas/adminRoles/th.ts'),
    en: () => import('./areas/adminRoles/en.ts'),
  },
  adminSettings: {
    ko: () => import('./areas/adminSettings/ko.ts'),
    ja: () => import('./areas/adminSettings/ja.ts'),
    vi: () => import('./areas/adminSettings/vi.ts'),
    th: () => import('./areas/adminSettings/th.ts'),
    en: () => import('./areas/adminSettings/en.ts'),
  },
  partnerBoard: {
    ko: () => import('./areas/partnerBoard/ko.ts'),
    ja: () => import('./areas/partnerBoard/ja.ts'),
    vi: () => import('./areas/partnerBoard/vi.ts'),
    th: () => import('./areas/partnerBoard/th.ts'),
    en: () => import('./areas/partnerBoard/en.ts'),
  },
  losing: {
    ko: () => import('./areas/losing/ko.ts'),
    ja: () => import('./areas/losing/ja.ts'),
    vi: () => import('./areas/losing/vi.ts'),
    th: () => import('./areas/losing/th.ts'),
    en: () => import('./areas/losing/en.ts'),
  },
  partnerDownline: {
    ko: () => import('./areas/partnerDownline/ko.ts'),
    ja: () => import('./areas/partnerDownline/ja.ts'),
    vi: () => import('./areas/partnerDownline/vi.ts'),
    th: () => import('./areas/partnerDownline/th.ts'),
    en: () => import('./areas/partnerDownline/en.ts'),
  },
  partnerStar: {
    ko: () => import('./areas/partnerStar/ko.ts'),
    ja: () => import('./areas/partnerStar/ja.ts'),
    vi: () => import('./areas/partnerStar/vi.ts'),
    th: () => import('./areas/partnerStar/th.ts'),
    en: () => import('./areas/partnerStar/en.ts'),
  },
  partnerStats: {
    ko: () => import('./areas/partnerStats/ko.ts'),
    ja: () => import('./areas/partnerStats/ja.ts'),
    vi: () => import('./areas/partnerStats/vi.ts'),
    th: () => import('./areas/partnerStats/th.ts'),
    en: () => import('./areas/partnerStats/en.ts'),
  },
  partnerMoney: {
    ko: () => import('./areas/partnerMoney/ko.ts'),
    ja: () => import('./areas/partnerMoney/ja.ts'),
    vi: () => import('./areas/partnerMoney/vi.ts'),
    th: () => import('./areas/partnerMoney/th.ts'),
    en: () => import('./areas/partnerMoney/en.ts'),
  },
  partnerDetail: {
    ko: () => import('./areas/partnerDetail/ko.ts'),
    ja: () => import('./areas/partnerDetail/ja.ts'),
    vi: () => import('./areas/partnerDetail/vi.ts'),
    th: () => import('./areas/partnerDetail/th.ts'),
    en: () => import('./areas/partnerDetail/en.ts'),
  },
  protectionReports: {
    ko: () => import('./areas/protectionReports/ko.ts'),
    ja: () => import('./areas/protectionReports/ja.ts'),
    vi: () => import('./areas/protectionReports/vi.ts'),
    th: () => import('./areas/protectionReports/th.ts'),
    en: () => import('./areas/protectionReports/en.ts'),
  },
};

/** Loads only the active language's strings, then starts i18next. */
export async function startI18n(): Promise<typeof i18next> {
  const language = currentLanguage();
  const [
    main,
    money,
    community,
    betting,
    adminOps,
    account,
    sports,
    minigames,
    casino,
    adminSports,
    adminGames,
    adminTree,
    adminMembers,
    adminRecords,
    adminSite,
    adminContent,
    adminRoles,
    adminSettings,
    partnerBoard,
    partnerDownline,
    losing,
    partnerStar,
    partnerStats,
    partnerDetail,
    partnerMoney,
    protectionReports,
  ] = await Promise.all([
    loaders[language](),
    areaLoaders.money[language](),
    areaLoaders.community[language](),
    areaLoaders.betting[language](),
    areaLoaders.adminOps[language](),
    areaLoaders.account[language](),
    areaLoaders.sports[language](),
    areaLoaders.minigames[language](),
    areaLoaders.casino[language](),
    areaLoaders.adminSports[language](),
    areaLoaders.adminGames[language](),
    areaLoaders.adminTree[language](),
    areaLoaders.adminMembers[language](),
    areaLoaders.adminRecords[language](),
    areaLoaders.adminSite[language](),
    areaLoaders.adminContent[language](),
    areaLoaders.adminRoles[language](),
    areaLoaders.adminSettings[language](),
    areaLoaders.partnerBoard[language](),
    areaLoaders.partnerDownline[language](),
    areaLoaders.losing[language](),
    areaLoaders.partnerStar[language](),
    areaLoaders.partnerStats[language](),
    areaLoaders.partnerDetail[language](),
    areaLoaders.partnerMoney[language](),
    areaLoaders.protectionReports[language](),
  ]);
  const messages = {
    ...main.default,
    money: money.default,
    community: community.default,
    betting: betting.default,
    adminOps: adminOps.default,
    account: account.default,
    sports: sports.default,
    minigames: minigames.default,
    casino: casino.default,
    adminSports: adminSports.default,
    adminGames: adminGames.default,
    adminTree: adminTree.default,
    adminMembers: adminMembers.default,
    adminRecords: adminRecords.default,
    adminSite: adminSite.default,
    adminContent: adminContent.default,
    adminRoles: adminRoles.default,
    adminSettings: adminSettings.default,
    partnerBoard: partnerBoard.default,
    partnerDownline: partnerDownline.default,
    losing: losing.default,
    partnerStar: partnerStar.default,
    partnerStats: partnerStats.default,
    partnerDetail: partnerDetail.default,
    partnerMoney: partnerMoney.default,
    protectionReports: protectionReports.default,
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
