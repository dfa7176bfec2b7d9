import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken } from '../support/api.ts';
import { adminPage, launchBrowser, saveScreenshot } from '../support/browser.ts';

/**
 * Spec §8 empty-list messages on the admin lists (issue 19, decision 044): each screen is opened
 * from the admin menu, filtered to nothing, and must word its empty list the spec's way rather
 * than a bare table or the generic "no records".
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

const NOBODY = 'zz-no-such-account-e2e';

const SCREENS = [
  { nav: 'members', page: 'admin-members', search: '[data-testid="admin-member-search"]', submit: true, text: '회원 내역이 없습니다.' },
  { nav: 'pending', page: 'admin-members-pending', search: '[data-testid="admin-member-search"]', submit: true, text: '최근 가입 내역이 없습니다.' },
  { nav: 'members-withdrawn', page: 'admin-status-list-withdrawn', search: 'input.ui-input', submit: true, text: '정지, 차단 또는 탈퇴 내역이 없습니다.' },
  { nav: 'members-suspended', page: 'admin-status-list-suspended', search: 'input.ui-input', submit: true, text: '정지, 차단 또는 탈퇴 내역이 없습니다.' },
  { nav: 'members-blocked', page: 'admin-status-list-blocked', search: 'input.ui-input', submit: true, text: '정지, 차단 또는 탈퇴 내역이 없습니다.' },
  { nav: 'casino-history', page: 'admin-casino-history', search: '[data-testid="casino-history-account"]', submit: true, text: '베팅 내역이 없습니다.' },
  { nav: 'sports-results', page: 'admin-sports-results', search: '[data-testid="sa-search"]', submit: false, text: '업로드된 경기가 없습니다.' },
] as const;

test('admin lists filtered to nothing show the spec’s empty-list message for their kind', async () => {
  const { context, page } = await adminPage(browser, token);
  try {
    await page.goto('/admin');
    for (const s of SCREENS) {
      await page.getByTestId(`admin-nav-${s.nav}`).click();
      const screen = page.getByTestId(s.page);
      await screen.waitFor();
      const input = screen.locator(s.search).first();
      await input.fill(NOBODY);
      if (s.submit) await input.press('Enter');
      const empty = screen.locator('td.ui-empty');
      await expect.poll(() => empty.textContent().catch(() => null), { timeout: 10_000 }).toBe(s.text);
      if (s.nav === 'members' || s.nav === 'members-withdrawn') await saveScreenshot(page, `admin-empty-${s.nav}`);
    }
  } finally {
    await context.close();
  }
});
