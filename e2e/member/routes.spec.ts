import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, submitMemberLogin } from '../support/browser.ts';

/** Every player route of spec §2 (with sample ids and queries). */
const ROUTES = [
  '/',
  '/game/europe-sports',
  '/game/europe-sports/1',
  '/game/inplay',
  '/game/inplay/1',
  '/game/sports/cross',
  '/game/sports/special',
  '/game/sports/special2',
  '/game/sports/live',
  '/game/slot',
  '/game/casino',
  ...[1, 2, 3, 4, 5].map((n) => `/game/powerball/ntry/eos${n}`),
  '/game/powerball/ntry/powerball',
  '/game/powerball/ntry/eos1?type=eos3',
  '/game/minigame/ntry/powerladder',
  '/game/minigame/ntry/kenoladder',
  '/game/minigame/ntry/speedkeno',
  ...[1, 2, 3, 4, 5].map((n) => `/game/powerball/bepick/eos${n}`),
  '/game/powerball/bepick/happy545',
  '/game/minigame/bepick/marukhan',
  '/board/betting-history',
  '/board/customer',
  '/board/event',
  '/board/message',
  '/board/notice',
  '/board/freeboard',
  '/board/point',
  '/board/game-result',
  '/board/game-rule',
  '/board/money-deposit',
  '/board/casino-balance',
  '/board/money-withdraw',
  '/board/view?type=notice&id=1',
  '/board/friend',
  '/slots/pragmatic/slot',
  '/popup/slot',
  '/popup/livecasino',
];

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, DESKTOP));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  await page.goto('/board/notice');
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, 'user2', '1234');
  await page.getByTestId('header-nickname').waitFor();
});
afterAll(() => browser?.close());

// Game pages keep a stream open and poll their rounds, so the network never goes idle there.
test('every player route renders for a logged-in player without console errors', { timeout: 240_000 }, async () => {
  for (const route of ROUTES) {
    await page.goto(route);
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    // A route that exists never shows the not-found page or the login modal.
    expect(await page.getByTestId('not-found').count(), route).toBe(0);
    expect(await page.getByTestId('login-modal').count(), route).toBe(0);
  }
  expect(errors).toEqual([]);
});

test('an unknown path shows the error page', async () => {
  await page.goto('/no/such/page');
  await page.getByTestId('not-found').waitFor();
  expect(await page.getByTestId('not-found').textContent()).toContain('찾을 수 없습니다');
});
