import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

/**
 * The member attendance screen (issue 19, decision 044): reached from the member menu, it shows the
 * bonus rules, checks in once (the bonus lands in the header's points), marks today in the month's
 * calendar, and refuses a second check the same day. A member of its own per screen size (one
 * check-in per member and day); the bonus table is set for the test and put back as found.
 */
let browser: Browser;
let token: string;
let bonusesBefore: { streak_days: number; point: number }[];
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  bonusesBefore = (await apiCall('/api/admin/site/attendance/bonuses', {}, token)).data.bonuses;
  const set = await apiCall(
    '/api/admin/site/attendance/setBonuses',
    {
      bonuses: [
        { streak_days: 1, point: 100 },
        { streak_days: 3, point: 500 },
        { streak_days: 7, point: 2000 },
      ],
    },
    token,
  );
  expect(set.result).toBe(true);
});
afterAll(async () => {
  await apiCall('/api/admin/site/attendance/setBonuses', { bonuses: bonusesBefore }, token);
  await browser?.close();
});

async function newMember(): Promise<string> {
  const account = `att${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const made = await apiCall(
    '/api/admin/member/create',
    { account, password: '1234', nickname: account, role: 'user', state: 'normal_a', parent_code: 'shop1' },
    token,
  );
  expect(made.result).toBe(true);
  return account;
}

async function login(page: Page, account: string) {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, '1234');
  await page.getByTestId('header-nickname').waitFor();
}

const points = async (page: Page) => Number(((await page.getByTestId('header-point').textContent()) ?? '').replace(/[^\d]/g, ''));

async function openFromMenu(page: Page, screen: Screen) {
  if (screen.mobile) {
    await page.locator('.m-burger').click();
    await page.getByTestId('mobile-attendance').click();
  } else {
    await page.getByTestId('side-attendance').click();
  }
  await page.getByTestId('attendance-page').waitFor();
}

for (const [name, screen] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`${name}: a member opens attendance from the menu, reads the rules, checks in once and sees today stamped`, async () => {
    const account = await newMember();
    const { context, page } = await newPage(browser, screen);
    try {
      await login(page, account);
      await openFromMenu(page, screen);
      expect(page.url()).toContain('/board/attendance');

      const rules = page.getByTestId('attendance-rule');
      expect(await rules.allTextContents()).toEqual(['1일 이상100P', '3일 이상500P', '7일 이상2,000P']);
      expect(await page.getByTestId('attendance-streak').textContent()).toBe('0일');
      expect(await page.getByTestId('attendance-today-bonus').textContent()).toBe('100P');
      const today = page.locator('[data-testid="attendance-day"].is-today');
      expect(await today.getAttribute('data-attended')).toBe('false');
      await saveScreenshot(page, `member-attendance-${name}-before`);

      const before = await points(page);
      await page.getByTestId('attendance-check').click();
      expect(await acknowledge(page)).toBe('1일 연속 출석! 100P가 지급되었습니다.');
      await expect.poll(() => today.getAttribute('data-attended')).toBe('true');
      expect(await today.textContent()).toContain('+100P');
      expect(await page.getByTestId('attendance-check').isDisabled()).toBe(true);
      expect(await page.getByTestId('attendance-check').textContent()).toBe('오늘 출석 완료');
      expect(await page.getByTestId('attendance-streak').textContent()).toBe('1일');
      expect(await page.getByTestId('attendance-month-count').textContent()).toBe('1일');
      await expect.poll(() => points(page)).toBe(before + 100);
      await saveScreenshot(page, `member-attendance-${name}-checked`);

      // The previous month has no check-ins; next is closed at this month.
      const thisMonth = ((await today.getAttribute('data-day')) ?? '').slice(0, 7);
      expect(await page.getByTestId('attendance-next').isDisabled()).toBe(true);
      await page.getByTestId('attendance-prev').click();
      await expect.poll(() => page.locator('[data-testid="attendance-day"]').first().getAttribute('data-day')).not.toContain(thisMonth);
      expect(await page.locator('[data-testid="attendance-day"][data-attended="true"]').count()).toBe(0);
      await page.getByTestId('attendance-next').click();
      await page.locator('[data-testid="attendance-day"].is-today').waitFor();

      // A second check the same day pays nothing (the server answers `already`). Last: this login ends the page's session.
      const again = await apiCall('/api/user/attendance/check', {}, (await apiCall('/api/user/login', { account, password: '1234' })).data.token);
      expect(again.data).toMatchObject({ already: true, streak: 1, bonus: '100' });
    } finally {
      await context.close();
    }
  });
}

test('English: the screen and its menu entry are translated', async () => {
  const account = await newMember();
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    await login(page, account);
    expect(await page.getByTestId('side-attendance').textContent()).toBe('Attendance');
    await page.getByTestId('side-attendance').click();
    expect(await page.locator('.ui-page-title').textContent()).toBe('Attendance check');
    expect(await page.getByTestId('attendance-check').textContent()).toBe('Check in');
    expect(await page.getByTestId('attendance-rules').textContent()).toContain('Attendance bonuses');
    await saveScreenshot(page, 'member-attendance-desktop-en');
  } finally {
    await context.close();
  }
});
