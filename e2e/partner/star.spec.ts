import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';

// The partner tree screen /pa-star (spec §2, issue 18) at the partner's 1024 px: the seeded top HQ
// (tophq1) opens its chain level by level down to shop1 and its member user1, then finds user1
// by search, which opens the tree down to it. Other specs may add accounts to the seed tree, so
// nodes are found by account, never by position.
const PARTNER: Screen = { width: 1024, height: 768, mobile: false };
const CHAIN = ['mainhq1', 'subhq1', 'branch1', 'dist1', 'shop1'];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openStar(page: Page, account = 'tophq1', password: string = DEMO.agent.password) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(account);
  await page.getByTestId('pa-login-password').fill(password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
  await page.locator('a[href="/pa-star"]').first().click();
  await page.getByTestId('pa-star').waitFor();
}

test('the top HQ expands its whole chain down to a shop and its member', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await openStar(page);
    expect(await page.getByTestId('pa-star-root-account').textContent()).toBe('tophq1 (최상위본사)');
    expect(Number(await page.getByTestId('pa-star-root-members').textContent())).toBeGreaterThanOrEqual(9);

    for (const account of CHAIN) {
      const node = page.getByTestId(`tree-node-${account}`);
      await node.waitFor();
      expect(await node.getAttribute('aria-expanded')).toBe('false');
      await page.getByTestId(`tree-toggle-${account}`).click();
      expect(await node.getAttribute('aria-expanded')).toBe('true');
    }
    // Other specs add members to shop1, newest first: "more" reads on until user1 shows.
    const member = page.getByTestId('tree-node-user1');
    const more = page.getByTestId('tree-node-shop1').getByTestId('tree-more');
    const members = page.getByTestId('tree-node-shop1').locator('[role="group"] > li[role="treeitem"]');
    await members.first().waitFor();
    while ((await member.count()) === 0 && (await more.count()) > 0) {
      const shown = await members.count();
      await more.click();
      await expect.poll(() => members.count()).toBeGreaterThan(shown); // the next page has loaded
    }
    await member.waitFor();
    // A member: grey badge, no arrow, its balances; the shop counts its members.
    expect(await member.locator('.pa-star-badge').textContent()).toBe('회원');
    expect(await member.getAttribute('aria-expanded')).toBeNull();
    expect(await page.getByTestId('pa-star-counts-shop1').textContent()).toMatch(/^에이전트 0 · 회원 \d+$/);
    expect(await page.getByTestId('tree-node-shop1').locator('.pa-star-badge').first().textContent()).toBe('매장');
    await saveScreenshot(page, 'partner-star-tree-1024');

    // Closing a level hides everything below it.
    await page.getByTestId('tree-toggle-dist1').click();
    await expect.poll(() => page.getByTestId('tree-node-user1').count()).toBe(0);
  } finally {
    await context.close();
  }
});

test('a search below the agent opens the tree down to the match', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await openStar(page);
    await page.getByTestId('pa-star-search').fill('user1');
    await page.getByTestId('pa-star-search-submit').click();
    const open = page.getByTestId('pa-star-open-user1');
    await open.waitFor();
    const row = page.getByTestId('pa-star-results').locator('tbody tr', { has: open });
    expect(await row.locator('td').nth(3).textContent()).toBe('tophq1 › mainhq1 › subhq1 › branch1 › dist1 › shop1');
    await open.click();
    const member = page.getByTestId('tree-node-user1');
    await member.waitFor();
    expect(await member.getAttribute('aria-selected')).toBe('true');
    for (const account of CHAIN) expect(await page.getByTestId(`tree-node-${account}`).getAttribute('aria-expanded')).toBe('true');
    await saveScreenshot(page, 'partner-star-search-1024');
  } finally {
    await context.close();
  }
});

test('a match past the first page of its level is pinned where the search opens the tree', async () => {
  // A top HQ of its own with a shop of 21 members: the first made sorts last, on page 2.
  const tag = randomUUID().slice(0, 6);
  const [top, shop] = [`stt${tag}`, `sts${tag}`];
  const token = await adminToken();
  const create = async (account: string, role: string, parent?: string) => {
    const body = { account, password: 'pw1234', nickname: account, role, state: 'normal_a', ...(parent ? { parent_code: parent } : {}) };
    expect((await apiCall('/api/admin/member/create', body, token)).result).toBe(true);
  };
  await create(top, 'top_hq');
  await create(shop, 'shop', top);
  for (let i = 0; i < 21; i++) await create(`stm${tag}_${i}`, 'user', shop);
  const oldest = `stm${tag}_0`;

  const { context, page } = await newPage(browser, PARTNER);
  try {
    await openStar(page, top, 'pw1234');
    await page.getByTestId(`tree-toggle-${shop}`).click();
    const level = page.getByTestId(`tree-node-${shop}`).locator('[role="group"] > li[role="treeitem"]');
    await expect.poll(() => level.count()).toBe(20);
    expect(await page.getByTestId(`tree-node-${oldest}`).count()).toBe(0);
    await page.getByTestId(`tree-toggle-${shop}`).click(); // closed again

    await page.getByTestId('pa-star-search').fill(oldest);
    await page.getByTestId('pa-star-search-submit').click();
    await page.getByTestId(`pa-star-open-${oldest}`).click();
    const node = page.getByTestId(`tree-node-${oldest}`);
    await node.waitFor();
    expect(await node.getAttribute('aria-selected')).toBe('true');
    // Pinned first in its level, and not again on the page that holds it.
    expect(await level.first().getAttribute('data-testid')).toBe(`tree-node-${oldest}`);
    await page.getByTestId(`tree-node-${shop}`).getByTestId('tree-more').click();
    await expect.poll(() => level.count()).toBe(21);
    expect(await node.count()).toBe(1);
    await saveScreenshot(page, 'partner-star-pinned-1024');
  } finally {
    await context.close();
  }
});

test('the tree follows the dark mode', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await context.addInitScript(() => localStorage.setItem('agent_darkmode', 'true'));
    await openStar(page);
    await page.getByTestId('tree-toggle-mainhq1').click();
    await page.getByTestId('tree-node-subhq1').waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('pa-dark'))).toBe(true);
    await saveScreenshot(page, 'partner-star-dark-1024');
  } finally {
    await context.close();
  }
});
