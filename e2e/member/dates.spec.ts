import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { baseUrl, launchBrowser, saveScreenshot, submitMemberLogin } from '../support/browser.ts';
import { setServerClock } from '../support/ui.ts';

// Issue 20 defect 5: the home page dated a notice posted at 06:42 KST (21:42 UTC the day before)
// by its UTC day while /board/notice used the browser's zone. Every date is the operating zone's
// (settings.timezone_offset_minutes, KST), whatever zone the reader's device is in.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The latest 21:42:00 UTC before now: 06:42 KST the next day. */
function latest2142Utc(now = Date.now()): Date {
  const d = new Date(now);
  d.setUTCHours(21, 42, 0, 0);
  if (d.getTime() > now) d.setUTCDate(d.getUTCDate() - 1);
  return d;
}

test('the home page and /board/notice give a notice created at 21:42 UTC the same KST day, in any browser zone', async () => {
  const token = await adminToken();
  const subject = `e2e 시간대 ${randomUUID().slice(0, 6)}`;
  const at = latest2142Utc();
  const kstDay = new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const utcDay = at.toISOString().slice(0, 10);
  expect(kstDay).not.toBe(utcDay);

  let id: number | undefined;
  try {
    await setServerClock(at);
    try {
      const created = await apiCall('/api/admin/board/create', { kind: 'notice', subject, content: '<p>시간대 확인</p>' }, token);
      expect(created.result).toBe(true);
      id = created.data.id as number;
    } finally {
      await setServerClock(null);
    }

    for (const { zone, language } of [
      { zone: 'Asia/Seoul', language: 'ko' },
      { zone: 'America/Los_Angeles', language: 'en' },
      { zone: 'UTC', language: 'en' },
    ]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl(), locale: 'ko-KR', timezoneId: zone });
      await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await page.goto('/');
        await page.getByTestId('header-login').click();
        await page.getByTestId('login-modal').waitFor();
        await submitMemberLogin(page, 'user4', '1234');
        await page.getByTestId('header-nickname').waitFor();

        const home = page.getByTestId('home-notice').filter({ hasText: subject });
        await home.waitFor();
        const homeDate = (await home.locator('time').textContent())?.trim();
        await saveScreenshot(page, `dates-home-${language}-${zone.replace('/', '-')}`);

        await page.goto('/board/notice');
        const row = page.getByTestId('post-row').filter({ hasText: subject });
        await row.waitFor();
        const listDate = (await row.locator('time').textContent())?.trim();
        await saveScreenshot(page, `dates-notice-${language}-${zone.replace('/', '-')}`);

        expect({ zone, homeDate, listDate }).toEqual({ zone, homeDate: kstDay, listDate: kstDay });

        // The post view writes the full time in the operating zone: 06:42 KST.
        await row.click();
        await page.getByTestId('post-view').waitFor();
        await expect.poll(() => page.getByTestId('post-view').textContent()).toContain(`${kstDay} 06:42:00`);
      } finally {
        await context.close();
      }
    }
  } finally {
    if (id !== undefined) await apiCall('/api/admin/board/delete', { id }, token);
  }
});
