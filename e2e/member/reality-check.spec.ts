import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { joinFreshPlayer, loginThroughModal } from '../support/players.ts';
import { setServerClock } from '../support/ui.ts';

// Issue 23 acceptance (decision 058): the reality check appears with the test clock moved, shows
// the session length and the session's net result, and "continue" puts the next one an interval on.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const INTERVAL_MINUTES = 10;

test('the reality check appears after the interval on the server clock with the session length and net result; continue closes it until the next interval', async () => {
  const admin = await adminToken();
  const set = async (minutes: number) => {
    const answer = await apiCall('/api/admin/settings/update', { settings: { reality_check_minutes: minutes } }, admin);
    expect(answer.result).toBe(true);
  };
  await set(INTERVAL_MINUTES);
  const { context, page } = await newPage(browser);
  try {
    // A player joined for this test: the session's net is its own, not moved by other specs' bets.
    const { account } = await joinFreshPlayer('rc');
    await loginThroughModal(page, account);
    // The page's current token (it may have been renewed since login).
    const asMember = async (path: string) => apiCall(path, {}, (await page.evaluate(() => localStorage.getItem('token'))) ?? undefined);

    // Not due yet: a poll later there is still no check.
    await page.waitForTimeout(6_000);
    expect(await page.getByTestId('reality-check').count()).toBe(0);

    // One interval and a minute later on the server clock, the next 5-second poll brings it.
    await setServerClock(new Date(Date.now() + (INTERVAL_MINUTES + 1) * 60_000));
    const modal = page.getByTestId('reality-check');
    await modal.waitFor({ timeout: 20_000 });
    const expected = await asMember('/api/user/realityCheck/get');
    expect(expected.data).toMatchObject({ due: true, interval_minutes: INTERVAL_MINUTES });
    expect(expected.data.session_minutes).toBeGreaterThanOrEqual(INTERVAL_MINUTES + 1);
    expect((await page.getByTestId('reality-session-length').textContent())?.trim()).toBe(`${expected.data.session_minutes}분`);
    const net = BigInt(expected.data.net);
    expect((await page.getByTestId('reality-net').textContent())?.trim()).toBe(`${net > 0n ? '+' : ''}${net.toLocaleString('ko-KR')}원`);
    await expect.poll(async () => (await modal.textContent()) ?? '').toContain('이용 시간 알림');
    const shot = await saveScreenshot(page, 'reality-check-modal');
    expect(shot).toMatch(/reality-check-modal\.png$/);

    // Continue: acknowledged on the server, so the modal stays closed through the next polls.
    await page.getByTestId('reality-continue').click();
    await modal.waitFor({ state: 'detached' });
    const after = await asMember('/api/user/realityCheck/get');
    expect(after.data.due).toBe(false);
    expect(Date.parse(after.data.next_due_at)).toBeGreaterThan(Date.parse(expected.data.next_due_at));
    await page.waitForTimeout(6_000);
    expect(await page.getByTestId('reality-check').count()).toBe(0);
    await saveScreenshot(page, 'reality-check-continued');
  } finally {
    await setServerClock(null);
    await set(60);
    await context.close();
  }
});
