import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';
import { spinHouseSlot } from '../support/slot.ts';
import { acknowledge } from '../support/ui.ts';

// Bulk actions and the other downline lists (issue 18, decision 035). shop1 creates two members
// (pending); with partner_signup on (restored after) it selects both on /pa-users and approves
// them in one bulk action; changes a member's rate within its own cap (1.5 %) after one above it
// is refused; opens the by-role, accessor and connection lists. The partner site is read at its
// fixed 1024 px viewport.
const PARTNER: Screen = { width: 1024, height: 900, mobile: false };
/** The machine is shared: a list answer may take seconds. */
const WAIT = { timeout: 15_000 };
let browser: Browser;
let admin: string;
let agentToken: string;
const run = Date.now().toString(36);
const MEMBERS = [`bk${run}a`, `bk${run}b`];

async function setPartnerSignup(on: boolean) {
  const r = await apiCall('/api/admin/settings/update', { settings: { partner_signup: on } }, admin);
  if (!r.result) throw new Error(`settings update failed: ${JSON.stringify(r)}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const login = await apiCall('/api/agent/login', { account: DEMO.agent.account, password: DEMO.agent.password });
  if (!login.result) throw new Error(`agent login failed: ${JSON.stringify(login)}`);
  agentToken = login.data.token;
  for (const account of MEMBERS) {
    const r = await apiCall('/api/agent/user/create', { account, password: 'pw1234', nickname: `닉${account}`.slice(0, 20) }, agentToken);
    if (!r.result) throw new Error(`create failed: ${JSON.stringify(r)}`);
  }
  await setPartnerSignup(true);
});
afterAll(async () => {
  await setPartnerSignup(false).catch(() => undefined);
  await browser?.close();
});

async function loginAgent(page: Page) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(DEMO.agent.account);
  await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

/** Searches a downline list for this run's members. */
async function searchRun(page: Page, testId: string) {
  const list = page.getByTestId(testId);
  await list.waitFor();
  await list.getByTestId('pa-downline-search').fill(`bk${run}`);
  await list.getByRole('button', { name: '검색' }).click();
  await expect.poll(() => list.locator('tbody tr[data-account]').count(), WAIT).toBe(2);
  return list;
}

const statusCell = async (page: Page, testId: string, account: string) =>
  (await page.getByTestId(testId).locator(`tbody tr[data-account="${account}"] td`).allTextContents())[8];

test('shop1 selects two pending members on /pa-users and approves them together, with a per-row result', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.locator('a[href="/pa-users"]').first().click();
    const list = await searchRun(page, 'pa-users');
    for (const account of MEMBERS) expect(await statusCell(page, 'pa-users', account)).toBe('대기');
    // Nothing selected: the actions wait.
    expect(await list.getByTestId('pa-bulk-approve').isDisabled()).toBe(true);
    for (const account of MEMBERS) await list.locator(`tbody tr[data-account="${account}"]`).getByTestId('pa-select-row').check();
    expect(await list.getByTestId('pa-bulk-count').textContent()).toBe('2명 선택');
    await saveScreenshot(page, 'partner-bulk-selected-1024');
    await list.getByTestId('pa-bulk-approve').click();
    expect(await acknowledge(page)).toBe('선택한 2명을 승인하시겠습니까?');
    const result = list.getByTestId('pa-bulk-result');
    await result.waitFor();
    expect(await result.locator('li.is-ok').count()).toBe(2);
    expect(await result.locator('strong').textContent()).toBe('승인: 2건 처리, 0건 거부');
    for (const account of MEMBERS) await expect.poll(() => statusCell(page, 'pa-users', account), WAIT).toBe('정상');
    await saveScreenshot(page, 'partner-bulk-approved-1024');

    // Approving them again is refused row by row, naming the reason.
    await list.getByTestId('pa-select-all').check();
    await list.getByTestId('pa-bulk-approve').click();
    await acknowledge(page);
    await expect.poll(() => result.locator('li.is-refused').count(), WAIT).toBe(2);
    expect(await result.locator('li.is-refused').first().textContent()).toContain('현재 계정 상태에서는 처리할 수 없습니다.');
    await saveScreenshot(page, 'partner-bulk-refused-1024');
  } finally {
    await context.close();
  }
});

test("shop1 changes a member's rate: above its own cap refused and translated, within it saved", async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.goto('/pa-users');
    const list = await searchRun(page, 'pa-users');
    await list.locator(`tbody tr[data-account="${MEMBERS[0]}"]`).getByTestId('pa-rates').click();
    const modal = page.getByTestId('pa-rates-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('pa-rate-cap-casino_percent').textContent()).toBe('1.5');
    await modal.getByTestId('pa-rate-edit-casino_percent').fill('2');
    await modal.getByTestId('pa-rates-save').click();
    await expect.poll(() => modal.getByTestId('pa-rates-error').textContent(), WAIT).toBe('상위 에이전트보다 높은 요율이 있습니다: 카지노.');
    await saveScreenshot(page, 'partner-rates-refused-1024');
    await modal.getByTestId('pa-rate-edit-casino_percent').fill('1.25');
    await modal.getByTestId('pa-rates-save').click();
    // Saved: the modal closes (after the toast '요율이 저장되었습니다.') and the list holds the new rate.
    await expect.poll(() => modal.count(), WAIT).toBe(0);
    const rows = await apiCall('/api/agent/user/list', { search: MEMBERS[0] }, agentToken);
    expect(rows.data.rows[0].rolling_json.casino_percent).toBe(1.25);
  } finally {
    await context.close();
  }
});

test('shop1 opens the by-role, accessor and connection lists', async () => {
  // One of the members signs in, so it is online now and has a login in the history.
  const member = await apiCall('/api/user/login', { account: MEMBERS[1], password: 'pw1234' });
  if (!member.result) throw new Error(`member login failed: ${JSON.stringify(member)}`);
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.goto('/pa-agent-user-list-by-role?role=user&propirty=6');
    const byRole = await searchRun(page, 'pa-agent-user-list-by-role');
    expect(await byRole.locator('h1').textContent()).toContain('회원');
    expect(await byRole.locator('tbody tr td:nth-child(5)').allTextContents()).toEqual(['회원', '회원']);
    await saveScreenshot(page, 'partner-by-role-1024');

    await page.locator('a[href="/pa-accessor"]').first().click();
    const accessor = page.getByTestId('pa-accessor');
    await accessor.waitFor();
    await accessor.getByTestId('pa-sessions-search').fill(MEMBERS[1]);
    await accessor.getByRole('button', { name: '검색' }).click();
    const online = accessor.locator(`tbody tr[data-account="${MEMBERS[1]}"]`);
    await online.waitFor();
    expect(await online.locator('td').last().textContent()).toBe('접속 중');
    await saveScreenshot(page, 'partner-accessor-1024');

    await page.locator('a[href="/pa-user-connection"]').first().click();
    const connection = page.getByTestId('pa-user-connection');
    await connection.waitFor();
    await connection.getByTestId('pa-sessions-search').fill(`bk${run}`);
    await connection.getByRole('button', { name: '검색' }).click();
    await expect.poll(() => connection.locator('tbody tr[data-account]').count(), WAIT).toBe(1);
    const cells = await connection.locator(`tbody tr[data-account="${MEMBERS[1]}"] td`).allTextContents();
    expect(cells[3]).not.toBe('-'); // the IP
    await saveScreenshot(page, 'partner-connection-1024');
  } finally {
    await context.close();
  }
});

test("shop1 pays a member's own rolling from its balance in one bulk action, and finds nothing due after", async () => {
  // The member gets a slot rate within shop1's cap, money from shop1, and spins the house slot ten times.
  const member = (await apiCall('/api/agent/user/list', { search: MEMBERS[0] }, agentToken)).data.rows[0];
  const rates = await apiCall('/api/agent/user/rates/update', { user_id: member.id, rolling_json: { slot_percent: 1 } }, agentToken);
  if (!rates.result) throw new Error(`rates failed: ${JSON.stringify(rates)}`);
  // shop1 pays from its own money: the admin funds it first.
  const agentId = (await apiCall('/api/agent/getAgentInfo', {}, agentToken)).data.id;
  const fund = await apiCall(
    '/api/admin/ledger/adjust',
    { user_id: agentId, asset: 'money', amount: 20_000, memo: 'e2e rolling payback', request_id: `e2e-pb-fund-${run}` },
    admin,
  );
  if (!fund.result) throw new Error(`fund failed: ${JSON.stringify(fund)}`);
  const grant = await apiCall(
    '/api/agent/child/money/update',
    { user_id: member.id, money: '20000', status: 'grant', request_id: `e2e-pb-${run}` },
    agentToken,
  );
  if (!grant.result) throw new Error(`grant failed: ${JSON.stringify(grant)}`);
  await spinHouseSlot({ account: MEMBERS[0], password: 'pw1234', userId: member.id, tag: `e2e-pb-spin-${run}`, seedPrefix: 'be11', more: (i) => i < 10 });
  const moneyOf = async () => BigInt((await apiCall('/api/agent/user/list', { search: MEMBERS[0] }, agentToken)).data.rows[0].money);
  const before = await moneyOf();

  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.goto('/pa-users');
    const list = await searchRun(page, 'pa-users');
    await list.locator(`tbody tr[data-account="${MEMBERS[0]}"]`).getByTestId('pa-select-row').check();
    await list.getByTestId('pa-bulk-rolling').click();
    expect(await acknowledge(page)).toBe('선택한 회원 1명의 롤링을 지급 또는 회수하시겠습니까? 보유 머니와 회원 머니 사이에서 이동합니다.');
    const result = list.getByTestId('pa-bulk-result');
    await result.waitFor();
    // 1 % of ten 1,000-won spins.
    expect(await result.locator('li.is-ok').textContent()).toMatch(/^.*100.*지급$/);
    await saveScreenshot(page, 'partner-bulk-rolling-paid-1024');
    expect(await moneyOf()).toBe(before + 100n);

    await list.locator(`tbody tr[data-account="${MEMBERS[0]}"]`).getByTestId('pa-select-row').check();
    await list.getByTestId('pa-bulk-rolling').click();
    await acknowledge(page);
    await expect.poll(() => result.locator('li.is-refused').textContent(), WAIT).toContain('지급하거나 회수할 롤링이 없습니다.');
    expect(await moneyOf()).toBe(before + 100n);
  } finally {
    await context.close();
  }
});
