import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

// The partner money desk (issue 18, decision 032): branch1 asks for a charge on /pa-money-charging,
// the admin approves it through the admin API, and branch1 finds it approved in its own history
// and as 'charge approved' in its money report, with its money up by exactly the amount. The
// partner site is read at its fixed 1024 px viewport.
const PARTNER: Screen = { width: 1024, height: 900, mobile: false };
const AGENT = 'branch1';
let browser: Browser;
let agentToken: string;

async function agentMoney() {
  const info = await apiCall('/api/agent/getAgentInfo', {}, agentToken);
  if (!info.result) throw new Error(JSON.stringify(info));
  return BigInt(info.data.money);
}

async function loginAgent(page: Page) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(AGENT);
  await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await apiCall('/api/agent/login', { account: AGENT, password: DEMO.agent.password });
  if (!login.result) throw new Error(`agent login failed: ${JSON.stringify(login)}`);
  agentToken = login.data.token;
});
afterAll(async () => {
  await browser?.close();
});

test('an agent requests a charge, the admin approves it, the agent sees it in its history and money report', async () => {
  const before = await agentMoney();
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.goto('/pa-money-charging');
    const form = page.getByTestId('pa-charge-form');
    await form.waitFor();
    // The member rule: the button stays off while the amount is 0.
    expect(await form.getByTestId('pa-charge-submit').isDisabled()).toBe(true);
    await form.getByTestId('pa-charge-amount').fill('50000');
    await saveScreenshot(page, 'partner-money-charging-1024');
    await form.getByTestId('pa-charge-submit').dblclick();
    expect(await acknowledge(page)).toBe('충전 신청이 완료되었습니다.');
    const own = page.getByTestId('pa-own-charge');
    await expect.poll(() => own.locator('tbody tr[data-testid="pa-own-row"]').count()).toBe(1);
    expect(await own.locator('tbody tr[data-testid="pa-own-row"]').first().getAttribute('data-status')).toBe('waiting');

    // The admin's deposit list shows it among the agents' requests, with the requester's tier.
    const admin = await adminToken();
    const list = await apiCall('/api/admin/bank/list', { type: 'charge', status: 'waiting', requester: 'agent' }, admin);
    if (!list.result) throw new Error(JSON.stringify(list));
    const row = list.data.rows.find((r: { account: string }) => r.account === AGENT);
    expect(row).toMatchObject({ amount: '50000', role: 'branch' });
    const approved = await apiCall('/api/admin/bank/process', { type: 'charge', id: row!.id, action: 'approve' }, admin);
    expect(approved.result).toBe(true);
    expect(await agentMoney()).toBe(before + 50_000n);

    await page.reload();
    await own.waitFor();
    await expect.poll(() => own.locator('tbody tr[data-testid="pa-own-row"]').first().getAttribute('data-status')).toBe('approved');
    expect(await own.locator('tbody tr[data-testid="pa-own-row"]').first().textContent()).toContain('승인');
    await saveScreenshot(page, 'partner-money-charging-approved-1024');

    await page.goto('/pa-money-report');
    const report = page.getByTestId('pa-money-statement');
    await report.waitFor();
    const line = report.locator('tbody tr[data-kind="charge.approve"]').first();
    await line.waitFor();
    const cells = await line.locator('td').allTextContents();
    expect(cells[1]).toBe('충전 승인');
    expect(cells[3].replace(/[^\d+-]/g, '')).toBe('+50000');
    expect(BigInt(cells[5].replace(/[^\d]/g, ''))).toBe(before + 50_000n);
    await saveScreenshot(page, 'partner-money-report-1024');

    // The subtree's charge history: today by default, with its totals line.
    await page.goto('/pa-charge-history');
    await page.getByTestId('pa-bank-totals').waitFor();
    await saveScreenshot(page, 'partner-charge-history-1024');
    // A grant to its lower agent dist1 shows on the trade report, in its row and the totals row.
    const lower = await apiCall('/api/agent/user/list', { search: 'dist1' }, agentToken);
    if (!lower.result) throw new Error(JSON.stringify(lower));
    const dist1 = lower.data.rows.find((r: { account: string }) => r.account === 'dist1');
    const grant = await apiCall(
      '/api/agent/child/money/update',
      { status: 'grant', money: '10000', user_id: dist1.id, request_id: `e2e-pa-money-${Date.now().toString(36)}` },
      agentToken,
    );
    expect(grant.result).toBe(true);
    await page.goto('/pa-trade-report');
    const trade = page.getByTestId('pa-trade-report');
    await trade.locator('tbody tr[data-account="dist1"]').waitFor();
    expect((await trade.getByTestId('pa-trade-total-money_granted').textContent())?.replace(/[^\d]/g, '')).toBe('10000');
    await saveScreenshot(page, 'partner-trade-report-1024');
  } finally {
    await context.close();
  }
});
