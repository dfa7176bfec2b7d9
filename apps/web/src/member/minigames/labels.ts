import type { TFunction, i18n as I18n } from 'i18next';
import { labelOr } from '../../i18n/label-or.ts';

/**
 * Market, pick and game names come from the server's rule data as keys; their words live in this
 * area's i18n files. An unknown key (a market added on the server first) shows as the key itself.
 */
function labelOf(t: TFunction, i18n: I18n, group: 'market' | 'pick' | 'game' | 'rule' | 'team', key: string): string {
  return labelOr(t, i18n, `minigames.${group}.${key}`, key);
}

export const marketLabel = (t: TFunction, i18n: I18n, key: string) => labelOf(t, i18n, 'market', key);
export const pickLabel = (t: TFunction, i18n: I18n, key: string) => labelOf(t, i18n, 'pick', key);
export const gameLabel = (t: TFunction, i18n: I18n, key: string) => labelOf(t, i18n, 'game', key);
export const ruleText = (t: TFunction, i18n: I18n, key: string) => labelOf(t, i18n, 'rule', key);
export const teamLabel = (t: TFunction, i18n: I18n, name: string) => labelOf(t, i18n, 'team', name);

/** Tone class for a pick chip (odd/even, under/over, sizes, sides) so charts read at a glance. */
export function pickTone(pick: string): string {
  // Roulette's colours are the pick itself: red shows red, black a neutral tone (not blue).
  if (pick === 'red') return 'is-b';
  if (pick === 'black') return 'is-k';
  if (/^(odd|left|under|small|meron|home|low|line3|first|yes)/.test(pick)) return 'is-a';
  if (/^(even|right|over|large|big|wala|away|high|line4|third|no)/.test(pick)) return 'is-b';
  if (/^(medium|draw|green|zero|triple|second)/.test(pick)) return 'is-c';
  return 'is-n';
}
