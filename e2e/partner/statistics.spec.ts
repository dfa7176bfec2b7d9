import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { adminToken, apiCall } from '../support/api.ts';
import { launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';

// The partner statistics and zeus screens (issue 18) as the seeded top HQ (tophq1) reads them at the
// partner site's 1024 px: a member under shop1 spins the house slot through the real wallet (bets
// placed and settled at once); after the commission drain folds them, the top HQ finds them in its
// statistics. Every screen shows rows and a totals row, takes another date range and exports an XLSX
// of what it shows.
let browser: Browser;
let topToken: string;
const TOP = { account: 'tophq1', password: '1234' };
const MEMBER = { account: 'user4', password: '1234' };
const SPINS = 3;
const STAKE = 1000n;
const PARTNER_1024: Screen = { width: 1024, height: 900, mobile: false };
const run = Date.now().toString(36);

const digits = (s: string | null) => BigInt((s ?? '').replace(/[^\d-]/g, '') || '0');

/** The member's betting row over today as the top HQ's API answers it (zeros before its first bet). */
async function memberToday(): Promise<{ bet_amount: bigint; bet_count: number }> {
  const answer = await apiCall('/api/agent/zeus/total-user-bettings', { search: MEMBER.account }, topToken);
  if (!answer.result) throw new Error(JSON.stringify(answer));
  const row = (answer.data.rows as { account: string; bet_amount: string; bet_count: number }[]).find((r) => r.account === MEMBER.account);
  return { bet_amount: BigInt(row?.bet_amount ?? '0'), bet_count: row?.bet_count ?? 0 };
}

let before: { bet_amount: bigint; bet_count: number };

beforeAll(async () => {
  browser = await launchBrowser();
  const top = await apiCall('/api/agent/login', TOP);
  if (!top.result) throw new Error(`top HQ login failed: ${JSON.stringify(top)}`);
  topToken = top.data.token;
  before = await memberToday();

  // The member plays: funded by the admin, then SPINS slot rounds of STAKE each.
  const login = await apiCall('/api/user/login', MEMBER);
  if (!login.result) throw new Error(`member login failed: ${JSON.stringify(login)}`);
  const fund = await apiCall(
    '/api/admin/ledger/adjust',
    { user_id: login.data.user.id, asset: 'money', amount: 50_000, memo: 'e2e partner statistics', request_id: `e2e-pa-stats-${run}` },
    await adminToken(),
  );
  if (!fund.result) throw new Error(`funding failed: ${JSON.stringify(fund)}`);
  const launch = await apiCall('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'fortune5' }, login.data.token);
  if (!launch.result) throw new Error(`launch failed: ${JSON.stringify(launch)}`);
  const token = new URL(launch.data.url as string, 'http://x').searchParams.get('token')!;
  for (let i = 0; i < SPINS; i++) {
    const spin = await apiCall('/api/house/slot/spin', {
      token,
      user: login.data.user.id,
      game: 'fortune5',
      bet: String(STAKE),
      request_id: `e2e-pa-stats-${run}-${i}`,
      client_seed: `5eed${i}${i}${i}${i}`,
    });
    if (!spin.result) throw new Error(`spin failed: ${JSON.stringify(spin)}`);
  }
});
afterAll(async () => {
  await browser?.close();
});

async function loginTop(page: Page) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(TOP.account);
  await page.getByTestId('pa-login-password').fill(TOP.password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

/** The table's body rows that hold figures (not the "no data" row). */
const dataRows = (page: Page) => page.getByTestId('pa-stats-table').locator('tbody tr:not(:has(.ui-empty))');

/** Presses Excel, keeps the download and reads it back: its header row, body rows and last (totals) row. */
async function exportSheet(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pa-stats-export').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  const bytes = fs.readFileSync(file);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = book.worksheets[0];
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  return { header: values(1), rows: sheet.rowCount - 1, last: values(sheet.rowCount) };
}

test("a member's settled slot bets show up in the top HQ's statistics once the commission drain has run", async () => {
  // The drain folds settled bets into the day rows within seconds.
  await expect
    .poll(memberToday, { timeout: 10_000, interval: 500 })
    .toEqual({ bet_amount: before.bet_amount + STAKE * BigInt(SPINS), bet_count: before.bet_count + SPINS });

  const { context, page } = await newPage(browser, PARTNER_1024);
  try {
    await loginTop(page);
    // Per member over the range: the member's row has its stakes and count.
    await page.goto(`/pa-zeus-total-user-bettings?search=${MEMBER.account}`);
    const row = dataRows(page).and(page.locator(`[data-account="${MEMBER.account}"]`));
    await expect.poll(async () => digits((await row.locator('td').nth(2).innerText()).split('\n')[0])).toBe(before.bet_amount + STAKE * BigInt(SPINS));
    expect(await row.locator('td').nth(1).innerText()).toBe('shop1');
    await saveScreenshot(page, 'partner-zeus-total-user-bettings-1024');

    // The whole chain is one direct lower agent of the top HQ: mainhq1 carries the member's bets.
    await page.goto('/pa-statistics-total');
    const main = dataRows(page).and(page.locator('[data-account="mainhq1"]'));
    await expect.poll(async () => digits((await main.locator('td').nth(2).innerText()).split('\n')[0])).toBeGreaterThanOrEqual(STAKE * BigInt(SPINS));
  } finally {
    await context.close();
  }
});

const SCREENS = [
  { path: '/pa-statistics-total', id: 'pa-statistics-total' },
  { path: '/pa-statistics-rolling', id: 'pa-statistics-rolling' },
  { path: '/pa-statistics-days', id: 'pa-statistics-days', chart: true },
  { path: '/pa-zeus-statistics-rolling?gameType=slot', id: 'pa-zeus-statistics-rolling' },
  { path: '/pa-zeus-daily-bettings', id: 'pa-zeus-daily-bettings', chart: true },
  { path: '/pa-zeus-user-daily-bettings', id: 'pa-zeus-user-daily-bettings' },
  { path: '/pa-zeus-role-user-daily-bettings?roleName=main_hq', id: 'pa-zeus-role-user-daily-bettings' },
  { path: '/pa-zeus-total-user-bettings', id: 'pa-zeus-total-user-bettings' },
] as const;

test('every statistics screen shows rows and a totals row, takes another date range and exports its XLSX', async () => {
  await expect.poll(async () => (await memberToday()).bet_count, { timeout: 10_000 }).toBeGreaterThanOrEqual(before.bet_count + SPINS);
  const { context, page } = await newPage(browser, PARTNER_1024);
  try {
    await loginTop(page);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await page.getByTestId(screen.id).waitFor();
      await expect.poll(() => dataRows(page).count(), { message: screen.path }).toBeGreaterThan(0);
      expect(await page.getByTestId('pa-stats-table').locator('tfoot td').first().innerText()).toBe('합계');

      // Seven days: the address bar keeps the range, today's rows are still in it.
      await page.getByTestId('date-range-last7').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('from'), { message: screen.path }).not.toBeNull();
      const { from, to } = Object.fromEntries(new URL(page.url()).searchParams);
      await expect.poll(() => page.getByTestId('date-range-from').inputValue()).toBe(from);
      await expect.poll(() => page.getByTestId('date-range-to').inputValue()).toBe(to);
      expect(from < to).toBe(true);
      await expect.poll(() => dataRows(page).count(), { message: screen.path }).toBeGreaterThan(0);
      if ('chart' in screen) await page.getByTestId('pa-stats-chart').locator('canvas').first().waitFor();

      const sheet = await exportSheet(page);
      expect(sheet.rows, screen.path).toBeGreaterThan(1);
      expect(sheet.last[0]).toBe('합계');
      await page.waitForTimeout(300);
      await saveScreenshot(page, `partner-stats-${screen.id}-1024`);
    }

    // Zeus home: what the subtree holds and today, the last 30 days as a trend, a day table with totals.
    await page.goto('/pa-zeus-home');
    await page.getByTestId('pa-zeus-home').waitFor();
    await page.getByTestId('pa-stats-chart').locator('canvas').first().waitFor();
    expect(await dataRows(page).count()).toBe(30);
    expect(await page.getByTestId('pa-stats-table').locator('tfoot td').first().innerText()).toBe('합계');
    expect(digits((await page.getByTestId('pa-zeus-card-betting').locator('tr[data-field="bet"] td').innerText()).split('\n')[0])).toBeGreaterThanOrEqual(
      STAKE * BigInt(SPINS),
    );
    const sheet = await exportSheet(page);
    expect(sheet.rows).toBe(31);
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'partner-stats-pa-zeus-home-1024');
  } finally {
    await context.close();
  }
});

