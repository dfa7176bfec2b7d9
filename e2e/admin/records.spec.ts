import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, adminToken } from '../support/api.ts';
import { adminPage, launchBrowser, saveScreenshot } from '../support/browser.ts';
import { acknowledgeStep, acknowledgeTitled } from '../support/ui.ts';

/**
 * Admin records (issue 19, decision 041): the bet list of every member with its filters in the
 * address bar and its totals row; the conversion histories; two deposit requests approved
 * together from the waiting list, each with its own result. The members are this file's own.
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

test('the admin bet list shows every game family, filters by member in the address bar, and totals the filter', async () => {
  const { context, page } = await adminPage(browser, token);
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-bets').click();
    await page.getByTestId('admin-bets').waitFor();
    await page.getByTestId('admin-bet-row').first().waitFor();
    await saveScreenshot(page, 'admin-bets-1440');

    // One member (the seeded player's bets: sports and mini games), kept in the URL.
    await page.getByTestId('admin-bets-account').fill('user1');
    await page.getByTestId('admin-bets-search').click();
    await page.waitForURL(/account=user1/);
    await expect
      .poll(async () => new Set(await page.getByTestId('admin-bet-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-account')))).size)
      .toBe(1);
    const api = await apiCall('/api/admin/bet/list', { account: 'user1' }, token);
    expect(api.data.total).toBeGreaterThan(0);
    expect(await page.getByTestId('admin-bet-row').count()).toBe(Math.min(20, api.data.total));
    expect(((await page.getByTestId('admin-bets-total-amount').textContent()) ?? '').replace(/\D/g, '')).toBe(api.data.totals.amount);

    // A reload keeps the filter; the game-type filter narrows to mini games.
    await page.reload();
    expect(await page.getByTestId('admin-bets-account').inputValue()).toBe('user1');
    await page.getByTestId('admin-bets-game-type').selectOption('minigame');
    await page.waitForURL(/game_type=minigame/);
    await expect.poll(async () => (await page.getByTestId('admin-bet-row').allTextContents()).every((t) => t.includes('미니게임'))).toBe(true);
    await saveScreenshot(page, 'admin-bets-filtered-1440');

    // The conversion histories are in the menu (empty lists say so).
    await page.getByTestId('admin-nav-conversions-point').click();
    await page.getByTestId('admin-conversions-point').waitFor();
    await saveScreenshot(page, 'admin-conversions-point-1440');
  } finally {
    await context.close();
  }
}, 120_000);

test('two waiting deposits are approved together after one confirmation, each with its own result', async () => {
  const tag = randomUUID().slice(0, 6);
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const account = `bulk${n}_${tag}`;
    const created = await apiCall(
      '/api/admin/member/create',
      {
        account,
        password: '1234',
        nickname: `일괄${n}${tag}`,
        parent_code: 'shop1',
        state: 'normal_a',
        bankName: '신한',
        bankAccount: '110-000-1234',
        bankAccountHolder: `일괄예금주${tag}`,
      },
      token,
    );
    expect(created.result).toBe(true);
    const login = await apiCall('/api/user/login', { account, password: '1234' });
    const charge = await apiCall('/api/user/bank/charge', { charge_money: 10_000 * n, request_id: `bulk-${tag}-${n}` }, login.data.token);
    expect(charge.result).toBe(true);
    ids.push(charge.data.request.id);
  }
  const { context, page } = await adminPage(browser, token);
  try {
    await page.goto('/admin/bank/charge');
    for (const id of ids) await page.locator(`[data-testid="admin-bank-row"][data-id="${id}"] [data-testid="admin-bank-select"]`).check();
    // The same depositor name on both new accounts: each row carries the flag.
    for (const id of ids) await page.locator(`[data-testid="admin-bank-row"][data-id="${id}"] [data-testid="admin-bank-holder-flag"]`).waitFor();
    await saveScreenshot(page, 'admin-bank-bulk-selected-1440');
    await page.getByTestId('admin-bank-bulk-approve').click();
    expect(await acknowledgeStep(page)).toContain('선택한 2건을 승인하시겠습니까?');
    await page.waitForFunction(() => document.querySelector('[data-testid="dialog"] .ui-dialog-title')?.textContent === '일괄 승인 결과');
    await saveScreenshot(page, 'admin-bank-bulk-result-1440');
    const result = await acknowledgeTitled(page);
    expect(result.title).toBe('일괄 승인 결과');
    expect(result.message).toContain('2건 승인, 0건 실패');
    const after = await apiCall('/api/admin/bank/list', { type: 'charge', status: 'approved' }, token);
    const approved = new Set((after.data.rows as { id: number }[]).map((r) => r.id));
    expect(ids.every((id) => approved.has(id))).toBe(true);
  } finally {
    await context.close();
  }
}, 120_000);
