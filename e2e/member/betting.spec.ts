import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';

// Real platform, seeded demo data (apps/server/src/seed.ts): user1 has three bets placed today
// when the server starts: a won sports single (10,000 at 1.95), a lost mini game single
// (20,000 at 1.93) and an open sports single (15,000 at 2.10). Interface language: Korean.
const SEEDED = {
  won: { game: '맨체스터 시티 vs 아스널', type: 'sports', amount: '10,000원', odds: '1.95', potential: '19,500원', badge: '적중' },
  lost: { game: 'EOS 파워볼 1분', type: 'minigame', amount: '20,000원', odds: '1.93', potential: '38,600원', badge: '미적중' },
  open: { game: 'LA 다저스 vs 뉴욕 양키스', type: 'sports', amount: '15,000원', odds: '2.10', potential: '31,500원', badge: '진행중' },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Site pop-ups (spec §2) are someone else's screen: keep them out of these pictures. */
async function withoutPopups(context: BrowserContext) {
  await context.addInitScript(() => {
    const until = Date.now() + 24 * 3600 * 1000;
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = until;
    if (!localStorage.getItem('popupHidden')) localStorage.setItem('popupHidden', JSON.stringify(hidden));
  });
}

/** A guest opening the page gets the login modal and lands on the page after logging in. */
async function openHistoryPage(screen: Screen, path = '/board/betting-history'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, screen);
  await withoutPopups(context);
  await page.goto(path);
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page);
  await page.getByTestId('bet-history-page').waitFor();
  return { context, page };
}

/** The visible list items: table rows where there is room, cards on a phone. */
function items(scope: Page | Locator, screen: Screen): Locator {
  return scope.locator(screen === PHONE ? '[data-testid="bet-card"]:visible' : '[data-testid="bet-row"]:visible');
}

