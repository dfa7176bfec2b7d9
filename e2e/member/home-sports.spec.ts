import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ownChain } from '../support/players.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';

/**
 * Issue 20 "beyond the peers" (decision 053): the member home page shows live and upcoming
 * matches from the simulated feed with prices that go into the slip, and the match search finds
 * a fixture by a team name in English and in Korean and opens it. The member is this spec's own.
 */
const HANGUL = /[\uac00-\ud7af]/;

let browser: Browser;
let MEMBER = '';
let PASSWORD = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ member: MEMBER, password: PASSWORD } = await ownChain('hs'));
});
afterAll(async () => {
  await browser?.close();
});

async function homePage(language: 'ko' | 'en', screen: Screen): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, screen);
  await context.addInitScript((lang) => {
    localStorage.setItem('language', lang);
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  }, language);
  await page.goto('/board/notice');
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, MEMBER, PASSWORD);
  await page.getByTestId('header-nickname').waitFor();
  await page.goto('/');
  await page.getByTestId('home-sports').waitFor();
  await page.getByTestId('home-live-fixture').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('home-soon-fixture').first().waitFor();
  return { context, page };
}

/** Types into the match search and waits for its answer (results or the empty note). */
async function search(page: Page, q: string) {
  await page.getByTestId('match-search').fill(q);
  await page.waitForFunction(() => !!document.querySelector('[data-testid="match-search-result"], [data-testid="match-search-empty"]'), undefined, {
    timeout: 10_000,
  });
}

/** The fixture's page has loaded and names the team. */
const shows = (page: Page, name: string) =>
  page.waitForFunction((n) => document.querySelector('[data-testid="sports-page"]')?.textContent?.includes(n), name, { timeout: 15_000 });

test('home shows live now and starting soon from the feed, in the reader language, with prices that go into the slip', { timeout: 120_000 }, async () => {
  const { context, page } = await homePage('en', DESKTOP);
  try {
    const live = page.getByTestId('home-live-fixture');
    const soon = page.getByTestId('home-soon-fixture');
    expect(await live.count()).toBeGreaterThan(0);
    expect(await live.count()).toBeLessThanOrEqual(6);
    expect(await soon.count()).toBe(6);
    // A live card carries its clock (LIVE and the period) and the score; a prematch card its kick-off.
    const first = live.first();
    expect(await first.getByTestId('fixture-clock').textContent()).toMatch(/LIVE/);
    expect(await first.locator('.hs-score').count()).toBe(2);
    expect(await soon.first().locator('.hs-score').count()).toBe(0);
    expect(await page.getByTestId('home-live-all').getAttribute('href')).toBe('/game/inplay');
    expect(await page.getByTestId('home-soon-all').textContent()).toMatch(/^All \d+$/);
    expect(await page.getByTestId('home-sports').textContent()).not.toMatch(HANGUL);

    // A price goes into the slip as on the sports pages; the bar leads to the board where it is placed.
    const price = soon.first().locator('[data-testid="odds"]:not([disabled])').first();
    const outcome = await price.getAttribute('data-outcome-id');
    await price.click();
    await page.getByTestId('home-slip').waitFor();
    expect(await page.getByTestId('home-slip').textContent()).toContain('Bet slip: 1');
    await saveScreenshot(page, 'home-sports-en-1440');
    await page.getByTestId('home-slip').click();
    await page.waitForURL('**/game/europe-sports');
    await page.locator(`[data-testid="odds"][data-outcome-id="${outcome}"][data-picked="true"]`).first().waitFor();
  } finally {
    await context.close();
  }
});

test('match search finds a fixture by its English and its Korean team name and opens it', { timeout: 120_000 }, async () => {
  const en = await homePage('en', DESKTOP);
  const fixture = en.page.getByTestId('home-soon-fixture').first();
  const id = await fixture.getAttribute('data-fixture-id');
  const home = ((await fixture.locator('.hs-team-name').first().textContent()) ?? '').trim();
  try {
    await search(en.page, home.slice(0, Math.max(4, home.length - 2)).toUpperCase());
    const hit = en.page.locator(`[data-testid="match-search-result"][data-fixture-id="${id}"]`);
    expect(await hit.count()).toBe(1);
    expect(await en.page.getByTestId('match-search-result').count()).toBeLessThanOrEqual(20);
    await saveScreenshot(en.page, 'home-search-en-1440');
    await hit.click();
    await en.page.waitForURL(`**/game/europe-sports/${id}`);
    await shows(en.page, home);

    // The sports pages carry the search too; a name nobody plays under says so.
    await search(en.page, 'zzqx nobody');
    expect(await en.page.getByTestId('match-search-empty').textContent()).toContain('zzqx nobody');
    await saveScreenshot(en.page, 'sports-search-empty-en-1440');
  } finally {
    await en.context.close();
  }

  const ko = await homePage('ko', PHONE);
  try {
    const card = ko.page.locator(`[data-testid="home-soon-fixture"][data-fixture-id="${id}"]`);
    const koName = ((await card.locator('.hs-team-name').first().textContent()) ?? '').trim();
    expect(koName).toMatch(HANGUL);
    await saveScreenshot(ko.page, 'home-sports-ko-375');
    await search(ko.page, koName);
    const hit = ko.page.locator(`[data-testid="match-search-result"][data-fixture-id="${id}"]`);
    expect(await hit.count()).toBe(1);
    await saveScreenshot(ko.page, 'home-search-ko-375');
    await hit.click();
    await ko.page.waitForURL(`**/game/europe-sports/${id}`);
    await shows(ko.page, koName);
  } finally {
    await ko.context.close();
  }
});
