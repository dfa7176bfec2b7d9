import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { nextOtp } from '../support/otp.ts';
import { adminPage, baseUrl, launchBrowser, saveScreenshot } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

/**
 * Admin roles (issue 19 acceptance 1, "a cash-desk admin is refused a settings change"; decision
 * 042): the seeded cash desk sees only its screens, and its attempt to add an allowed IP is refused
 * by the server (403) and shown in Korean; the super admin builds a role on the matrix screen.
 * Statistics by period are opened and looked at. Global state is left as found: the role made
 * here is deleted, no IP rule is added.
 */
let browser: Browser;
let superToken: string;
let cashToken: string;
const createdRoles: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  superToken = await adminToken();
  const login = await apiCall('/api/admin/login', { account: 'cashdesk1', password: 'admin1234', otp: await nextOtp('cashdesk1') });
  if (!login.result) throw new Error(`cashdesk1 login failed: ${JSON.stringify(login)}`);
  cashToken = login.data.token;
});
afterAll(async () => {
  for (const id of createdRoles) await apiCall('/api/admin/roles/delete', { role_id: id }, superToken);
  await browser?.close();
});

test('a cash-desk admin sees its own screens and is refused a settings change, by the server and in words', async () => {
  // The server: 403 with the permission code, whatever the body.
  const raw = await fetch(`${baseUrl()}/api/admin/settings/update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', pathname: '/admin', authorization: `Bearer ${cashToken}` },
    body: JSON.stringify({ settings: { inspection: { is_disabled: true, memo: 'should not happen' } } }),
  });
  expect(raw.status).toBe(403);
  expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('permission_denied');

  const { context, page } = await adminPage(browser, cashToken);
  try {
    await page.goto('/admin');
    // Its menu: the cash desk and the read-only IP list, no roles, audit or content screens.
    await page.getByTestId('admin-nav-charge').waitFor();
    expect(await page.getByTestId('admin-nav-shield').isVisible()).toBe(true); // the IP screen (its entry has no id)
    expect(await page.getByTestId('admin-nav-roles').count()).toBe(0);
    expect(await page.getByTestId('admin-nav-audit').count()).toBe(0);
    expect(await page.getByTestId('admin-nav-inquiries').count()).toBe(0);

    // The IP screen reads, but adding an address is a settings change: refused, in Korean.
    await page.goto('/admin/ip');
    await page.getByTestId('admin-ip-input').fill('198.51.100.23');
    await page.getByTestId('admin-ip-add').click();
    await page.getByTestId('dialog').waitFor();
    await saveScreenshot(page, 'admin-roles-cash-desk-refused-1440');
    expect(await acknowledge(page)).toBe('관리자 권한이 없어 이 작업을 할 수 없습니다.');
    const rules = await apiCall('/api/admin/ip/list', { kind: 'admin_allow' }, superToken);
    expect(rules.data.ips.map((r: { ip: string }) => r.ip)).not.toContain('198.51.100.23');

    // Opening the roles screen by its address: the screen's call is refused the same way.
    await page.goto('/admin/roles');
    await page.getByText('관리자 권한이 없어 이 작업을 할 수 없습니다.').first().waitFor();
  } finally {
    await context.close();
  }
});

test('the super admin adds a role, sets its levels on the matrix and gives it to no one', async () => {
  const name = `e2e역할${randomUUID().slice(0, 4)}`;
  const { context, page } = await adminPage(browser, superToken);
  try {
    await page.goto('/admin/roles');
    await page.getByTestId('admin-roles-matrix').waitFor();
    // The built-in roles are in the matrix; the super admin's column is fixed.
    for (const code of ['super', 'operator', 'cash_desk', 'support']) await page.getByTestId(`admin-role-col-${code}`).waitFor();
    expect(await page.getByTestId('admin-role-level-super-settings').count()).toBe(0);
    expect(await page.getByTestId('admin-role-level-cash_desk-settings').inputValue()).toBe('read');

    await page.getByTestId('admin-role-new-name').fill(name);
    await page.getByTestId('admin-role-create').click();
    expect(await acknowledge(page)).toBe('역할을 추가했습니다.');
    const made = (await apiCall('/api/admin/roles/list', {}, superToken)).data.roles.find((r: { name: string }) => r.name === name);
    expect(made).toBeTruthy();
    createdRoles.push(made.id);
    expect(made.permissions).toEqual({ dashboard: 'read' });

    // Levels on the matrix: cash desk read and change, statistics read; saved by the role's button.
    await page.getByTestId(`admin-role-level-${made.code}-cash`).selectOption('write');
    await page.getByTestId(`admin-role-level-${made.code}-statistics`).selectOption('read');
    await saveScreenshot(page, 'admin-roles-matrix-1440');
    await page.getByTestId(`admin-role-save-${made.code}`).click();
    expect(await acknowledge(page)).toBe('권한을 저장했습니다.');
    const saved = (await apiCall('/api/admin/roles/list', {}, superToken)).data.roles.find((r: { id: number }) => r.id === made.id);
    expect(saved.permissions).toEqual({ dashboard: 'read', cash: 'write', statistics: 'read' });

    // The edit is in the audit log with its before and after.
    const audit = await apiCall('/api/admin/audit/list', {}, superToken);
    expect(audit.data.rows.some((r: { action: string; target: string }) => r.action === 'admin_role.update' && r.target === `admin_role:${made.id}`)).toBe(
      true,
    );

    // The admin accounts and their roles are listed; the super admin's own role cannot be changed here.
    await page.getByTestId('admin-account-row').first().waitFor();
    expect(await page.locator('[data-testid="admin-account-row"][data-account="admin"] [data-testid="admin-account-role"]').count()).toBe(0);
    expect(await page.locator('[data-testid="admin-account-row"][data-account="cashdesk1"] [data-testid="admin-account-role"]').inputValue()).toBe(
      String((await apiCall('/api/admin/roles/list', {}, superToken)).data.roles.find((r: { code: string }) => r.code === 'cash_desk').id),
    );
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await saveScreenshot(page, 'admin-roles-accounts-1440');
  } finally {
    await context.close();
  }
});

test('the audit screen says in words who changed the role, and shows its levels before and after side by side', async () => {
  const roleId = createdRoles[0];
  expect(roleId).toBeTruthy();
  const { context, page } = await adminPage(browser, superToken);
  try {
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto(`/admin/audit?action=admin_role.&target=admin_role:${roleId}`);
    await page.getByTestId('admin-audit-row').first().waitFor();
    // Newest first: the update, then the creation; the filters came from the address bar.
    expect(await page.getByTestId('admin-audit-action').inputValue()).toBe('admin_role.');
    const first = page.getByTestId('admin-audit-row').first();
    expect(await first.textContent()).toContain('Admin role changed');
    expect(await first.textContent()).toContain('Admin admin');
    expect(await first.textContent()).toContain(`Role #${roleId}`);
    await first.getByTestId('admin-audit-detail').click();
    const panel = page.getByTestId('admin-audit-detail-panel');
    await panel.waitFor();
    const permissions = panel.locator('[data-testid="admin-audit-change"][data-key="permissions"]');
    expect(await permissions.getAttribute('data-changed')).toBe('true');
    expect(await permissions.textContent()).toContain('"cash":"write"');
    await saveScreenshot(page, 'admin-audit-detail-en-1440');
    // The actor filter: nobody by that account.
    await page.getByTestId('admin-audit-actor').fill('nobody-here');
    await page.getByTestId('admin-audit-search').click();
    await page.getByText('No records match.').waitFor();
  } finally {
    await context.close();
  }
});

