import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';
import { acknowledge, acknowledgeTitled } from '../support/ui.ts';

// Issue 23 (decision 057): a weekly deposit limit set on the member site refuses a larger charge
// with its translated message. A player joined for this spec, so no other spec's limits meet it.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = '1234';

/** A new, approved player made through the join API. */
async function joinPlayer(): Promise<string> {
  const suffix = String(Date.now()).slice(-6);
  const account = `pl${suffix}`;
  const phone = `0108${suffix}1`;
  const sms = await apiCall('/api/user/join/sendSms', { phone_number: phone });
  const code = await apiCall('/api/test/lastSms', { phone_number: phone });
  await apiCall('/api/user/join/checkSms', { sms_key: sms.data.sms_key, number: code.data.code });
  const joined = await apiCall('/api/user/join', {
    account,
    password: PASSWORD,
    nickname: `한도${suffix}`,
    phone_number: phone,
    sms_key: sms.data.sms_key,
    sms_number: code.data.code,
    bank_account_holder: '김한도',
    bank_name: '국민',
    bank_account: '12345678901',
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
  return account;
}

async function login(page: Page, account: string) {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, PASSWORD);
  await page.getByTestId('header-nickname').waitFor();
}

test('a weekly deposit limit set on the limits page refuses a larger charge with its message', async () => {
  const account = await joinPlayer();
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, account);
    await page.goto('/board/limits');
    await page.getByTestId('limits-page').waitFor();
    // Every key and every exclusion period is offered.
    for (const key of [
      'deposit_daily',
      'deposit_weekly',
      'deposit_monthly',
      'loss_daily',
      'loss_weekly',
      'loss_monthly',
      'stake_per_bet',
      'stake_daily',
      'session_minutes',
    ])
      await page.getByTestId(`limit-${key}-input`).waitFor();
    for (const p of ['24h', '7d', '30d', '6m', 'permanent']) await page.getByTestId(`exclude-period-${p}`).waitFor();

    await page.getByTestId('limit-deposit_weekly-input').fill('50000');
    await page.getByTestId('limits-save').click();
    expect(await acknowledge(page)).toBe('한도가 저장되어 바로 적용되었습니다.');
    await expect.poll(() => page.getByTestId('limit-deposit_weekly-current').textContent(), { timeout: 15_000 }).toBe('50,000원');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'player-limits-weekly-set-1440');

    await page.goto('/board/money-deposit');
    await page.getByTestId('deposit-page').waitFor();
    await page.getByTestId('deposit-amount-add-50000').click();
    await page.getByTestId('deposit-amount-add-10000').click();
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('dialog').waitFor();
    await saveScreenshot(page, 'player-limits-weekly-refused-1440');
    expect(await acknowledgeTitled(page)).toEqual({ title: '충전 신청 실패', message: '설정한 주간 입금 한도(50,000원)를 초과합니다.' });
  } finally {
    await context.close();
  }
});
