import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { betOnOpenRound } from '../support/minigame.ts';
import { setServerClock } from '../support/ui.ts';
import { adminPage, DEMO, DESKTOP, launchBrowser, newPage, PHONE, saveScreenshot, submitMemberLogin } from '../support/browser.ts';

/**
 * Decision 043's settings screens: the admin sets empty betting and the maximum payout points per
 * game type in the browser, the rules take effect (a member with too little charged is refused a
 * bet, the member's deposit form offers the bonus game), and the admin puts both back on the
 * screen. The settings are restored as found even when the test fails.
 */
const TOUCHED = ['empty_betting', 'max_payout_points'] as const;
let browser: Browser;
let token: string;
let original: Record<string, unknown>;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const answer = await apiCall('/api/admin/settings/get', {}, token);
  if (!answer.result) throw new Error(`settings: ${JSON.stringify(answer)}`);
  original = Object.fromEntries(TOUCHED.map((k) => [k, answer.data.settings[k]]));
});
afterAll(async () => {
  await setServerClock(null);
  if (original) await apiCall('/api/admin/settings/update', { settings: original }, token);
  await browser?.close();
});

const stored = async () => (await apiCall('/api/admin/settings/get', {}, token)).data.settings;
const save = async (page: Page) => {
  await page.getByTestId('settings-save').click();
  await page.locator('[data-testid="settings-message"]', { hasText: '저장되었습니다.' }).waitFor();
};

/** A mini-game bet on the house roulette's open round: null when taken, else its refusal. */
async function miniBetError(playerToken: string) {
  const placed = await betOnOpenRound('roulette', playerToken);
  return placed.error ?? null;
}

test('empty betting: the admin blocks it on its tab, a member short of charges is refused a bet, the admin opens it again', async () => {
  const { context, page } = await adminPage(browser, token, DESKTOP);
  try {
    await page.goto('/admin/settings/site');
    await page.getByTestId('settings-tab-empty-betting').click();
    await page.getByTestId('admin-settings-empty-betting').waitFor();
    const blocked = page.getByTestId('set-empty-betting-blocked');
    expect(await blocked.isChecked()).toBe(false);
    await blocked.check();
    // More than any member has charged, so the refusal does not depend on other specs' charges.
    await page.getByTestId('set-empty-betting-min-deposit-total').fill('1000000000');
    await save(page);
    await saveScreenshot(page, 'admin-settings-empty-betting-on');
    expect((await stored()).empty_betting).toEqual({ blocked: true, min_deposit_total: 1_000_000_000 });

    const login = await apiCall('/api/user/login', { account: DEMO.player.account, password: DEMO.player.password });
    const refused = await miniBetError(login.data.token);
    expect(refused).toMatchObject({ code: 'empty_bet', params: { amount: '1000000000' } });

    await blocked.uncheck();
    await page.getByTestId('set-empty-betting-min-deposit-total').fill('10000');
    await save(page);
    expect((await stored()).empty_betting).toEqual({ blocked: false, min_deposit_total: 10_000 });
    expect(await miniBetError(login.data.token)).toBeNull();
  } finally {
    await apiCall('/api/admin/settings/update', { settings: { empty_betting: original.empty_betting } }, token);
    await context.close();
  }
});

test('maximum payout points: the admin caps sports and casino on its tab, blank stays uncapped; the member picks the bonus game when charging', async () => {
  const admin = await adminPage(browser, token, DESKTOP);
  const member = await newPage(browser, PHONE);
  try {
    const { page } = admin;
    await page.goto('/admin/settings/site');
    await page.getByTestId('settings-tab-payout-points').click();
    await page.getByTestId('admin-settings-payout-points').waitFor();
    await page.getByTestId('set-max-payout-points-sports').fill('1000');
    await page.getByTestId('set-max-payout-points-casino').fill('30,000');
    await page.getByTestId('set-max-payout-points-slot').fill('');
    await save(page);
    await saveScreenshot(page, 'admin-settings-payout-points');
    expect((await stored()).max_payout_points).toEqual({ sports: 1_000, minigame: null, casino: 30_000, slot: null });

    // A negative cap is refused by the server with a translated message, and nothing is stored.
    await page.getByTestId('set-max-payout-points-minigame').fill('-5');
    await page.getByTestId('settings-save').click();
    const message = page.getByTestId('settings-message');
    await expect.poll(async () => ((await message.count()) ? await message.textContent() : '')).toMatch(/^미니게임: /);
    expect((await stored()).max_payout_points.minigame).toBeNull();
    await saveScreenshot(page, 'admin-settings-payout-points-refused');

    await member.page.goto('/');
    await member.page.getByTestId('header-login').first().click();
    await member.page.getByTestId('login-modal').waitFor();
    await submitMemberLogin(member.page);
    await member.page.getByTestId('header-nickname').waitFor();
    await member.page.goto('/board/money-deposit');
    const game = member.page.getByTestId('deposit-bonus-game');
    await game.waitFor();
    expect(await game.locator('option').allTextContents()).toEqual(['선택 안 함', '스포츠', '미니게임', '카지노', '슬롯']);
    await game.selectOption('sports');
    await saveScreenshot(member.page, 'member-deposit-bonus-game');

    // Put back on the screen: every cap blank.
    await page.reload();
    await page.getByTestId('admin-settings-payout-points').waitFor();
    for (const g of ['sports', 'minigame', 'casino', 'slot']) await page.getByTestId(`set-max-payout-points-${g}`).fill('');
    await save(page);
    expect((await stored()).max_payout_points).toEqual({ sports: null, minigame: null, casino: null, slot: null });
  } finally {
    await apiCall('/api/admin/settings/update', { settings: { max_payout_points: original.max_payout_points } }, token);
    await admin.context.close();
    await member.context.close();
  }
});
