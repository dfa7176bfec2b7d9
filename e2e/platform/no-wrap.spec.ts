import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { baseUrl, launchBrowser, PHONE, RESULTS_DIR, saveScreenshot, type Screen } from '../support/browser.ts';

/**
 * Issue 20 defect 7: the Japanese member header wrapped onto two lines at 1366 px, and the
 * /admin/bank/charge table headers went one character a line on a phone. The member header is
 * one line at 1366 px in every language; a back-office table header never breaks inside a word
 * (the table scrolls sideways instead).
 */
const LANGUAGES = ['ko', 'ja', 'vi', 'th', 'en'] as const;
const LAPTOP: Screen = { width: 1366, height: 800, mobile: false };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(screen: Screen, language: string, token: { key: string; value: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    baseURL: baseUrl(),
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  await context.addInitScript(
    ({ language, token }) => {
      localStorage.setItem('language', language);
      localStorage.setItem(token.key, token.value);
    },
    { language, token },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

let playerToken: string | undefined;
async function player(): Promise<string> {
  if (playerToken) return playerToken;
  const answer = await apiCall('/api/user/login', { account: 'user7', password: '1234', device: 'PC' });
  if (!answer.result) throw new Error(`login user7: ${JSON.stringify(answer)}`);
  return (playerToken = answer.data.token as string);
}

test.each(LANGUAGES)('member header at 1366 px in %s is one line', async (language) => {
  const { context, page } = await open(LAPTOP, language, { key: 'token', value: await player() });
  try {
    await page.goto('/');
    await page.getByTestId('header-nickname').waitFor();
    await page.evaluate(() => document.fonts.ready);
    const report = await page.locator('.m-topbar').evaluate((bar) => {
      // Whether any text inside wraps: a text node whose boxes sit at more than one height.
      const wraps = (el: Element) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if (new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size > 1) return true;
        }
        return false;
      };
      const nav = bar.querySelector('.m-mainnav')!;
      const links = Array.from(nav.querySelectorAll<HTMLElement>('.m-mainnav-link'));
      const used = links.reduce((n, a) => n + a.getBoundingClientRect().width, 0);
      return {
        height: Math.round(bar.getBoundingClientRect().height),
        // The menu is one row of links, each on one line, and so is every chip of the account area.
        menuRows: new Set(links.map((a) => Math.round(a.getBoundingClientRect().top))).size,
        wrapped: Array.from(bar.querySelectorAll('.m-mainnav-link, .m-chip, .m-btn-sm, .m-nickname, .m-wallet'))
          .filter(wraps)
          .map((el) => (el.textContent ?? '').trim()),
        room: Math.round(nav.getBoundingClientRect().width - used),
      };
    });
    await page.locator('.m-header').screenshot({ path: `${RESULTS_DIR}no-wrap-header-1366-${language}.png` });
    expect({ ...report, room: report.room >= 0 }).toEqual({ height: 60, menuRows: 1, wrapped: [], room: true });
  } finally {
    await context.close();
  }
});

test.each(['ko', 'ja', 'en'])('/admin/bank/charge on a phone in %s: no header breaks inside a word; the table scrolls sideways', async (language) => {
  const token = await adminToken();
  // At least one row, so the table shows with its data (refused at the end: no request is left waiting).
  const user = await apiCall('/api/user/login', { account: 'user7', password: '1234' });
  const asked = await apiCall('/api/user/bank/charge', { charge_money: 10_000, request_id: `no-wrap-${language}-${Date.now()}` }, user.data.token);
  expect(asked.result).toBe(true);
  const { context, page } = await open(PHONE, language, { key: 'admin_token', value: token });
  try {
    await page.goto('/admin/bank/charge');
    const table = page.locator('.ad-table').first();
    await table.locator('tbody tr').first().waitFor();
    await page.evaluate(() => document.fonts.ready);
    const report = await table.evaluate((el) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      const broken: string[] = [];
      for (const th of Array.from(el.querySelectorAll('thead th'))) {
        const text = (th.textContent ?? '').trim();
        if (!text) continue;
        const style = getComputedStyle(th);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const inner = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        // Each word (the text between spaces) must fit the cell's width whole.
        const widest = Math.max(...text.split(/\s+/).map((w) => canvas.measureText(w).width));
        if (widest > inner + 1) broken.push(`${text} (${Math.round(widest)} > ${Math.round(inner)})`);
      }
      const wrap = el.closest('.ad-table-wrap')!;
      return { broken, scrolls: wrap.scrollWidth > wrap.clientWidth, pageOverflows: document.documentElement.scrollWidth > window.innerWidth + 1 };
    });
    await saveScreenshot(page, `no-wrap-bank-charge-375-${language}`);
    expect(report).toEqual({ broken: [], scrolls: true, pageOverflows: false });
  } finally {
    await context.close();
    await apiCall('/api/admin/bank/process', { type: 'charge', id: asked.data.request.id, action: 'refuse' }, token);
  }
});
