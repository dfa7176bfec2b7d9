import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

// The partner downline screens (issue 18): shop1 creates a member with rates on /pa-register,
// finds it on /pa-agent-user-list, grants it money and points from its own balance and reclaims
// some through the row modals; a rate above the shop's own (1.5 % everywhere) is refused with the
// top-centre toast. Shop1 is funded first through the admin ledger adjustment.
let browser: Browser;
let agentToken: string;
const run = Date.now().toString(36);
const MEMBER = `dl${run}`;

const digits = (s: string | null) => BigInt((s ?? '').replace(/[^\d]/g, '') || '0');

async function agentBalances() {
  const info = await apiCall('/api/agent/getAgentInfo', {}, agentToken);
  if (!info.result) throw new Error(JSON.stringify(info));
  return { money: BigInt(info.data.money), point: BigInt(info.data.point) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await apiCall('/api/agent/login', { account: DEMO.agent.account, password: DEMO.agent.password });
  if (!login.result) throw new Error(`agent login failed: ${JSON.stringify(login)}`);
  agentToken = login.data.token;
  const admin = await adminToken();
  for (const [asset, amount] of [
    ['money', 1_000_000],
    ['point', 50_000],
  ] as const) {
    const r = await apiCall(
      '/api/admin/ledger/adjust',
      { user_id: login.data.agent.id, asset, amount, memo: 'e2e partner downline', request_id: `e2e-pa-dl-${asset}-${run}` },
      admin,
    );
    if (!r.result) throw new Error(`funding failed: ${JSON.stringify(r)}`);
  }
});
afterAll(async () => {
  await browser?.close();
});

async function loginAgent(page: Page, account: string = DEMO.agent.account) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(account);
  await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

/** The member's row cells on the all-lower list (id, account, nickname, tier, level, money, point, status, parent, created, actions). */
async function memberCells(page: Page) {
  const row = page.getByTestId('pa-agent-user-list').locator(`tbody tr[data-account="${MEMBER}"]`);
  await row.waitFor();
  // The first cell is the row's bulk-selection checkbox (decision 035).
  return (await row.locator('td').allTextContents()).slice(1);
}

/** Opens a row modal with one type, checks only that button shows, sends the amount (double-clicked). */
async function moveAsset(page: Page, asset: 'money' | 'point', type: 'grant' | 'reclaim', amount: string, shot?: string) {
  const row = page.getByTestId('pa-agent-user-list').locator(`tbody tr[data-account="${MEMBER}"]`);
  await row.getByTestId(`pa-${asset}-${type}`).click();
  const modal = page.getByTestId(`pa-${asset}-modal`);
  await modal.waitFor();
  // Spec §4: opened with one type, only that button.
  expect(await modal.getByTestId(`pa-asset-${type}`).count()).toBe(1);
  expect(await modal.getByTestId(`pa-asset-${type === 'grant' ? 'reclaim' : 'grant'}`).count()).toBe(0);
  await modal.getByTestId('pa-asset-amount').fill(amount);
  await modal.getByTestId('pa-asset-memo').fill(`e2e ${asset} ${type}`);
  if (shot) await saveScreenshot(page, shot);
  await modal.getByTestId(`pa-asset-${type}`).dblclick();
}

