import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, PHONE, saveScreenshot, type Screen } from '../support/browser.ts';
import { acknowledgeStep } from '../support/ui.ts';

/**
 * Admin member creation and the account tree (issue 19): a distributor under the seeded branch,
 * a member under it, both found in the tree, the member moved to another shop with a memo, and
 * the move in its history. Everything is done in the browser; only the login is through the API.
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

const openAdmin = (screen: Screen = DESKTOP) => adminPage(browser, token, screen);

async function createAccount(page: Page, kind: string, fields: { parent: string; account: string; nickname: string; casinoRate?: string }) {
  await page.goto('/admin/members/new');
  await page.getByTestId(`admin-create-kind-${kind}`).check();
  await page.getByTestId('admin-create-parent_code').fill(fields.parent);
  await page.getByTestId('admin-create-account').fill(fields.account);
  await page.getByTestId('admin-create-password').fill('1234');
  await page.getByTestId('admin-create-nickname').fill(fields.nickname);
  if (fields.casinoRate) await page.getByTestId('admin-create-rate-casino_percent').fill(fields.casinoRate);
  await page.getByTestId('admin-create-submit').click();
}

test('an admin creates a distributor and a member, finds them in the tree, moves the member and sees the history', async () => {
  const tag = randomUUID().slice(0, 6);
  const dist = `e2edist_${tag}`;
  const member = `e2eusr_${tag}`;
  const { context, page } = await openAdmin();
  try {
    // Both screens are in the menu.
    await page.goto('/admin');
    await expect.poll(() => page.getByTestId('admin-nav-members-new').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('admin-nav-tree').isVisible()).toBe(true);

    // A distributor under the seeded branch, with a rate below the branch's 2.5 %.
    await createAccount(page, 'distributor', { parent: 'branch1', account: dist, nickname: `총판${tag}`, casinoRate: '1.5' });
    expect(await acknowledgeStep(page)).toContain(dist); // the confirmation names the account
    expect(await acknowledgeStep(page)).toContain(dist); // created
    await page.waitForURL('**/admin/members');

    // A member under it; the same ID again is refused with the text under the ID field.
    await createAccount(page, 'user', { parent: dist, account: member, nickname: `회원${tag}` });
    await acknowledgeStep(page);
    await acknowledgeStep(page);
    await page.waitForURL('**/admin/members');
    await createAccount(page, 'user', { parent: dist, account: member, nickname: `다른${tag}` });
    await acknowledgeStep(page);
    const taken = page.getByTestId('admin-create-error-account');
    await taken.waitFor();
    expect(await taken.textContent()).toBe('이미 사용 중인 아이디입니다.'); // errors.account_taken in Korean
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'admin-create-member-error-1440');

    // The tree: search the member, its path opens in view A.
    await page.goto('/admin/tree');
    await page.getByTestId('admin-tree-search').fill(member);
    await page.getByTestId('admin-tree-search-submit').click();
    await page.getByTestId(`admin-tree-results-table-select-${member}`).click();
    await page.getByTestId(`tree-node-${member}`).waitFor();
    await page.getByTestId(`tree-node-${dist}`).waitFor();
    expect(await page.getByTestId(`tree-node-${member}`).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('admin-tree-selected').textContent()).toContain(`branch1 › ${dist} › ${member}`);
    await saveScreenshot(page, 'admin-tree-view-a-1440');

    // View B: the path from the top as a table of levels.
    await page.getByTestId('admin-tree-view-b').click();
    const pathAccounts = await page
      .getByTestId('admin-tree-path')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    expect(pathAccounts).toEqual(['tophq1', 'mainhq1', 'subhq1', 'branch1', dist, member].map((a) => `admin-tree-path-row-${a}`));
    await saveScreenshot(page, 'admin-tree-view-b-1440');

    // Move the member to the seeded shop with a memo, after the confirmation.
    await page.getByTestId(`admin-tree-path-move-${member}`).click();
    await page.getByTestId('admin-tree-move-parent').fill('shop1');
    await page.getByTestId('admin-tree-move-memo').fill(`e2e 이동 ${tag}`);
    await page.getByTestId('admin-tree-move-submit').click();
    expect(await acknowledgeStep(page)).toContain('shop1'); // confirm
    expect(await acknowledgeStep(page)).toContain(member); // done
    const history = page.getByTestId('admin-tree-history').locator('tbody tr').first();
    await expect.poll(() => history.textContent()).toContain(`e2e 이동 ${tag}`);
    const cells = await history.locator('td').allTextContents();
    expect(cells.slice(1)).toEqual([member, dist, 'shop1', `e2e 이동 ${tag}`]);
    const newPath = await page
      .getByTestId('admin-tree-path')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    expect(newPath).toEqual(['tophq1', 'mainhq1', 'subhq1', 'branch1', 'dist1', 'shop1', member].map((a) => `admin-tree-path-row-${a}`));
    await saveScreenshot(page, 'admin-tree-moved-1440');

    // View A shows the member under shop1 now.
    await page.getByTestId('admin-tree-view-a').click();
    await page.getByTestId('tree-node-shop1').locator(`[data-testid="tree-node-${member}"]`).waitFor();
  } finally {
    await context.close();
  }
});

test('the tree and the creation form fit a phone', async () => {
  const { context, page } = await openAdmin(PHONE);
  try {
    await page.goto('/admin/tree');
    await page.getByTestId('tree-toggle-tophq1').click();
    await page.getByTestId('tree-node-mainhq1').waitFor();
    await saveScreenshot(page, 'admin-tree-375');
    await page.goto('/admin/members/new');
    await page.getByTestId('admin-create-submit').waitFor();
    await saveScreenshot(page, 'admin-create-member-375');
  } finally {
    await context.close();
  }
});
