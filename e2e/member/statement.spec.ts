import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, newPage, RESULTS_DIR, saveScreenshot, submitMemberLogin } from '../support/browser.ts';

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

const PASSWORD = '1234';

/** A new, approved player made through the join API, and its id. */
async function joinPlayer(): Promise<{ account: string; id: number }> {
  const suffix = String(Date.now()).slice(-6);
  const account = `st${suffix}`;
  const phone = `0107${suffix}2`;
  const sms = await apiCall('/api/user/join/sendSms', { phone_number: phone });
  const code = await apiCall('/api/test/lastSms', { phone_number: phone });
  await apiCall('/api/user/join/checkSms', { sms_key: sms.data.sms_key, number: code.data.code });
  const joined = await apiCall('/api/user/join', {
    account,
    password: PASSWORD,
    nickname: `명세${suffix}`,
    phone_number: phone,
    sms_key: sms.data.sms_key,
    sms_number: code.data.code,
    bank_account_holder: '김명세',
    bank_name: '국민',
    bank_account: '12345678902',
    bank_password: PASSWORD,
    code: 'shop1',
    device: 'PC',
    birth_date: '1990-01-01',
  });
  if (!joined.result) throw new Error(`join: ${JSON.stringify(joined)}`);
  const admin = await adminToken();
  const found = await apiCall('/api/admin/member/list', { search: account }, admin);
  const id = found.data.rows.find((r: { account: string }) => r.account === account)?.id;
  const approved = await apiCall('/api/admin/member/setStatus', { user_id: id, status: 'normal_a' }, admin);
  if (!approved.result) throw new Error(`approve: ${JSON.stringify(approved)}`);
  return { account, id };
}

/** Reads a downloaded XLSX back: its rows' values. */
async function readSheet(download: Download) {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = fs.readFileSync(await download.path());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const sheet = book.worksheets[0];
  return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
}

async function login(page: Page, account: string) {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, PASSWORD);
  await page.getByTestId('header-nickname').waitFor();
}

test('the player reads their statement with running balances, exports it as XLSX and prints it as PDF; the admin report counts their limit', async () => {
  const player = await joinPlayer();
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
  const token = (await apiCall('/api/user/login', { account: player.account, password: PASSWORD })).data.token as string;
  expect((await apiCall('/api/user/limits/set', { deposit_daily: 100_000 }, token)).result).toBe(true);

  const { context, page } = await newPage(browser, DESKTOP);
  try {
    // The print dialog would block a headless page: the PDF button's call is recorded instead.
    await context.addInitScript(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await login(page, player.account);
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