test('shop1 creates a member with rates, sees it listed, grants and reclaims its money and points', async () => {
  const before = await agentBalances();
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await loginAgent(page);
    // The menu leads to the register screen.
    await page.locator('a[href="/pa-register"]').first().click();
    const form = page.getByTestId('pa-account-form-member');
    await form.waitFor();
    await form.getByTestId('pa-form-account').fill(MEMBER);
    await form.getByTestId('pa-form-password').fill('pw1234');
    await form.getByTestId('pa-form-nickname').fill(`닉${run}`.slice(0, 20));
    await form.getByTestId('pa-form-bankName').fill('신한');
    await form.getByTestId('pa-form-bankAccount').fill('110123456789');
    await form.getByTestId('pa-form-bankAccountHolder').fill('홍길동');
    await form.getByTestId('pa-form-level').selectOption('2');
    await form.getByTestId('pa-rate-sports_percent').fill('1.2');
    await form.getByTestId('pa-rate-casino_percent').fill('1.5');
    await form.getByTestId('pa-rate-slot_percent').fill('0.5');
    await saveScreenshot(page, 'partner-register-1440');
    await form.getByTestId('pa-form-submit').click();
    await expect.poll(() => page.getByTestId('pa-toast-bottom').first().textContent()).toBe('가입이 완료되었습니다');
    await page.getByTestId('pa-agent-user-list').waitFor();

    // Listed: a pending level-2 member of shop1 with nothing yet.
    await page.getByTestId('pa-downline-search').fill(MEMBER);
    await page.getByTestId('pa-agent-user-list').getByRole('button', { name: '검색' }).click();
    await expect.poll(() => page.getByTestId('pa-agent-user-list').locator('tbody tr').count()).toBe(1);
    let cells = await memberCells(page);
    expect(cells.slice(1, 5)).toEqual([MEMBER, `닉${run}`.slice(0, 20), '회원', '2']);
    expect(digits(cells[5])).toBe(0n);
    expect(cells[7]).toBe('대기');
    expect(cells[8]).toBe('shop1');
    await saveScreenshot(page, 'partner-user-list-1440');

    // Money grant: alert '정상적으로 지급 되었습니다' and the toast; a double click moves it once.
    await moveAsset(page, 'money', 'grant', '100000', 'partner-money-modal-1440');
    expect(await acknowledge(page)).toBe('정상적으로 지급 되었습니다');
    await expect.poll(async () => digits((await memberCells(page))[5])).toBe(100_000n);
    expect(await page.getByTestId('pa-money-modal').count()).toBe(0);

    // Point grant: toast '포인트가 지급되었습니다.' and the list reloads.
    await moveAsset(page, 'point', 'grant', '5000');
    await expect.poll(() => page.getByTestId('pa-toast-bottom').allTextContents()).toContain('포인트가 지급되었습니다.');
    await expect.poll(async () => digits((await memberCells(page))[6])).toBe(5_000n);
    await saveScreenshot(page, 'partner-user-list-after-grant-1440');

    // Reclaims.
    await moveAsset(page, 'money', 'reclaim', '30000');
    expect(await acknowledge(page)).toBe('정상적으로 회수 되었습니다');
    await expect.poll(async () => digits((await memberCells(page))[5])).toBe(70_000n);
    await moveAsset(page, 'point', 'reclaim', '2000');
    await expect.poll(() => page.getByTestId('pa-toast-bottom').allTextContents()).toContain('포인트가 회수되었습니다.');
    await expect.poll(async () => digits((await memberCells(page))[6])).toBe(3_000n);

    // A reclaim above what the member holds is refused, nothing moves.
    await moveAsset(page, 'money', 'reclaim', '70001');
    await expect.poll(() => page.getByTestId('pa-toast-top').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    cells = await memberCells(page);
    expect(digits(cells[5])).toBe(70_000n);

    // The shop's own balances moved by exactly the net amounts.
    expect(await agentBalances()).toEqual({ money: before.money - 70_000n, point: before.point - 3_000n });
  } finally {
    await context.close();
  }
});

