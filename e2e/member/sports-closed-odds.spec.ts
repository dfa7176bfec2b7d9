import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, DESKTOP, RESULTS_DIR, launchBrowser, newPage, submitMemberLogin } from '../support/browser.ts';

// Issue 20 defect 4 (decision 052): the list greys out exactly what the slip would refuse. The
// European board's closing time is stretched to three hours, so every listed game starting
// within three hours is closed for prematch betting while still listed; its odds buttons must be
// disabled, and the slip's own quote must refuse the same outcome for the same reason. The
// setting is put back afterwards.
const CLOSING = 3 * 3600;
let browser: Browser;
let before: number | undefined;
let admin: string;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const got = await apiCall('/api/admin/game-settings/get', { game: 'sports:europe' }, admin);
  before = got.data.settings.closing_seconds as number;
  const set = await apiCall('/api/admin/game-settings/update', { game: 'sports:europe', settings: { closing_seconds: CLOSING } }, admin);
  if (!set.result) throw new Error(`setting failed: ${JSON.stringify(set)}`);
});
afterAll(async () => {
  if (before !== undefined) await apiCall('/api/admin/game-settings/update', { game: 'sports:europe', settings: { closing_seconds: before } }, admin);
  await browser?.close();
});

test('a listed game past its closing time has disabled odds buttons, and the slip refuses them the same way', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  await context.addInitScript(() => {
    localStorage.setItem('language', 'en');
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  });
  await page.goto('/game/europe-sports?sport=soccer');
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page);
  await page.getByTestId('header-nickname').waitFor();
  await page.getByTestId('fixture-list').waitFor();

  // Rows in list order: the first ones start soonest (inside the closing time), the last ones later.
  const rows = page.getByTestId('fixture-row');
  const closed = rows.filter({ has: page.locator('[data-testid="odds"][data-refusal="sports_betting_closed"]') });
  await closed.first().waitFor();
  const closedRow = closed.first();
  const buttons = closedRow.getByTestId('odds');
  const n = await buttons.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await expect.poll(() => buttons.nth(i).isDisabled()).toBe(true);
  // Clicking does nothing: the slip stays empty.
  await buttons.first().click({ force: true });
  expect(await page.locator('[data-testid="odds"][data-picked]').count()).toBe(0);

  // A game starting after the closing time is still open on the same list (the rule, not a blanket lock).
  const open = rows.filter({ has: page.locator('[data-testid="odds"]:not([disabled])') });
  await open.first().waitFor();

  // The slip's own answer for the same outcome: refused, for the same reason.
  const login = await apiCall('/api/user/login', { account: DEMO.player.account, password: DEMO.player.password });
  const outcomeId = Number(await buttons.first().getAttribute('data-outcome-id'));
  const quote = await apiCall('/api/user/sports/slip/quote', { board: 'europe', outcome_ids: [outcomeId] }, login.data.token);
  expect(quote.data.outcomes[0]).toMatchObject({ outcome_id: outcomeId, available: false, reason: 'sports_betting_closed' });

  await closedRow.scrollIntoViewIfNeeded();
  // The viewport only: the board lists every game, a full-page picture is unreadable.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${RESULTS_DIR}sports-closed-odds-en.png` });
  await context.close();
});

test('live baseball reads its inning and half, no minute (Korean)', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  await context.addInitScript(() => {
    localStorage.setItem('language', 'ko');
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  });
  await page.goto('/game/inplay?sport=baseball');
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page);
  await page.getByTestId('header-nickname').waitFor();
  await page.getByTestId('fixture-list').waitFor();
  const clocks = await page.getByTestId('fixture-clock').allInnerTexts();
  expect(clocks.length).toBeGreaterThan(0);
  // "라이브 3회초": an inning and its half (or a break between innings), never "11이닝 83'".
  for (const c of clocks) expect(c).toMatch(/\d+회[초말]$/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${RESULTS_DIR}sports-baseball-clock-ko.png` });
  await context.close();
});