/** Lets modal fade-ins finish (the ticker's endless scroll is left running) before a picture. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function statusesOf(list: Locator): Promise<string[]> {
  const n = await list.count();
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await list.nth(i).getAttribute('data-status')) ?? '');
  return out.sort();
}

async function waitForCount(list: Locator, n: number) {
  await expect.poll(() => list.count(), { timeout: 10_000 }).toBe(n);
}

for (const screen of [DESKTOP, PHONE]) {
  test(`user1 sees today's three seeded bets with their results, filters to sports and opens a detail (${screen.width}px)`, async () => {
    const { context, page } = await openHistoryPage(screen);
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('베팅내역');
      const list = items(page, screen);
      await waitForCount(list, 3);
      expect(await statusesOf(list)).toEqual(['lost', 'open', 'won']);

      // The layout follows the width: a table on a desktop, cards on a phone.
      expect(await page.getByTestId('bet-table').isVisible()).toBe(screen !== PHONE);
      expect(await page.getByTestId('bet-cards').isVisible()).toBe(screen === PHONE);

      // Each row shows its game, stake, odds, estimated winnings and a coloured result badge.
      for (const bet of Object.values(SEEDED)) {
        const item = list.filter({ hasText: bet.game });
        expect(await item.count(), bet.game).toBe(1);
        const text = (await item.textContent()) ?? '';
        for (const part of [bet.amount, bet.odds, bet.potential, bet.badge]) expect(text, `${bet.game}: ${part}`).toContain(part);
        expect(await item.getAttribute('data-game-type')).toBe(bet.type);
        expect(await item.getByTestId('bet-result').getAttribute('class')).toContain(
          bet.badge === '적중' ? 'is-won' : bet.badge === '미적중' ? 'is-lost' : 'is-open',
        );
        // Held money before → after the stake: "a원 … b원".
        expect(text).toMatch(/[\d,]+원\s*→\s*[\d,]+원/);
      }
      // The won bet paid its estimated winnings; the open one has none yet.
      expect(await list.filter({ hasText: SEEDED.won.game }).textContent()).toMatch(/19,500원.*19,500원/);

      // Summary strip: count, total stake (10,000 + 20,000 + 15,000), total winnings.
      expect(await page.getByTestId('bet-summary-count').textContent()).toBe('3건');
      expect(await page.getByTestId('bet-summary-amount').textContent()).toBe('45,000원');
      expect(await page.getByTestId('bet-summary-win').textContent()).toBe('19,500원');
      // The dates default to today and one page of 10 needs one page link.
      expect(await page.getByTestId('bet-from').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await page.getByTestId('bet-from').inputValue()).toBe(await page.getByTestId('bet-to').inputValue());
      expect(await page.getByTestId('bet-range-today').getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('pagination').locator('.ui-page').count()).toBe(1);
      await saveScreenshot(page, `betting-history-${screen.width}`);

      // Sports tab: only the two sports bets; the view is kept in the address.
      await page.getByTestId('bet-tab-sports').click();
      await waitForCount(list, 2);
      expect(await statusesOf(list)).toEqual(['open', 'won']);
      expect(new URL(page.url()).searchParams.get('type')).toBe('sports');
      expect(await page.getByTestId('bet-tab-sports').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByTestId('bet-summary-amount').textContent()).toBe('25,000원');

      // Detail of the won bet: every selection with market, pick, odds and result.
      await list.filter({ hasText: SEEDED.won.game }).click();
      const detail = page.getByTestId('bet-detail-modal');
      await detail.waitFor();
      expect(await detail.getByTestId('bet-detail-game').textContent()).toBe(SEEDED.won.game);
      expect(await detail.getByTestId('bet-detail-result').textContent()).toBe('적중');
      expect(await detail.getByTestId('bet-detail-amount').textContent()).toBe('10,000원');
      expect(await detail.getByTestId('bet-detail-win').textContent()).toBe('19,500원');
      const selection = detail.getByTestId('bet-selection');
      // The sports part answers after the bet itself: wait for it before counting.
      await selection.first().waitFor();
      expect(await selection.count()).toBe(1);
      expect(await selection.getByTestId('bet-selection-name').textContent()).toBe(SEEDED.won.game);
      expect(await selection.getByTestId('bet-selection-market').textContent()).toBe('승무패');
      expect(await selection.getByTestId('bet-selection-pick').textContent()).toBe('홈승');
      expect(await selection.getByTestId('bet-selection-odds').textContent()).toBe('1.95');
      expect(await selection.getByTestId('bet-selection-result').textContent()).toBe('적중');
      await settled(page);
      await saveScreenshot(page, `betting-detail-${screen.width}`);
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
}

test('result and game-type filters narrow the list; a game type without bets says so', async () => {
  const { context, page } = await openHistoryPage(DESKTOP, '/board/betting-history?status=open');
  try {
    const list = items(page, DESKTOP);
    await waitForCount(list, 1);
    expect(await list.first().getAttribute('data-status')).toBe('open');
    expect(await page.getByTestId('bet-status').inputValue()).toBe('open');

    await page.getByTestId('bet-status').selectOption('');
    await waitForCount(list, 3);
    await page.getByTestId('bet-tab-casino').click();
    const empty = page.getByTestId('bet-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toBe('베팅내역이 없습니다.');
    expect(await page.getByTestId('bet-summary-count').textContent()).toBe('0건');
    expect(await page.getByTestId('pagination').count()).toBe(0);

    // A day long before the seed has no bets either.
    await page.getByTestId('bet-tab-all').click();
    await waitForCount(list, 3);
    await page.getByTestId('bet-from').fill('2020-01-01');
    await page.getByTestId('bet-to').fill('2020-01-02');
    await page.getByTestId('bet-empty').waitFor();
    await page.getByTestId('bet-range-today').click();
    await waitForCount(list, 3);

    // A page past the end (an old link) falls back to the last page.
    await page.goto('/board/betting-history?page=7');
    await waitForCount(list, 3);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  } finally {
    await context.close();
  }
});

for (const screen of [DESKTOP, PHONE]) {
  test(`the header opens the betting history modal with the same list and detail (${screen.width}px)`, async () => {
    const { context, page } = await newPage(browser, screen);
    await withoutPopups(context);
    try {
      await page.goto('/');
      await page.getByTestId('header-login').click();
      await submitMemberLogin(page);
      await page.getByTestId('header-bet-history').click();
      const modal = page.getByTestId('bet-history-modal');
      await modal.waitFor();
      const list = items(modal, screen);
      await waitForCount(list, 3);
      expect(await modal.getByTestId('bet-summary-amount').textContent()).toBe('45,000원');
      await settled(page);
      await saveScreenshot(page, `betting-history-modal-${screen.width}`);

      await modal.getByTestId('bet-status').selectOption('won');
      await waitForCount(list, 1);
      await list.first().click();
      await page.getByTestId('bet-detail-modal').waitFor();
      expect(await page.getByTestId('bet-detail-game').textContent()).toBe(SEEDED.won.game);
      // Escape closes the detail first, then the history modal.
      await page.keyboard.press('Escape');
      await page.getByTestId('bet-detail-modal').waitFor({ state: 'detached' });
      expect(await modal.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // "Full page" goes to /board/betting-history.
      await page.getByTestId('header-bet-history').click();
      await page.getByTestId('bet-history-full').click();
      await page.getByTestId('bet-history-page').waitFor();
      expect(await page.getByTestId('bet-history-modal').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
}

test('the page is translated (English on a phone)', async () => {
  const { context, page } = await newPage(browser, PHONE);
  await withoutPopups(context);
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  try {
    await page.goto('/board/betting-history');
    await page.getByTestId('login-modal').waitFor();
    await submitMemberLogin(page);
    await page.getByTestId('bet-history-page').waitFor();
    const list = items(page, PHONE);
    await waitForCount(list, 3);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Betting history');
    expect(await page.getByTestId('bet-tab-minigame').textContent()).toBe('Mini game');
    const badges = await page.locator('[data-testid="bet-card"]:visible [data-testid="bet-result"]').allTextContents();
    expect(badges.sort()).toEqual(['In progress', 'Not won', 'Won']);
    // The operating currency (KRW) written the English way, never relabelled as dollars (decision 013).
    expect(await page.getByTestId('bet-summary-amount').textContent()).toBe('₩45,000');
    await saveScreenshot(page, 'betting-history-en-375');
  } finally {
    await context.close();
  }
});
