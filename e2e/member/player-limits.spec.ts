import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { joinFreshPlayer, loginThroughModal } from '../support/players.ts';
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

test('a weekly deposit limit set on the limits page refuses a larger charge with its message', async () => {
  const { account } = await joinFreshPlayer('pl');
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await loginThroughModal(page, account);
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
