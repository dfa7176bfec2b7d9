import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { apiCall } from '../support/api.ts';
import { ownChain } from '../support/players.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';
import { acknowledge, amountIn, setServerClock } from '../support/ui.ts';

// Issue 20 defect 1 (decision 045): a member of its own chain places a Powerball bet on the game
// page and spins the house slot in its popup; /board/betting-history then names each row for its
// family in Korean and English (the game's name and round of the day, the market and pick; the
// vendor and its game, no odds or "single"), with the ledger's balance after the spin's win, and
// the detail modal says the same.
let MEMBER = '';
let PASSWORD = '';

let browser: Browser;
let clockMoved = false;
let placed: { dayRound: string; spinAfter: bigint; spinWin: bigint };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ member: MEMBER, password: PASSWORD } = await ownChain('bh', { money: 500_000 }));
});
afterAll(async () => {
  if (clockMoved) await setServerClock(null);
  await browser?.close();
});

async function memberPage(screen: Screen, language: 'ko' | 'en', path: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, screen);
  await context.addInitScript((lang) => {
    localStorage.setItem('language', lang);
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  }, language);
  await page.goto(path);
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, MEMBER, PASSWORD);
  return { context, page };
}

const moneyOf = async (page: Page) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return BigInt((await apiCall('/api/user/getContext', {}, token ?? undefined)).data.user.money as string);
};

test('the member places a Powerball bet on the game page and spins the house slot until it wins', { timeout: 180_000 }, async () => {
  const { context, page } = await memberPage(DESKTOP, 'ko', '/game/powerball/ntry/eos1');
  try {
    const head = page.getByTestId('mg-head');
    await page.getByTestId('minigame-page').waitFor();
    await expect.poll(() => head.getAttribute('data-opens-at'), { timeout: 15_000 }).not.toBe('');
    const opensAt = Date.parse((await head.getAttribute('data-opens-at')) ?? '');
    if ((await head.getAttribute('data-phase')) === 'waiting' && opensAt > 0) {
      clockMoved = true;
      await setServerClock(new Date(opensAt + 1_000));
    }
    await expect.poll(() => head.getAttribute('data-phase'), { timeout: 30_000 }).toBe('open');
    const dayRound = (await page.getByTestId('mg-round').textContent()) ?? '';
    expect(dayRound).toMatch(/^\d+회차$/);
    await page.getByTestId('mg-pick-power_oe-odd').click();
    await page.getByTestId('mg-amount-add-10000').click();
    await page.getByTestId('mg-place').click();
    expect(await acknowledge(page)).toContain('10,000원');

    await page.goto('/game/slot');
    await page.getByTestId('casino-lobby-slot').waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('casino-game-fortune5').click()]);
    popup.setDefaultTimeout(20_000);
    await popup.getByTestId('house-slot').waitFor();
    // Spin until a spin pays more than nothing: the history's after must include that win.
    let won = 0n;
    let after = 0n;
    for (let i = 0; i < 40 && won === 0n; i++) {
      const before = await amountIn(popup, 'house-balance');
      const bet = await amountIn(popup, 'slot-bet');
      await popup.getByTestId('slot-spin').click();
      await expect.poll(() => popup.getByTestId('slot-spin').isEnabled(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => popup.getByTestId('slot-spin').textContent()).not.toBe('…');
      after = await amountIn(popup, 'house-balance');
      won = after - before + bet;
    }
    expect(won).toBeGreaterThan(0n);
    expect(await moneyOf(page)).toBe(after);
    placed = { dayRound: dayRound.replace(/\D/g, ''), spinAfter: after, spinWin: won };
  } finally {
    await context.close();
  }
});

const WORDS = {
  ko: { mini: 'EOS 파워볼 1분', round: (n: string) => `${n}회차`, pick: '파워볼 홀/짝 · 홀', vendor: '하우스', won: '적중' },
  en: { mini: 'EOS Powerball 1 min', round: (n: string) => `Round ${n}`, pick: 'Power ball odd/even · Odd', vendor: 'House', won: 'Won' },
} as const;

const visible = (page: Page, screen: Screen): Locator =>
  page.locator(screen === PHONE ? '[data-testid="bet-card"]:visible' : '[data-testid="bet-row"]:visible');

