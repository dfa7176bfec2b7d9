import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { setInspection } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';

// Real platform, seeded demo data, Debian Chromium. The interface language is Korean (default).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const screen of [DESKTOP, PHONE]) {
  test(`player logs in through the login modal and sees nickname and money in the header (${screen.width}px)`, async () => {
    const { context, page } = await newPage(browser, screen);
    try {
      await page.goto('/');
      await page.getByTestId('header-login').click();
      await page.getByTestId('login-modal').waitFor();
      await submitMemberLogin(page);

      const nickname = page.getByTestId('header-nickname');
      await nickname.waitFor();
      expect(await nickname.textContent()).toBe('회원1');
      expect(await page.getByTestId('header-money').textContent()).toMatch(/^\d{1,3}(,\d{3})*원$/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      expect(await page.getByTestId('login-modal').count()).toBe(0);
      await saveScreenshot(page, `member-login-${screen.width}`);
    } finally {
      await context.close();
    }
  });
}

test('a guest opening /board/notice gets the login modal and lands on /board/notice after login', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/board/notice');
    await page.getByTestId('login-modal').waitFor();
    expect(await page.getByTestId('login-required').isVisible()).toBe(true);
    await submitMemberLogin(page);

    await page.getByTestId('notice-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/board/notice');
    expect(await page.getByTestId('header-nickname').textContent()).toBe('회원1');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('공지사항');
    await saveScreenshot(page, 'member-next-path');
  } finally {
    await context.close();
  }
});

test('empty fields and a wrong password keep the guest out with a login-failed dialog', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/');
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dialog').waitFor();
    expect(await page.getByTestId('dialog-message').textContent()).toBe('아이디 또는 비밀번호를 입력해 주세요.');
    expect(await page.getByTestId('dialog').textContent()).toContain('로그인 실패');
    await page.getByTestId('dialog-ok').click();

    await submitMemberLogin(page, 'no_such_player', 'wrong-password');
    await page.getByTestId('dialog').waitFor();
    expect(await page.getByTestId('dialog').textContent()).toContain('로그인 실패');
    await saveScreenshot(page, 'member-login-failed');
    await page.getByTestId('dialog-ok').click();
    expect(await page.getByTestId('header-nickname').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('an unknown path shows the not-found page', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/this/page/does-not-exist');
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain('요청하신 페이지를 찾을 수 없습니다');
    await saveScreenshot(page, 'member-not-found');
  } finally {
    await context.close();
  }
});

test('while the member site is under inspection the whole app is the maintenance page with the memo', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await setInspection('inspection', true, '정기 점검 02:00 ~ 04:00');
    await page.goto('/board/notice');
    const maintenance = page.getByTestId('maintenance');
    await maintenance.waitFor();
    expect(await maintenance.textContent()).toContain('시스템 점검 중입니다');
    expect(await maintenance.textContent()).toContain('정기 점검 02:00 ~ 04:00');
    expect(await page.getByTestId('header-login').count()).toBe(0);
    await saveScreenshot(page, 'member-maintenance');
  } finally {
    await setInspection('inspection', false);
    await context.close();
  }
});