test("a rate above the shop's own is refused with the top-centre toast, and no account is made", async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  const account = `dlx${run}`;
  try {
    await loginAgent(page);
    await page.goto('/pa-register');
    const form = page.getByTestId('pa-account-form-member');
    await form.waitFor();
    await form.getByTestId('pa-form-account').fill(account);
    await form.getByTestId('pa-form-password').fill('pw1234');
    await form.getByTestId('pa-form-nickname').fill(`넘침${run}`.slice(0, 20));
    await form.getByTestId('pa-rate-slot_percent').fill('5');
    await form.getByTestId('pa-form-submit').click();
    const toast = page.getByTestId('pa-toast-top');
    await toast.first().waitFor();
    expect(await toast.first().textContent()).toBe('상위 에이전트보다 높은 요율이 있습니다: 슬롯.');
    await saveScreenshot(page, 'partner-register-rate-refused-1440');
    // Still on the form, and the account does not exist.
    expect(await form.isVisible()).toBe(true);
    const list = await apiCall('/api/agent/user/list', { search: account }, agentToken);
    expect(list.data.total).toBe(0);
  } finally {
    await context.close();
  }
});

test('dist1 creates a lower shop with a rate, finds it among its direct lower agents, approves and stops it', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  const account = `dla${run}`;
  try {
    await loginAgent(page, 'dist1');
    await page.goto('/pa-create-agent');
    const form = page.getByTestId('pa-account-form-agent');
    await form.waitFor();
    // Tiers below a distributor: only a shop.
    await expect.poll(() => form.getByTestId('pa-form-role').locator('option').allTextContents()).toEqual(['매장']);
    await form.getByTestId('pa-form-account').fill(account);
    await form.getByTestId('pa-form-password').fill('pw1234');
    await form.getByTestId('pa-form-nickname').fill(`하부${run}`.slice(0, 20));
    await form.getByTestId('pa-rate-casino_percent').fill('1');
    await form.getByTestId('pa-form-submit').click();
    const list = page.getByTestId('pa-child-user-list');
    await list.waitFor();
    const row = list.locator(`tbody tr[data-account="${account}"]`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect([cells[3], cells[7], cells[8]]).toEqual(['매장', '대기', 'dist1']);
    expect(await list.locator('tbody tr td:nth-child(4)').allTextContents()).not.toContain('회원'); // agents only
    await saveScreenshot(page, 'partner-child-list-1440');

    await row.getByTestId('pa-approve').click();
    expect(await acknowledge(page)).toBe(`${account} 에이전트를 승인하시겠습니까?`);
    await expect.poll(async () => (await row.locator('td').allTextContents())[7]).toBe('정상');
    await row.getByTestId('pa-stop').click();
    expect(await acknowledge(page)).toBe(`${account} 에이전트를 정지하시겠습니까?`);
    await expect.poll(async () => (await row.locator('td').allTextContents())[7]).toBe('정지');
    expect(await page.getByTestId('pa-toast-bottom').allTextContents()).toContain('정지되었습니다.');
    expect(await row.getByTestId('pa-approve').count()).toBe(1); // a stopped agent can be approved again
  } finally {
    await context.close();
  }
});

test('on a phone the list is laid out at the partner viewport (spec §2: 1024 px at scale 0.25) with the row buttons on screen', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await loginAgent(page);
    await page.goto('/pa-agent-user-list');
    const list = page.getByTestId('pa-agent-user-list');
    await list.locator('tbody tr[data-account]').first().waitFor();
    await saveScreenshot(page, 'partner-user-list-375');
    // Scale 0.25 lays a 375 px phone out at least 1024 px wide; the list with its row buttons fits the content column.
    const widths = await page.evaluate(() => ({
      inner: window.innerWidth,
      main: document.querySelector('.pa-main')!.getBoundingClientRect().width,
      table: document.querySelector('[data-testid="pa-agent-user-list"] table')!.getBoundingClientRect().width,
      buttonsRight: document.querySelector('[data-testid="pa-agent-user-list"] tbody tr [data-testid="pa-point-reclaim"]')!.getBoundingClientRect().right,
    }));
    expect(widths.inner).toBeGreaterThanOrEqual(1024);
    expect(widths.table).toBeLessThanOrEqual(widths.main);
    expect(widths.buttonsRight).toBeLessThanOrEqual(widths.inner);
  } finally {
    await context.close();
  }
});
