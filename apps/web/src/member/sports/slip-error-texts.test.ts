import { beforeAll, describe, expect, it } from 'vitest';
import { errorText } from '../../i18n/error-text.ts';
import { i18next } from '../../i18n/index.ts';
import en from '../../i18n/locales/en.ts';
import ja from '../../i18n/locales/ja.ts';
import ko from '../../i18n/locales/ko.ts';
import th from '../../i18n/locales/th.ts';
import vi from '../../i18n/locales/vi.ts';

/**
 * Issue 9, acceptance 2: every refusal of the bet slip reaches the player as its own text in the
 * reader's language, with the numbers the server sends (params as thrown in
 * apps/server/src/modules/sports/slip-rules.ts; the server tests assert the codes themselves).
 */
const SLIP_REFUSALS: [code: string, params?: Record<string, string | number>][] = [
  ['sports_betting_closed'], // closing seconds before the start
  ['sports_bet_min', { amount: '1000' }],
  ['sports_bet_max', { amount: '1000000' }],
  ['sports_win_max', { amount: '10000000' }],
  ['sports_single_max', { amount: '500000' }],
  ['sports_odds_too_high', { odds: '100.00' }],
  ['sports_folders_max', { count: 10 }],
  ['sports_combo_threshold', { count: 3, odds: '1.30' }],
  ['sports_single_banned'],
  ['sports_two_folder_banned'],
  ['sports_hedge_banned'],
  ['sports_multi_folder_banned'],
  ['sports_same_game_banned'],
  ['sports_related_banned'],
  ['sports_special_combo_banned'],
  ['activity_restricted', { activity: 'sports_single' }],
  ['sports_duplicate_bet'],
  ['sports_round_bet_max', { amount: '100000' }],
  ['sports_round_win_max', { amount: '200000' }],
  ['odds_changed', { count: 1, changes: '12:2.55' }],
  ['sports_inplay_changed'],
  ['sports_bet_stop'],
  ['sports_not_on_sale'],
  ['sports_league_stopped'],
  ['sports_market_closed'],
  ['sports_outcome_inactive'],
  ['sports_outcome_unknown'],
  ['sports_board_mismatch'],
  ['sports_betting_off'],
  ['sports_level_not_allowed'],
  ['sports_selection_repeated'],
  ['sports_cancel_off'],
  ['sports_cancel_closed', { minutes: 10 }],
  ['sports_cancel_expired', { minutes: 30 }],
  ['sports_cancel_daily_limit', { count: 3 }],
  ['sports_cancel_started'],
  ['sports_bet_not_open'],
];

const LOCALES = { ko, ja, vi, th, en };

beforeAll(async () => {
  const resources = Object.fromEntries(Object.entries(LOCALES).map(([lng, translation]) => [lng, { translation }]));
  await i18next.init({ lng: 'ko', fallbackLng: false, resources, interpolation: { escapeValue: false } });
});

describe('bet slip refusals in five languages', () => {
  for (const lng of Object.keys(LOCALES)) {
    it(`${lng}: each refusal has its own text with its numbers filled in`, async () => {
      await i18next.changeLanguage(lng);
      const unknown = i18next.t('errors.unknown');
      const texts = new Map<string, string>();
      for (const [code, params] of SLIP_REFUSALS) {
        const text = errorText({ code, message: 'server English', params });
        expect(text, code).not.toBe(unknown);
        expect(text, code).not.toMatch(/\{\{|server English/);
        // Counts, odds and minutes appear as sent; amounts as money ("1,000" in every locale's grouping here).
        // odds_changed's params drive the slip (which prices moved), not the sentence.
        const shown = code === 'odds_changed' ? {} : (params ?? {});
        for (const [k, v] of Object.entries(shown)) {
          if (k === 'count' || k === 'odds' || k === 'minutes') expect(text, `${code} ${k}`).toContain(String(v));
          if (k === 'amount') expect(text.replace(/[^0-9]/g, ''), `${code} amount`).toContain(String(v));
        }
        texts.set(code, text);
      }
      // No two rules share a text: the player can tell what to fix.
      expect(new Set(texts.values()).size).toBe(texts.size);
    });
  }
});
