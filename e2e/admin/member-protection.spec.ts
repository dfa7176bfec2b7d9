import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, launchBrowser, saveScreenshot } from '../support/browser.ts';
import { acknowledge, acknowledgeStep } from '../support/ui.ts';

/**
 * The admin member detail's protection tab (issue 23, decision 057): the admin opens a new
 * member's tab, tightens the daily deposit limit (confirmed) and sees it in force; a raise is
 * refused with the translated message and leaves the limit as it was. Only a new member is touched.
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

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

test('an admin tightens a member daily deposit limit from the protection tab and cannot raise it', async () => {
  const account = `mpu${randomUUID().slice(0, 6)}`;
  const made = await apiCall(
    '/api/admin/member/create',
    { account, password: 'pw1234', nickname: account, role: 'user', state: 'normal_a', parent_code: 'shop1' },
    token,
  );
  expect(made.result, JSON.stringify(made)).toBe(true);
  const list = await apiCall('/api/admin/member/list', { search: account }, token);
  const id = (list.data.rows as { id: number; account: string }[]).find((r) => r.account === account)!.id;

  const { context, page } = await adminPage(browser, token);
  try {
    await page.goto(`/admin/members/${id}`);
    await page.getByTestId('member-tab-protection').click();
    await page.getByTestId('member-protection').waitFor();
    expect(await text(page, 'member-limit-deposit_daily')).toBe('없음');
    expect(await text(page, 'member-exclusion')).toBe('없음');

    await page.getByTestId('member-limit-key').selectOption('deposit_daily');
    await page.getByTestId('member-limit-value').fill('50000');
    await page.getByTestId('member-limit-save').click();
    const confirm = await acknowledgeStep(page);
    expect(confirm).toContain('50,000');
    await acknowledge(page); // saved
    await expect.poll(() => text(page, 'member-limit-deposit_daily')).toBe('50,000원');
    await saveScreenshot(page, 'admin-member-protection-1440');

    // A raise: the service refuses staff, the alert says so in Korean, the limit is unchanged.
    await page.getByTestId('member-limit-value').fill('90000');
    await page.getByTestId('member-limit-save').click();
    await acknowledgeStep(page);
    expect(await acknowledge(page)).toBe('한도를 높이거나 해제하는 것은 회원 본인만 할 수 있습니다.');
    expect(await text(page, 'member-limit-deposit_daily')).toBe('50,000원');
    const r = await apiCall('/api/admin/member/limits/get', { user_id: id }, token);
    expect(r.data.deposit_daily).toBe('50000');
  } finally {
    await context.close();
  }
});
