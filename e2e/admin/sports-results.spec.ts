import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { baseUrl, DEMO, DESKTOP, launchBrowser, PHONE, saveScreenshot, type Screen } from '../support/browser.ts';

/**
 * Sports result management (issue 9): a player bets on a released match from the feed over the
 * API, the admin enters the final score in the browser and sees the bet settled (the fixture's
 * settle job, the market results), and the player's bet is won with its payout.
 */
let browser: Browser;
let token: string;
let player: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const login = await apiCall('/api/user/login', { account: DEMO.player.account, password: DEMO.player.password });
  if (!login.result) throw new Error(`player login: ${JSON.stringify(login)}`);
  player = login.data.token;
});
afterAll(async () => {
  await browser?.close();
});

async function adminPage(screen: Screen): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    baseURL: baseUrl(),
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  await context.addInitScript((t) => localStorage.setItem('admin_token', t), token);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

type Outcome = { id: number; code: string; odds: string; active: boolean };
type Fixture = {
  id: number;
  status: string;
  starts_at: string;
  bet_stop: boolean;
  home: { name: string };
  away: { name: string };
  markets: { kind: string; status: string; outcomes: Outcome[] }[];
};

async function untouched(fixtureId: number) {
  const r = await apiCall('/api/admin/sports/fixture', { fixture_id: fixtureId }, token);
  return Boolean(r.result) && (r.data.markets as { outcomes: { bets: number }[] }[]).every((m) => m.outcomes.every((o) => o.bets === 0));
}

/** A released (prematch) soccer match from the feed with an open 1X2 market; the feed may need a moment after start. */
async function pickFixture(): Promise<{ fixture: Fixture; home: Outcome }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await apiCall('/api/user/sports/fixtures', { board: 'europe', sport: 'soccer' }, player);
    for (const f of (r.data?.fixtures ?? []) as Fixture[]) {
      const m = f.markets.find((x) => x.kind === '1x2' && x.status === 'open');
      const home = m?.outcomes.find((o) => o.code === 'home' && o.active);
      // A match no other spec has bet on, so the exposure the screens show is this test's bet alone.
      // Sales close shortly before kick-off (closing_seconds, 60 by default): leave ten minutes.
      const later = Date.parse(f.starts_at) > Date.now() + 10 * 60_000;
      if (f.status === 'release' && later && !f.bet_stop && home && (await untouched(f.id))) return { fixture: f, home };
    }
    if (Date.now() > deadline) throw new Error(`no released soccer fixture: ${JSON.stringify(r).slice(0, 300)}`);
    await new Promise((res) => setTimeout(res, 1_000));
  }
}

/**
 * A single on `outcome` through the player API. The feed moves prices all the time: when the
 * price moved down between the read and the bet, take the new one and bet again, as a player does
 * after the "odds changed" notice.
 */
async function placeSingle(outcome: Outcome, amount: string) {
  let odds = outcome.odds;
  for (let attempt = 0; ; attempt++) {
    const placed = await apiCall(
      '/api/user/sports/bet/place',
      { request_id: `e2e-${randomUUID()}`, board: 'europe', amount, selections: [{ outcome_id: outcome.id, odds }], accept_higher_odds: true },
      player,
    );
    const changed = placed.error?.code === 'odds_changed' ? (placed.error.params?.changes ?? '') : '';
    if (placed.result || !/^\d+:[\d.]+$/.test(changed) || attempt === 4) return placed;
    odds = changed.split(':')[1];
  }
}

