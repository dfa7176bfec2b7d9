import type { TFunction, i18n as I18n } from 'i18next';

/**
 * The words for a key the server sends (a game, market or pick key, a vendor code) when the
 * locale files have them, else `fallback` (the key itself, or the server's own name for it).
 */
export function labelOr(t: TFunction, i18n: I18n, path: string, fallback: string): string {
  return i18n.exists(path) ? (t(path as never) as string) : fallback;
}
