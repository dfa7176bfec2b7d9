import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { submitAdminLogin } from '../support/otp.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an admin who is not logged in is sent to /admin/login', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-login-account').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  } finally {
    await context.close();
  }
});

test('/admin/login logs the admin in and the dashboard shows its numbers', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/admin/login');
    await submitAdminLogin(page, DEMO.admin.account, DEMO.admin.password);

    const dashboard = page.getByTestId('admin-dashboard');
    await dashboard.waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.getByTestId('admin-dashboard-members').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('admin-dashboard-money_total').textContent()).toMatch(/[\d,]+원/);
    // Today's site figures (issue 20): deposits, withdrawals, bets and profit and loss of the KST day.
    expect(await page.getByTestId('admin-dashboard-today').textContent()).toMatch(/^오늘 \(\d{4}-\d{2}-\d{2}\)$/);
    for (const key of ['charge_amount', 'exchange_amount', 'deposit_pl', 'bet_amount', 'win_amount', 'betting_pl'])
      expect(await page.getByTestId(`admin-dashboard-${key}`).textContent()).toMatch(/-?[\d,]+원/);
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeTruthy();
    await saveScreenshot(page, 'admin-dashboard');

    // The sessions page lists at least this admin's own session.
    await page.getByTestId('admin-nav-user').click();
    await page.getByTestId('admin-session-row').first().waitFor();
    await saveScreenshot(page, 'admin-sessions');
  } finally {
    await context.close();
  }
});