test('the admin enters a result in the browser and the bets on it are settled', async () => {
  const { fixture, home } = await pickFixture();
  const placed = await placeSingle(home, '10000');
  expect(placed.result, JSON.stringify(placed)).toBe(true);
  const betId: number = placed.data.bet.id;

  const { context, page } = await adminPage(DESKTOP);
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-sports-results').click();
    await page.getByTestId('admin-sports-results').waitFor();
    await page.getByTestId('sa-filter-upcoming').click();
    await page.getByTestId('sa-search').fill(fixture.home.name);
    const row = page.locator(`[data-testid="sa-fixture-row"][data-fixture="${fixture.id}"]`);
    await row.waitFor();
    await row.getByTestId('sa-fixture-pick').click();
    const panel = page.locator(`[data-testid="sa-fixture-panel"][data-fixture="${fixture.id}"]`);
    await panel.waitFor();
    // The bet shows as exposure on the home outcome before the result.
    expect(await panel.getByTestId('sa-markets').textContent()).toContain('10,000');
    await saveScreenshot(page, 'admin-sports-result-before');

    await panel.getByTestId('sa-home').fill('2');
    await panel.getByTestId('sa-away').fill('1');
    await panel.getByTestId('sa-enter').click();
    await page.locator('[data-testid="sa-entry-message"][data-ok="true"]').waitFor();
    await page.locator('[data-testid="sa-fixture-status"]', { hasText: '결과' }).waitFor();
    expect(await panel.getByTestId('sa-fixture-score').textContent()).toContain('2 : 1');
    const job = panel.getByTestId('sa-queue-row').first();
    expect(await job.getAttribute('data-done')).toBe('true');
    expect(await panel.getByTestId('sa-markets').textContent()).toContain('적중');
    await saveScreenshot(page, 'admin-sports-result-settled');

    const detail = await apiCall('/api/user/sports/bet/detail', { id: betId }, player);
    expect(detail.data.bet.status).toBe('won');
    expect(detail.data.bet.win_amount).toBe(detail.data.bet.potential_win);

    // A second entry is refused with its own message; the ledger stays balanced.
    await page.getByTestId('sa-filter-settled').click();
    const ledger = await apiCall('/api/admin/ledger/verify', {}, token);
    expect(ledger.data.ok).toBe(true);
  } finally {
    await context.close();
  }

  const phone = await adminPage(PHONE);
  try {
    await phone.page.goto('/admin/sports/results');
    await phone.page.getByTestId('sa-filter-settled').click();
    await phone.page.getByTestId('sa-fixture-row').first().waitFor();
    await phone.page.getByTestId('sa-fixture-pick').first().click();
    await phone.page.getByTestId('sa-fixture-panel').waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width + 1);
    await saveScreenshot(phone.page, 'admin-sports-result-phone');
  } finally {
    await phone.context.close();
  }
});

test('the back office screens open with their data: liability, high-value bets, settings, block, leagues, teams', async () => {
  // An open bet from the feed, so the live liability has an outcome to show (the seed's demo bets have no folders).
  const { fixture, home } = await pickFixture();
  const placed = await placeSingle(home, '12000');
  expect(placed.result, JSON.stringify(placed)).toBe(true);
  const { context, page } = await adminPage(DESKTOP);
  try {
    for (const [nav, id] of [
      ['sports-liability', 'admin-sports-liability'],
      ['sports-high-bets', 'admin-sports-high-bets'],
      ['sports-settings', 'admin-sports-settings'],
      ['sports-block', 'admin-sports-block'],
      ['sports-leagues', 'admin-sports-leagues'],
      ['sports-teams', 'admin-sports-teams'],
    ] as const) {
      await page.goto('/admin');
      await page.getByTestId(`admin-nav-${nav}`).click();
      await page.getByTestId(id).waitFor();
      await page.locator('.ui-spinner').waitFor({ state: 'detached' });
      if (nav === 'sports-liability') {
        const exposed = page.locator('[data-testid="sa-liability-row"]', { hasText: `#${fixture.id}` });
        await exposed.first().waitFor();
        expect(await exposed.first().textContent()).toContain('12,000');
      }
      await saveScreenshot(page, `admin-${nav}`);
    }
    await page.getByTestId('sa-team-row').first().waitFor();
    expect(await page.getByTestId('sa-team-row').count()).toBeGreaterThan(0);
    await page.getByTestId('admin-nav-sports-leagues').click();
    await page.getByTestId('sa-league-row').first().waitFor();
    expect(await page.getByTestId('sa-league-row').count()).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});
