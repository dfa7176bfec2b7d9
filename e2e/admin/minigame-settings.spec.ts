import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, PHONE, saveScreenshot, type Screen } from '../support/browser.ts';

/**
 * Admin mini-game settings (spec §3 "Settings per game"): the admin edits one game in the
 * browser and the player's game definition follows. The game's settings are put back afterwards.
 */
const GAME = 'ntry_eos2';
const KEY = `minigame:${GAME}`;
let browser: Browser;
let token: string;
let original: Record<string, unknown>;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const answer = await apiCall('/api/admin/game-settings/get', { game: KEY }, token);
  if (!answer.result) throw new Error(`settings: ${JSON.stringify(answer)}`);
  original = answer.data.settings;
});
afterAll(async () => {
  if (original) await apiCall('/api/admin/game-settings/update', { game: KEY, settings: original }, token);
  await browser?.close();
});

const openAdmin = (screen: Screen = DESKTOP) => adminPage(browser, token, screen);

test('the admin changes one mini game: a bad value is named, a good one is saved and the player sees it', async () => {
  const { context, page } = await openAdmin(DESKTOP);
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-minigame-settings').click();
    await page.getByTestId('admin-minigame-settings').waitFor();
    expect(await page.getByTestId('mgs-row').count()).toBe(19);

    await page.getByTestId(`mgs-pick-${GAME}`).click();
    const editor = page.locator(`[data-testid="mgs-editor"][data-game="${GAME}"]`);
    await editor.waitFor();
    expect(await page.getByTestId('mgs-level').count()).toBe(7);

    // A required number left empty is refused before anything is sent, naming the field.
    await page.getByTestId('mgs-closing_seconds').fill('');
    await page.getByTestId('mgs-save').click();
    expect(await page.getByTestId('mgs-problem').textContent()).toBe('마감 시간(추첨 전 초): 값을 입력하세요.');
    await page.getByTestId('mgs-level-1-min_bet').fill('5000000');
    await page.getByTestId('mgs-closing_seconds').fill('15');
    await page.getByTestId('mgs-save').click();
    expect(await page.getByTestId('mgs-problem').textContent()).toBe('1레벨 최소 베팅: 최대 베팅보다 클 수 없습니다.');

    await page.getByTestId('mgs-level-1-min_bet').fill('2000');
    await page.getByTestId('mgs-level-1-max_bet').fill('300,000');
    await page.getByTestId('mgs-duplicate_betting').uncheck();
    await page.getByTestId('mgs-round_max_bet').fill('2000000');
    await page.getByTestId('mgs-save').click();
    expect(await page.getByTestId('mgs-message').textContent()).toBe('저장되었습니다.');

    const stored = (await apiCall('/api/admin/game-settings/get', { game: KEY }, token)).data.settings;
    expect([stored.closing_seconds, stored.duplicate_betting, stored.round_max_bet]).toEqual([15, false, 2_000_000]);
    expect(stored.levels['1']).toMatchObject({ min_bet: 2_000, max_bet: 300_000 });
    // The list shows the stored game with its new closing time.
    const row = page.locator(`[data-testid="mgs-row"][data-game="${GAME}"]`);
    await expect.poll(() => row.locator('td.num').first().textContent()).toBe('15');

    // The player's game definition follows (demo player user1 is level 1).
    const login = await apiCall('/api/user/login', { account: 'user1', password: '1234', device: 'PC' });
    const games = await apiCall('/api/user/minigame/games', { game: GAME }, login.data.token);
    const info = games.data.games.find((g: { key: string }) => g.key === GAME);
    expect(info.closing_seconds).toBe(15);
    expect(info.round_max_bet).toBe('2000000');
    expect(info.limits).toMatchObject({ min_bet: '2000', max_bet: '300000' });
    await saveScreenshot(page, 'admin-minigame-settings-1440');
  } finally {
    await context.close();
  }
});

test('the settings screen works at phone width', async () => {
  const { context, page } = await openAdmin(PHONE);
  try {
    await page.goto('/admin/games/minigames');
    await page.getByTestId('mgs-editor').waitFor();
    // The page itself keeps to the phone's width; wide tables scroll inside their own box.
    const main = await page.locator('.ad-main').boundingBox();
    const editor = await page.getByTestId('mgs-editor').boundingBox();
    expect(editor!.x + editor!.width).toBeLessThanOrEqual(main!.x + main!.width + 1);
    expect(await page.evaluate(() => document.querySelector('.mgs-layout')!.scrollWidth <= document.querySelector('.ad-main')!.clientWidth)).toBe(true);
    await saveScreenshot(page, 'admin-minigame-settings-375');
  } finally {
    await context.close();
  }
});
