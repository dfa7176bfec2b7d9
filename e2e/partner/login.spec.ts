import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { setInspection } from '../support/api.ts';
import { DEMO, PHONE, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an agent who is not logged in is sent from /pa to /pa-login', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/pa');
    await page.getByTestId('pa-login-account').waitFor();
    expect(new URL(page.url()).pathname).toBe('/pa-login');
  } finally {
    await context.close();
  }
});

test('/pa-login logs the agent in and /pa shows the agent nickname', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/pa-login');
    await page.getByTestId('pa-login-account').fill(DEMO.agent.account);
    await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
    await page.getByTestId('pa-login-submit').click();

    const nickname = page.getByTestId('pa-nickname');
    await nickname.waitFor();
    expect(new URL(page.url()).pathname).toBe('/pa');
    expect(await nickname.textContent()).toBe('매장1');
    expect(await page.getByTestId('pa-role').textContent()).toBe('매장');
    expect(await page.evaluate(() => sessionStorage.getItem('agent_token'))).toBeTruthy();
    // Spec §2: every /pa page except /pa-login is laid out 1024 px wide at scale 0.25.
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toBe('width=1024, initial-scale=0.25');
    await saveScreenshot(page, 'partner-home-1440');
  } finally {
    await context.close();
  }
});

test('the partner home on a phone uses the fixed 1024 px layout', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await page.goto('/pa-login');
    await page.getByTestId('pa-login-account').fill(DEMO.agent.account);
    await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
    await page.getByTestId('pa-login-submit').click();
    await page.getByTestId('pa-nickname').waitFor();
    expect(await page.evaluate(() => window.innerWidth)).toBeGreaterThanOrEqual(1024);
    await saveScreenshot(page, 'partner-home-375');
  } finally {
    await context.close();
  }
});

test('while the agent site is under inspection /pa-login is the maintenance page', async () => {
  const { context, page } = await newPage(browser);
  try {
    await setInspection('agent_inspection', true, '파트너 점검');
    await page.goto('/pa-login');
    const maintenance = page.getByTestId('maintenance');
    await maintenance.waitFor();
    expect(await maintenance.textContent()).toContain('파트너 점검');
  } finally {
    await setInspection('agent_inspection', false);
    await context.close();
  }
});
