import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken } from '../support/api.ts';
import { ownChain } from '../support/players.ts';
import { adminPage, baseUrl, DESKTOP, launchBrowser, newPage, RESULTS_DIR, saveScreenshot, submitMemberLogin } from '../support/browser.ts';

/**
 * Issue 20 defects 2 and 3 (decision 046): sports names in the reader's language on the real
 * simulated feed (no Hangul on /game/europe-sports in English, sport names while the counts
 * load), and the sports tab of /board/game-result showing a settled fixture with its score and
 * market results, in English and Korean. The member is this spec's own, under its own shop.
 */
const tag = Date.now().toString(36);
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/g;

let browser: Browser;
let MEMBER = '';
let PASSWORD = '';
let admin: string;
type Row = { id: number; home: string; away: string; league: string; bets: number; starts_at: string };
let settled: { id: number; ko: Row; en: Row };

async function ok(path: string, body: unknown, token?: string, headers?: Record<string, string>) {
  const r = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      pathname: path.startsWith('/api/admin') ? '/admin' : '/',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  }).then((x) => x.json() as Promise<{ result: boolean; data: any }>);
  if (!r.result) throw new Error(`${path} failed: ${JSON.stringify(r)}`);
  return r.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  ({ member: MEMBER, password: PASSWORD } = await ownChain('sn'));

  // A soccer match no spec has bet on, starting latest (sports-results.spec takes the earliest): the admin enters its result.
  const deadline = Date.now() + 60_000;
  let pick: Row | undefined;
  while (!pick) {
    const list = await ok('/api/admin/sports/fixtures', { filter: 'upcoming', sport: 'soccer' }, admin);
    pick = (list.rows as Row[]).filter((r) => r.bets === 0).at(-1);
    if (!pick && Date.now() > deadline) throw new Error('no upcoming soccer fixture');
    if (!pick) await new Promise((r) => setTimeout(r, 1_000));
  }
  await ok(
    '/api/admin/sports/result/enter',
    {
      fixture_id: pick.id,
      mode: 'enter',
      result: {
        home: 3,
        away: 1,
        periods: [
          { period: '1h', home: 1, away: 0 },
          { period: '2h', home: 2, away: 1 },
        ],
      },
      request_id: `e2e-names-${tag}`,
    },
    admin,
  );
  const detail = async (language: string) => (await ok('/api/admin/sports/fixture', { fixture_id: pick.id }, admin, { language })).fixture as Row;
  settled = { id: pick.id, ko: await detail('ko'), en: await detail('en') };
});
afterAll(async () => {
  await browser?.close();
});

async function memberPage(language: 'ko' | 'en', path: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, DESKTOP);
  await context.addInitScript((lang) => {
    localStorage.setItem('language', lang);
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  }, language);
  await page.goto(path);
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, MEMBER, PASSWORD);
  await page.getByTestId('header-nickname').waitFor();
  return { context, page };
}

/**
 * Text on the page with Hangul, leaving out what admins wrote (the notice ticker and the side
 * bar's notice titles) and the language names in the selector, which are each in their own language.
 */
const hangulOn = (page: Page) =>
  page.evaluate((source) => {
    const skip = '[data-testid="notice-ticker"], [data-testid="language-select"], .m-side a[href="/board/notice"]';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      if (new RegExp(source).test(text) && !n.parentElement?.closest(skip)) found.push(text);
    }
    return found;
  }, HANGUL.source);

