import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, adminPage, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { spinHouseSlot } from '../support/slot.ts';
import { acknowledge, acknowledgeStep } from '../support/ui.ts';

// Losing settlement (issue 18, decision 031). A chain of its own — a top HQ (10 %) and a shop
// under it (4 %), both with isOpenLosing, and a member under the shop — so nothing else of the
// run changes its figures. The member spins the house slot until it has lost money; the admin
// runs today's period on /admin/settlement; the top HQ sees both settlements on
// /pa-statistics-losing and pays the shop's (confirm, toast, status paid, shop's money up);
// finally the admin starts the initialisation (two confirmations) and sees it finish.
let browser: Browser;
let admin: string;
const run = Date.now().toString(36);
const TOP = `lt${run}`;
const SHOP = `ls${run}`;
const MEMBER = `lm${run}`;
const PASSWORD = 'pass1234';
const ids: Record<string, number> = {};
let netLoss = 0n;

const today = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const digits = (s: string | null) => BigInt((s ?? '').replace(/[^\d-]/g, '') || '0');

async function ok(path: string, body: unknown, token = admin) {
  const r = await apiCall(path, body, token);
  if (!r.result) throw new Error(`${path} failed: ${JSON.stringify(r)}`);
  return r.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const create = async (account: string, role: string, parent?: string) => {
    const d = await ok('/api/admin/member/create', {
      account,
      password: PASSWORD,
      nickname: account,
      role,
      state: 'normal_a',
      ...(parent ? { parent_code: parent } : {}),
      rolling_json: role === 'top_hq' ? { losing_percent: 10 } : role === 'shop' ? { losing_percent: 4 } : {},
    });
    ids[account] = d.id;
  };
  await create(TOP, 'top_hq');
  await create(SHOP, 'shop', TOP);
  await create(MEMBER, 'user', SHOP);
  for (const a of [TOP, SHOP]) await ok('/api/admin/settlement/losing/open', { user_id: ids[a], open: true });
  await ok('/api/admin/ledger/adjust', { user_id: ids[MEMBER], asset: 'money', amount: 200_000, memo: 'e2e losing', request_id: `e2e-losing-${run}` });

  // The member spins until it has lost money overall: the house slot pays less than it takes on
  // average, but one big win early (a run once stood 54,050 won up after 400 spins) takes many
  // spins to give back, so the cap is far beyond what the average needs.
  netLoss = await spinHouseSlot({
    account: MEMBER,
    password: PASSWORD,
    userId: ids[MEMBER],
    tag: `e2e-losing-spin-${run}`,
    seedPrefix: 'c0ffee',
    more: (i, net) => i < 4000 && (i < 3 || net <= 0n),
  });
  expect(netLoss).toBeGreaterThan(0n);
  // The commission drain journals settled bets every second, or up to two ticks later while a
  // mini-game round settles (decision 027 "Settlement first"): 3 s and its own run at the most.
  await new Promise((r) => setTimeout(r, 4500));
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

async function loginAgent(page: Page, account: string) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(account);
  await page.getByTestId('pa-login-password').fill(PASSWORD);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

const rowOf = (page: Page, table: string, account: string) => page.getByTestId(table).locator(`tbody tr[data-account="${account}"]`);

test("the admin runs today's period; the top HQ sees its chain's settlements and pays the shop's once", async () => {
  const day = today();
  const shop = floorPct(netLoss, 4n);
  const top = floorPct(netLoss, 10n) - shop;

  const { context, page } = await adminPage(browser, admin, DESKTOP);
  try {
    await page.goto('/admin/settlement');
    await page.getByTestId('admin-settlement').waitFor();
    await page.getByTestId('admin-settlement-from').fill(day);
    await page.getByTestId('admin-settlement-to').fill(day);
    await page.getByTestId('admin-settlement-run-submit').click();
    expect(await acknowledgeStep(page)).toContain(day); // the confirmation names the days
    expect(await acknowledge(page)).toMatch(/정산이 실행되었습니다|이미 실행된 기간입니다/);
    await page.getByTestId('admin-settlement-periods').locator('tbody tr', { hasText: day }).first().waitFor();
    const shopRow = rowOf(page, 'admin-losing-table', SHOP);
    await shopRow.waitFor();
    const cells = await shopRow.locator('td').allTextContents();
    expect(digits(cells[8])).toBe(shop); // the settlement amount
    expect(await shopRow.getAttribute('data-status')).toBe('pending');
    await saveScreenshot(page, 'admin-settlement-1440');
  } finally {
    await context.close();
  }

  const agent = await newPage(browser, DESKTOP);
  try {
    const p = agent.page;
    await loginAgent(p, TOP);
    // Spec §2: the menu entry shows because the agent has isOpenLosing (in the statistics group).
    const entry = p.getByTestId('pa-side-menu').locator('a[href="/pa-statistics-losing"]');
    if ((await entry.count()) === 0) await p.getByTestId('pa-side-menu').locator('.pa-menu-group-head', { hasText: '통계' }).click();
    expect(await entry.textContent()).toBe('루징 정산');
    await entry.click();
    await p.getByTestId('pa-statistics-losing').waitFor();
    const own = rowOf(p, 'pa-losing-table', TOP);
    const lower = rowOf(p, 'pa-losing-table', SHOP);
    await own.waitFor();
    await lower.waitFor();
    expect(digits((await own.locator('td').allTextContents())[8])).toBe(top);
    expect(digits((await lower.locator('td').allTextContents())[8])).toBe(shop);
    // Its own settlement has no button (the admin pays it); the shop's can be paid.
    expect(await own.getByTestId('pa-losing-pay').count()).toBe(0);
    const footer = await p.getByTestId('pa-losing-table').locator('tfoot td').allTextContents();
    expect(digits(footer[8])).toBe(top + shop);
    await saveScreenshot(p, 'pa-statistics-losing-1440');

    await lower.getByTestId('pa-losing-pay').dblclick();
    expect(await acknowledge(p)).toContain(SHOP); // the confirmation names the account
    await expect.poll(() => lower.getAttribute('data-status')).toBe('paid');
    expect(await lower.getByTestId('pa-losing-recover').count()).toBe(1);
    await saveScreenshot(p, 'pa-statistics-losing-paid-1440');
  } finally {
    await agent.context.close();
  }

  // Paid once: the shop's money is exactly the settlement, and paying again finds nothing.
  const shopLogin = await ok('/api/agent/login', { account: SHOP, password: PASSWORD }, undefined);
  const info = await ok('/api/agent/getAgentInfo', {}, shopLogin.token);
  expect(BigInt(info.money)).toBe(shop);
  const list = await ok('/api/agent/losing/list', {}, (await ok('/api/agent/login', { account: TOP, password: PASSWORD }, undefined)).token);
  const settlement = list.rows.find((r: { account: string }) => r.account === SHOP);
  const again = await apiCall('/api/admin/settlement/losing/pay', { settlement_id: settlement.id, request_id: `e2e-losing-again-${run}` }, admin);
  expect(again.error?.code).toBe('losing_none');
});

test('the admin starts the initialisation after two confirmations and sees it finish', async () => {
  const { context, page } = await adminPage(browser, admin, DESKTOP);
  try {
    await page.goto('/admin/settlement');
    await page.getByTestId('admin-settlement-init').waitFor();
    await page.getByTestId('admin-settlement-init-start').click();
    expect(await acknowledgeStep(page)).toContain('10분'); // first confirmation: up to 10 minutes
    expect(await acknowledgeStep(page)).toContain('되돌릴 수 없습니다'); // second: irreversible
    expect(await acknowledge(page)).toContain('시작되었습니다');
    await expect.poll(async () => (await page.getByTestId('admin-settlement-init-last').textContent()) ?? '', { timeout: 30_000 }).toContain('완료');
    await saveScreenshot(page, 'admin-settlement-initialised-1440');
    // The unpaid settlement of the top HQ was cancelled by it.
    const row = rowOf(page, 'admin-losing-table', TOP);
    await expect.poll(() => row.getAttribute('data-status')).toBe('cancelled');
  } finally {
    await context.close();
  }
});

function floorPct(amount: bigint, pct: bigint) {
  return (amount * pct) / 100n;
}
