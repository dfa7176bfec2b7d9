import type { i18n as I18n, TFunction } from 'i18next';

type Group = 'sport' | 'status' | 'betStatus' | 'outcome' | 'outcomeResult' | 'marketKind' | 'results.actions' | 'settings.boards';

/** A translated label from one of the area's groups, or the raw code when it has none (a new feed code). */
export function labelOf(t: TFunction, i18n: I18n, group: Group, code: string): string {
  const key = `adminSports.${group}.${code}`;
  return i18n.exists(key) ? (t(key as never) as string) : code;
}
