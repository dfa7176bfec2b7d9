import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';

// The casino and slot lobbies, the switching wallet seen from a real browser, and the admin
// casino screens. The house vendor's games themselves are played in house-games.spec.ts.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function login(page: Page, account: string) {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, '1234');
  await page.getByTestId('header-nickname').waitFor();
}

async function wallet(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const ctx = await apiCall('/api/user/getContext', {}, token ?? undefined);
  return { money: BigInt(ctx.data.user.money as string), casino: BigInt(ctx.data.user.balance as string) };
}

async function setMode(mode: 'seamless' | 'transfer' | 'switching') {
  const r = await apiCall('/api/admin/casino/vendors/update', { code: 'house', wallet_mode: mode }, await adminToken());
  if (!r.result) throw new Error(`vendor update failed: ${JSON.stringify(r)}`);
}

test('switching wallet: opening the table moves the whole money into the game, closing the window brings it back', async () => {
  await setMode('switching');
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user6');
    const start = await wallet(page);
    await page.goto('/game/casino');
    await page.getByTestId('casino-vendor-house').waitFor();
    await expect.poll(() => page.getByTestId('casino-game-baccarat1').count()).toBe(1);
    expect(await page.getByTestId('casino-game-fortune5').count()).toBe(0); // slots are on /game/slot
    await saveScreenshot(page, 'casino-lobby-desktop');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('casino-game-baccarat1').click()]);
    await popup.waitForURL(/\/popup\/livecasino\?table=baccarat1&token=/);
    await expect.poll(async () => (await wallet(page)).money).toBe(0n);
    expect((await wallet(page)).casino).toBe(start.casino + start.money);
    await popup.close();
    // the lobby notices the closed window and closes the session: the wallet comes home
    await expect.poll(async () => (await wallet(page)).money, { timeout: 10_000 }).toBe(start.money + start.casino);
    expect((await wallet(page)).casino).toBe(0n);
  } finally {
    await setMode('seamless');
    await context.close();
  }
});

test('the slot lobby on a phone: tiles two to a row, the vendor and its wallet mode', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await login(page, 'user7');
    await page.goto('/game/slot');
    await page.getByTestId('casino-lobby-slot').waitFor();
    const tile = page.getByTestId('casino-game-fortune5');
    await tile.waitFor();
    const box = await tile.boundingBox();
    expect(box!.width).toBeGreaterThan(120);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'casino-lobby-slot-phone');
  } finally {
    await context.close();
  }
});

test('admin: vendor settings and the casino/slot history with totals', async () => {
  const token = await adminToken();
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await context.addInitScript((t) => localStorage.setItem('admin_token', t), token);
    await page.goto('/admin/games/casino-vendors');
    const row = page.getByTestId('casino-vendor-row').first();
    await row.waitFor();
    expect(await row.getAttribute('data-vendor')).toBe('house');
    await page.getByTestId('casino-limits').first().waitFor();
    await saveScreenshot(page, 'admin-casino-vendors');
    await page.goto('/admin/games/casino-history');
    await page.getByTestId('admin-casino-history').waitFor();
    await page.getByTestId('casino-history-totals').waitFor();
    await saveScreenshot(page, 'admin-casino-history');
  } finally {
    await context.close();
  }
});
