import { expect, test } from 'vitest';
import { hidesFooter, isBarePath } from './shell-rules.ts';

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