test(
  'europe-sports in English shows no Korean: sports, leagues and teams from the feed in English, sport names while loading',
  { timeout: 120_000 },
  async () => {
    const { context, page } = await memberPage('en', '/board/game-result');
    try {
      // Hold the sport counts back: the tabs show the site's sport names meanwhile, never the codes.
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/user/sports/sports', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/game/europe-sports');
      const tabs = page.getByTestId('sport-tabs');
      await tabs.waitFor();
      const loading = (await tabs.textContent()) ?? '';
      expect(loading).toContain('Table tennis');
      expect(loading).not.toMatch(/table_tennis|soccer/);
      release();
      // Wait for the held requests to go on before dropping the handler (else Playwright
      // continues them itself and the handler's continue throws "already handled").
      await page.unrouteAll({ behavior: 'wait' });
      await page.getByTestId('fixture-row').first().waitFor();
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="sport-soccer"]')?.getAttribute('data-count') ?? 0) > 0);
      expect(await page.getByTestId('fixture-row').count()).toBeGreaterThan(20);
      expect(await hangulOn(page)).toEqual([]);
      expect(await page.getByTestId('fixture-list').textContent()).toMatch(/Premier League|NBA|KBO League/);
      await page.screenshot({ path: `${RESULTS_DIR}sports-names-europe-en.png` });
    } finally {
      await context.close();
    }
  },
);

test('the game-result sports tab shows the settled fixture with its score and market results, in English and in Korean', { timeout: 120_000 }, async () => {
  for (const lang of ['en', 'ko'] as const) {
    const { context, page } = await memberPage(lang, '/board/game-result');
    try {
      await page.goto('/board/game-result');
      await page.getByTestId('game-result-tab-sports').click();
      const row = page.locator(`[data-testid="sports-result-row"][data-fixture="${settled.id}"]`);
      await row.waitFor();
      const names = settled[lang];
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(names.home);
      expect(text).toContain(names.away);
      expect(text).toContain(names.league);
      expect(await row.getByTestId('sports-result-score').textContent()).toBe('3 : 1');
      const markets = (await row.getByTestId('sports-result-market').allTextContents()).join(' | ');
      if (lang === 'en') {
        expect(markets).toContain('1X2 Home'); // 3:1, the home side won
        expect(text).toContain('1st half 1:0');
        expect(await hangulOn(page)).toEqual([]);
      } else {
        expect(markets).toContain('승무패 홈승');
      }
      // The sport filter narrows the board: the match is soccer.
      await page.getByTestId('sports-results-sport').selectOption('tennis');
      await page.waitForFunction((id) => !document.querySelector(`[data-testid="sports-result-row"][data-fixture="${id}"]`), settled.id);
      await page.getByTestId('sports-results-sport').selectOption('soccer');
      await row.waitFor();
      await saveScreenshot(page, `sports-names-game-result-${lang}`);
    } finally {
      await context.close();
    }
  }
});

test('the admin team names show the feed name per language; the result panel words home and away', { timeout: 120_000 }, async () => {
  const { context, page } = await adminPage(browser, admin, DESKTOP);
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-sports-results').click();
    await page.getByTestId('admin-sports-results').waitFor();
    await page.getByTestId('sa-filter-settled').click();
    await page.getByTestId('sa-search').fill(settled.ko.home);
    await page.locator(`[data-testid="sa-fixture-row"][data-fixture="${settled.id}"]`).getByTestId('sa-fixture-pick').click();
    const markets = page.locator(`[data-testid="sa-fixture-panel"][data-fixture="${settled.id}"]`).getByTestId('sa-markets');
    await markets.waitFor();
    const text = (await markets.textContent()) ?? '';
    expect(text).toContain('홈');
    expect(text).not.toMatch(/\bhome\b|\baway\b/);
    await saveScreenshot(page, 'sports-names-admin-result-panel');

    await page.goto('/admin/sports/teams');
    await page.getByTestId('admin-sports-teams').waitFor();
    await page.getByTestId('sa-team-search').fill('Arsenal');
    const team = page.getByTestId('sa-team-row').filter({ hasText: 'Arsenal' }).first();
    await team.waitFor();
    expect(await team.getByTestId('sa-team-name-ja').textContent()).toBe('アーセナル');
    expect(await team.getByTestId('sa-team-name-th').textContent()).toBe('อาร์เซนอล');
    await saveScreenshot(page, 'sports-names-admin-teams');
  } finally {
    await context.close();
  }
});