for (const language of ['ko', 'en'] as const)
  for (const screen of [DESKTOP, PHONE]) {
    test(`history rows and the detail modal name each family in ${language} (${screen.width}px)`, { timeout: 90_000 }, async () => {
      expect(placed, 'the bets were placed').toBeDefined();
      const w = WORDS[language];
      const { context, page } = await memberPage(screen, language, '/board/betting-history');
      try {
        await page.getByTestId('bet-history-page').waitFor();
        const rows = visible(page, screen);
        await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

        // The mini-game row: the game's name and its round of the day, the market and pick in words.
        const mini = rows.and(page.locator('[data-game-type="minigame"]')).first();
        expect(await mini.getByTestId('bet-game').textContent()).toBe(w.mini);
        const allText = (await mini.textContent()) ?? '';
        expect(allText).toContain(w.round(placed.dayRound));
        expect(allText).toContain(w.pick);
        expect(allText).not.toContain('ntry_eos1');

        // The latest slot spin (a winning one): the vendor's game and the vendor, no odds or "single";
        // the balance after is the ledger's, the win included.
        const spin = rows.and(page.locator('[data-game-type="slot"]')).first();
        expect(await spin.getByTestId('bet-game').textContent()).toBe('Fortune 5');
        expect(await spin.getByTestId('bet-result').textContent()).toBe(w.won);
        const spinText = (await spin.textContent()) ?? '';
        expect(spinText).toContain(w.vendor);
        expect(spinText).not.toContain('단폴');
        expect(spinText).not.toContain('1.00');
        expect(await spin.getByTestId('bet-balance').locator('.bh-balance-after').textContent()).toContain(placed.spinAfter.toLocaleString('en-US'));
        await saveScreenshot(page, `bet-history-families-${language}-${screen.width}`);

        // The slot tab has the slot family's own columns.
        await page.getByTestId('bet-tab-slot').click();
        if (screen === DESKTOP) await expect.poll(() => page.getByTestId('bet-table').getAttribute('data-family')).toBe('slot');
        // Only slot rows once the tab's page has come (the previous page stays while it loads).
        await expect.poll(() => visible(page, screen).and(page.locator(':not([data-game-type="slot"])')).count()).toBe(0);
        expect(await visible(page, screen).first().getByTestId('bet-vendor').textContent()).toBe(w.vendor);
        await saveScreenshot(page, `bet-history-slot-tab-${language}-${screen.width}`);

        await page.getByTestId('bet-tab-minigame').click();
        await expect.poll(() => visible(page, screen).first().getAttribute('data-game-type')).toBe('minigame');
        await visible(page, screen).first().click();
        const modal = page.getByTestId('bet-detail-modal');
        await modal.waitFor();
        expect(await modal.getByTestId('bet-detail-game').textContent()).toBe(w.mini);
        expect(await modal.getByTestId('bet-detail-round').textContent()).toBe(w.round(placed.dayRound));
        expect(await modal.getByTestId('bet-detail-pick').textContent()).toBe(w.pick);
        await page.waitForTimeout(300);
        await saveScreenshot(page, `bet-history-minigame-detail-${language}-${screen.width}`);
        await page.keyboard.press('Escape');
        await modal.waitFor({ state: 'detached' });

        await page.getByTestId('bet-tab-slot').click();
        await expect.poll(() => visible(page, screen).first().getAttribute('data-game-type')).toBe('slot');
        await visible(page, screen).first().click();
        await modal.waitFor();
        expect(await modal.getByTestId('bet-detail-game').textContent()).toBe('Fortune 5');
        expect(await modal.getByTestId('bet-detail-vendor').textContent()).toBe(w.vendor);
        expect(await modal.getByTestId('bet-detail-after').textContent()).toContain(placed.spinAfter.toLocaleString('en-US'));
        expect(await modal.getByTestId('bet-detail-result').textContent()).toBe(w.won);
        expect(await modal.getByTestId('bet-detail-odds').count()).toBe(0);
        await page.waitForTimeout(300);
        await saveScreenshot(page, `bet-history-slot-detail-${language}-${screen.width}`);
      } finally {
        await context.close();
      }
    });
  }