test('losing and loss-fee columns: the settlement tab and the rolling screen show them with the figures the API answers', async () => {
  const { context, page } = await newPage(browser, PARTNER_1024);
  try {
    await loginTop(page);
    type Figures = { account: string; losing: string; loss_fee: string };
    const columnsOf = async () => (await page.getByTestId('pa-stats-table').locator('thead th').allInnerTexts()).map((h) => h.trim());
    /** The cell under `header` of the account's row and of the totals row, as numbers. */
    const cells = async (account: string, header: string) => {
      const at = (await columnsOf()).indexOf(header);
      expect(at, header).toBeGreaterThan(-1);
      const row = dataRows(page).and(page.locator(`[data-account="${account}"]`));
      return {
        row: digits(await row.locator('td').nth(at).innerText()),
        totals: digits(await page.getByTestId('pa-stats-table').locator('tfoot td').nth(at).innerText()),
      };
    };

    // Total screen, settlement tab: mainhq1's group and the totals row.
    const total = await apiCall('/api/agent/statistics/total', {}, topToken);
    const main = (total.data.rows as Figures[]).find((r) => r.account === 'mainhq1')!;
    await page.goto('/pa-statistics-total?group=settlement');
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
    expect(await cells('mainhq1', '루징')).toEqual({ row: BigInt(main.losing), totals: BigInt(total.data.totals.losing) });
    expect(await cells('mainhq1', '루징 수수료')).toEqual({ row: BigInt(main.loss_fee), totals: BigInt(total.data.totals.loss_fee) });
    const sheet = await exportSheet(page);
    expect(sheet.header).toEqual(expect.arrayContaining(['루징', '루징 수수료']));
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'partner-stats-losing-total-1024');

    // Rolling screen: the top HQ's own row first, losing beside the game types.
    const rolling = await apiCall('/api/agent/statistics/rolling', {}, topToken);
    const own = (rolling.data.rows as Figures[])[0];
    await page.goto('/pa-statistics-rolling');
    await expect.poll(() => dataRows(page).count()).toBeGreaterThan(0);
    expect(await cells(own.account, '루징')).toEqual({ row: BigInt(own.losing), totals: BigInt(rolling.data.totals.losing) });
    expect(await cells(own.account, '루징 수수료')).toEqual({ row: BigInt(own.loss_fee), totals: BigInt(rolling.data.totals.loss_fee) });
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'partner-stats-losing-rolling-1024');
  } finally {
    await context.close();
  }
});
