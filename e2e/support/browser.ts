import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (scripts/ensure-chromium.sh installs it); never a downloaded build. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** Read when called: the vitest global setup sets E2E_BASE_URL after it starts the server. */
export function baseUrl(): string {
  return (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export type Screen = { width: number; height: number; mobile: boolean };
/** A phone honours <meta name=viewport> (the partner site's width=1024), as real phones do. */
export const PHONE: Screen = { width: 375, height: 812, mobile: true };
export const DESKTOP: Screen = { width: 1440, height: 900, mobile: false };

/** A fresh context (own localStorage and sessionStorage) with the site's base URL. */
export async function newPage(browser: Browser, screen: Screen = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.mobile,
    hasTouch: screen.mobile,
    baseURL: baseUrl(),
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** A fresh context signed in to the admin site with `token` (the token set before any page loads). */
export async function adminPage(browser: Browser, token: string, screen: Screen = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, screen);
  await opened.context.addInitScript((t) => localStorage.setItem('admin_token', t), token);
  return opened;
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Demo accounts seeded by apps/server/src/seed.ts (see README). */
export const DEMO = {
  player: { account: 'user1', password: '1234' },
  agent: { account: 'shop1', password: '1234' },
  admin: { account: 'admin', password: 'admin1234' },
} as const;

/** Fills and submits the member login modal that is already open. */
export async function submitMemberLogin(page: Page, account: string = DEMO.player.account, password: string = DEMO.player.password) {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
