import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';
import { amountIn } from '../support/ui.ts';

// The house vendor's games opened from the real lobbies (lobby id 6112), played in Chromium.
// The popup talks to the vendor calls; the vendor pays through the operator wallet over HTTP.
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

/** The member's held money as the server has it now. */
async function moneyOf(page: Page): Promise<bigint> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const ctx = await apiCall('/api/user/getContext', {}, token ?? undefined);
  return BigInt(ctx.data.user.money as string);
}

test('the slot opens in a popup from the slot lobby, spins, pays, and the money follows', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user5');
    await page.goto('/game/slot');
    await page.getByTestId('casino-lobby-slot').waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('casino-game-fortune5').click()]);
    popup.setDefaultTimeout(20_000);
    await popup.getByTestId('house-slot').waitFor();
    expect(new URL(popup.url()).pathname).toBe('/popup/slot');
    const start = await moneyOf(page);
    expect(await amountIn(popup, 'house-balance')).toBe(start);
    const bet = await amountIn(popup, 'slot-bet');
    expect(bet).toBeGreaterThan(0n);

    // Spin until the money has moved (a win equal to the stake leaves it where it was).
    let shown = start;
    for (let i = 0; i < 6 && shown === start; i++) {
      await popup.getByTestId('slot-spin').click();
      await expect.poll(() => popup.getByTestId('slot-spin').isEnabled(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => popup.getByTestId('slot-spin').textContent()).not.toBe('…');
      shown = await amountIn(popup, 'house-balance');
    }
    expect(shown).not.toBe(start);
    expect(await moneyOf(page)).toBe(shown);
    // No header or side bar in the game window (spec §2).
    expect(await popup.getByTestId('header-nickname').count()).toBe(0);
    await popup.locator('.hs-fair summary').click();
    await popup.getByTestId('house-verify').click();
    await expect.poll(() => popup.getByTestId('house-verify-result').textContent()).toBe('검증 완료');
    await popup.evaluate(() => window.scrollTo(0, 0));
    await popup.waitForTimeout(400);
    await saveScreenshot(popup, 'house-slot-desktop');

    // The player's own history under the lobby: every spin with the balance before and after, the
    // totals of the filter; the vendor and day filters narrow it.
    await page.reload();
    const rows = page.getByTestId('casino-recent-row');
    await rows.first().waitFor();
    const latest = (await rows.first().textContent()) ?? '';
    expect(latest).toContain('house · fortune5');
    expect(BigInt(latest.split('→')[1].replace(/[^\d]/g, ''))).toBe(shown);
    const count = await rows.count();
    const totals = (await page.getByTestId('casino-recent-totals').textContent()) ?? '';
    expect(totals).toMatch(/^\d+건 · 베팅 [\d,]+원 · 당첨 [\d,]+원 · 손익 /);
    expect(Number(totals.split('건')[0])).toBeGreaterThanOrEqual(count); // a page holds 10
    await page.getByTestId('casino-recent-vendor').selectOption('house');
    await page.getByTestId('casino-recent-search').click();
    await expect.poll(() => rows.count()).toBe(count);
    await page.getByTestId('casino-recent').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'casino-recent-desktop');
    await page.getByTestId('casino-recent-from').fill('2020-01-01');
    await page.getByTestId('casino-recent-to').fill('2020-01-02');
    await page.getByTestId('casino-recent-search').click();
    await expect.poll(() => rows.count()).toBe(0);
    expect(await page.getByTestId('casino-recent-totals').textContent()).toMatch(/^0건 /);
  } finally {
    await context.close();
  }
}, 120_000);

test('the baccarat table opens from the casino lobby on a phone, deals a hand with the real rules and pays', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await login(page, 'user6');
    await page.goto('/game/casino');
    await page.getByTestId('casino-lobby-casino').waitFor();
    // On a phone the game takes the tab.
    await page.getByTestId('casino-game-baccarat1').click();
    await page.getByTestId('house-baccarat').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/popup/livecasino');
    const start = await moneyOf(page);
    expect(await amountIn(page, 'house-balance')).toBe(start);
    const beads = await page.locator('.hb-bead-cell').count();

    await page.getByTestId('baccarat-chip-5000').click();
    await page.getByTestId('baccarat-spot-player').click();
    await page.getByTestId('baccarat-spot-player').click();
    await page.getByTestId('baccarat-chip-1000').click();
    await page.getByTestId('baccarat-spot-tie').click();
    expect(await amountIn(page, 'baccarat-stake')).toBe(11_000n);
    await page.getByTestId('baccarat-deal').click();
    await page.getByTestId('baccarat-result').waitFor({ timeout: 20_000 });

    const cards = await page.getByTestId('baccarat-card').count();
    expect(cards).toBeGreaterThanOrEqual(4);
    expect(cards).toBeLessThanOrEqual(6);
    const player = Number(await page.getByTestId('baccarat-player-total').textContent());
    const banker = Number(await page.getByTestId('baccarat-banker-total').textContent());
    const result = (await page.getByTestId('baccarat-result').textContent()) ?? '';
    const expectedWord = player > banker ? '플레이어 승' : banker > player ? '뱅커 승' : '타이';
    expect(result).toContain(expectedWord);
    // Player 10,000 returns 20,000 on a player win, 10,000 on a tie; the tie 1,000 returns 9,000.
    const back = player > banker ? 20_000n : banker > player ? 0n : 19_000n;
    await expect.poll(() => amountIn(page, 'house-balance')).toBe(start - 11_000n + back);
    expect(await moneyOf(page)).toBe(start - 11_000n + back);
    await expect.poll(() => page.locator('.hb-bead-cell').count()).toBe(beads + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'house-baccarat-phone');
    // The game took the lobby's tab on the phone: close goes back to the lobby.
    await page.getByTestId('house-close').click();
    await page.getByTestId('casino-lobby-casino').waitFor();
  } finally {
    await context.close();
  }
}, 120_000);

test('the baccarat table at desktop width', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user7');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const launch = await apiCall('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'baccarat1' }, token ?? undefined);
    expect(launch.result).toBe(true);
    await page.goto(launch.data.url as string);
    await page.getByTestId('house-baccarat').waitFor();
    const beads = await page.locator('.hb-bead-cell').count();
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('baccarat-chip-10000').click();
      await page.getByTestId(i % 2 ? 'baccarat-spot-banker' : 'baccarat-spot-player').click();
      await page.getByTestId('baccarat-deal').click();
      await page.getByTestId('baccarat-result').waitFor({ timeout: 20_000 });
    }
    await expect.poll(() => page.locator('.hb-bead-cell').count()).toBe(Math.min(72, beads + 3));
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'house-baccarat-desktop');
  } finally {
    await context.close();
  }
}, 120_000);

test('the slot at phone width: a spin settles and the paytable fits', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await login(page, 'user4');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const launch = await apiCall('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: true, game: 'fortune5' }, token ?? undefined);
    expect(launch.result).toBe(true);
    await page.goto(launch.data.url as string);
    await page.getByTestId('house-slot').waitFor();
    const start = await amountIn(page, 'house-balance');
    await page.getByTestId('slot-spin').click();
    await expect.poll(() => page.getByTestId('slot-spin').textContent(), { timeout: 30_000 }).toBe('스핀');
    const lastWin = await amountIn(page, 'slot-last-win');
    expect(await amountIn(page, 'house-balance')).toBe(start - 1000n + lastWin);
    await page.getByText('배당표').click();
    await page.getByTestId('slot-paytable').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'house-slot-phone');
  } finally {
    await context.close();
  }
}, 120_000);
