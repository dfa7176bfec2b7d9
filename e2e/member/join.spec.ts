import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall } from '../support/api.ts';
import { PHONE, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Reads the development SMS code through the server's test controls (global setup enables them).
test('a guest joins through the join modal: duplicate checks, SMS verification, then the login modal', async () => {
  const suffix = String(Date.now()).slice(-6);
  const phone = `0109${suffix.slice(0, 3)}${suffix.slice(3)}1`;
  const { context, page } = await newPage(browser, PHONE);
  try {
    await page.goto('/');
    await page.getByTestId('header-join').click();
    await page.getByTestId('join-modal').waitFor();

    await page.getByTestId('join-account').fill(`join${suffix}`);
    await page.getByTestId('join-check-account').click();
    expect(await acknowledge(page)).toBe('사용 가능한 아이디입니다.');
    await page.getByTestId('join-nickname').fill(`가입${suffix}`);
    await page.getByTestId('join-check-nickname').click();
    expect(await acknowledge(page)).toBe('사용 가능한 닉네임입니다.');
    await page.getByTestId('join-password').fill('1234');

    await page.getByTestId('join-phone').fill(phone);
    expect(await page.getByTestId('join-phone').inputValue()).toMatch(/^010-\d{4}-\d{4}$/);
    await page.getByTestId('join-send-sms').click();
    expect(await acknowledge(page)).toBe('인증번호가 발송되었습니다.');
    const sms = await apiCall('/api/test/lastSms', { phone_number: phone });
    await page.getByTestId('join-sms').fill(String(sms.data.code));
    await page.getByTestId('join-check-sms').click();
    expect(await acknowledge(page)).toBe('휴대폰 인증이 완료되었습니다.');

    await page.getByTestId('join-holder').fill('홍길동');
    await page.getByTestId('join-bank').selectOption('국민');
    await page.getByTestId('join-bank-account').fill('12345678901');
    await page.getByTestId('join-bank-password').fill('1234');
    await page.getByTestId('join-birth-date').fill('1990-01-01');
    await page.getByTestId('join-code').fill('shop1');
    expect(await page.getByTestId('join-submit').isEnabled()).toBe(true);
    await saveScreenshot(page, 'member-join-filled');
    await page.getByTestId('join-submit').click();
    await acknowledge(page);
    await page.getByTestId('login-modal').waitFor();
  } finally {
    await context.close();
  }
});