test('statistics by period: daily with charts and totals, by tier, the member ranking', async () => {
  const { context, page } = await adminPage(browser, superToken);
  try {
    await page.goto('/admin/stats/daily');
    await page.getByTestId('admin-stats-table').waitFor();
    await page.getByTestId('admin-nav-stats-daily').waitFor();
    expect(await page.getByTestId('admin-stats-export').count()).toBe(1);
    // The seed's bets give the last days figures: rows, a totals row and the two charts.
    await page.getByTestId('admin-stats-row').first().waitFor();
    await page.getByTestId('admin-stats-chart-bets').locator('canvas').waitFor();
    expect(await page.getByTestId('admin-stats-table').locator('tfoot').textContent()).toContain('합계');
    await saveScreenshot(page, 'admin-stats-daily-1440');

    // Every tier counts the bets of the members below it; the totals row is the site's, not their sum.
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const week = new Date(Date.now() + 9 * 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10);
    const daily = await apiCall('/api/admin/statistics/daily', { from: week, to: today }, superToken);
    await page.goto(`/admin/stats/tiers?from=${week}&to=${today}`);
    await page.getByTestId('admin-stats-table').waitFor();
    await page.getByTestId('admin-stats-row').first().waitFor();
    const siteBets = `${BigInt(daily.data.totals.bet_amount).toLocaleString('ko-KR')}원`;
    await expect.poll(async () => page.getByTestId('admin-stats-table').locator('tfoot').textContent()).toContain(siteBets);
    await saveScreenshot(page, 'admin-stats-tiers-1440');

    await page.goto('/admin/stats/ranking?by=betting_pl');
    await page.getByTestId('admin-stats-table').waitFor();
    expect(await page.getByTestId('admin-stats-rank-by').inputValue()).toBe('betting_pl');
    await saveScreenshot(page, 'admin-stats-ranking-1440');
  } finally {
    await context.close();
  }
});

test('the roles matrix and the daily statistics read in English too', async () => {
  const { context, page } = await adminPage(browser, superToken);
  try {
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto('/admin/roles');
    await page.getByTestId('admin-roles-matrix').waitFor();
    expect(await page.getByTestId('admin-role-col-cash_desk').textContent()).toContain('Cash desk');
    await saveScreenshot(page, 'admin-roles-matrix-en-1440');
    await page.goto('/admin/stats/daily');
    await page.getByTestId('admin-stats-row').first().waitFor();
    expect(await page.getByTestId('admin-stats-table').locator('tfoot').textContent()).toContain('Total');
    await saveScreenshot(page, 'admin-stats-daily-en-1440');
  } finally {
    await context.close();
  }
});
