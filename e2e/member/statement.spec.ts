import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Download } from 'playwright-core';
import ExcelJS from 'exceljs';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, newPage, RESULTS_DIR, saveScreenshot } from '../support/browser.ts';
import { joinFreshPlayer, loginThroughModal } from '../support/players.ts';

// Issue 23 (decision 059): the player's activity statement (rows with the balance after each, an
// XLSX export, the print view the PDF button prints) and the admin's protection report, which
// finds the limit this player set. A player joined for this spec, so its rows are only this spec's.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Reads a downloaded XLSX back: its rows' values. */
async function readSheet(download: Download) {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync(await download.path());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = book.worksheets[0];
  return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
}

test('the player reads their statement with running balances, exports it as XLSX and prints it as PDF; the admin report counts their limit', async () => {
  const player = await joinFreshPlayer('st');
  const admin = await adminToken();
  for (const [amount, n] of [
    [50_000, 1],
    [-12_000, 2],
  ] as const) {
    const r = await apiCall(
      '/api/admin/ledger/adjust',
      { user_id: player.id, asset: 'money', amount, memo: 'statement spec', request_id: `st-${player.account}-${n}` },
      admin,
    );
    expect(r.result).toBe(true);
  }
  const token = (await apiCall('/api/user/login', { account: player.account, password: player.password })).data.token as string;
  expect((await apiCall('/api/user/limits/set', { deposit_daily: 100_000 }, token)).result).toBe(true);

  const { context, page } = await newPage(browser, DESKTOP);
  try {
    // The print dialog would block a headless page: the PDF button's call is recorded instead.
    await context.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await loginThroughModal(page, player.account);
    await page.goto('/board/statement');
    await page.getByTestId('statement-page').waitFor();
    const rows = page.getByTestId('statement-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Newest first: the reclaim, then the grant; each with the balance after it.
    expect(await rows.nth(0).getByTestId('statement-amount').textContent()).toBe('-12,000');
    expect(await rows.nth(0).getByTestId('statement-balance').textContent()).toBe('38,000');
    expect(await rows.nth(1).getByTestId('statement-amount').textContent()).toBe('+50,000');
    expect(await rows.nth(1).getByTestId('statement-balance').textContent()).toBe('50,000');
    expect(await page.getByTestId('statement-credit').textContent()).toContain('50,000');
    expect(await page.getByTestId('statement-debit').textContent()).toContain('12,000');
    await saveScreenshot(page, 'member-statement');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-export').click()]);
    const sheet = await readSheet(download);
    expect(sheet).toHaveLength(3);
    expect(sheet[1].slice(-2)).toEqual([-12000, 38000]);
    expect(sheet[2].slice(-2)).toEqual([50000, 50000]);

    await page.getByTestId('statement-pdf').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
    await page.getByTestId('statement-print').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('statement-print').getByTestId('statement-print-row').count()).toBe(2);
    await saveScreenshot(page, 'member-statement-print');
    const pdf = `${RESULTS_DIR}member-statement.pdf`;
    await page.pdf({ path: pdf, format: 'A4' });
    const bytes = fs.readFileSync(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
  } finally {
    await context.close();
  }

  // The admin's protection report of this month has the limit this player set, under their account.
  const opened = await adminPage(browser, admin, DESKTOP);
  try {
    const p = opened.page;
    await p.goto('/admin/stats/protection');
    await p.getByTestId('admin-protection-report').waitFor();
    const event = p.getByTestId('protection-event').filter({ hasText: player.account });
    await event.first().waitFor();
    expect(await event.first().getAttribute('data-figure')).toBe('limits_set');
    expect(Number(await p.getByTestId('protection-total-limits_set').textContent())).toBeGreaterThanOrEqual(1);
    await p.getByTestId('admin-protection-chart').waitFor();
    await saveScreenshot(p, 'admin-protection-report');
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('admin-protection-export').click()]);
    const sheet = await readSheet(download);
    expect(sheet.length).toBeGreaterThan(2);
  } finally {
    await opened.context.close();
  }
});
