import { expect, test } from 'vitest';
import type { PlayerLoginInfo } from '@wager/contracts';
import { hasPartnerLink, hidesFooter, isBarePath } from './shell-rules.ts';

test('login, logout, popups and slot windows show no header or side bar', () => {
  for (const path of ['/login', '/logout', '/popup/slot', '/popup/livecasino', '/slots/pragmatic/video']) expect(isBarePath(path)).toBe(true);
  for (const path of ['/', '/game/casino', '/board/notice', '/loginx', '/slotsy']) expect(isBarePath(path)).toBe(false);
});

test('paths containing /game hide the mobile footer', () => {
  expect(hidesFooter('/game/slot')).toBe(true);
  expect(hidesFooter('/game/powerball/ntry/eos1')).toBe(true);
  expect(hidesFooter('/board/notice')).toBe(false);
  expect(hidesFooter('/')).toBe(false);
});

test('the partner link shows only when some rolling percentage or incentive is above 0', () => {
  const none = { casino_percent: 0, casino_win_percent: 0, casino_lose_percent: 0, slot_percent: 0 } as unknown as PlayerLoginInfo['rolling_json'];
  expect(hasPartnerLink({ rolling_json: none })).toBe(false);
  expect(hasPartnerLink({ rolling_json: { ...none, slot_percent: 0.5 } })).toBe(true);
});
