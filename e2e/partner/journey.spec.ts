import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

// Issue 18 acceptance 1, end to end at the partner site's 1024 px: shop1 creates a member with
// rates, grants it money, the member plays three slot rounds (placed and settled at once through
// the real wallet), and shop1 finds the member's rounds in its detail popup and its own rolling
// (1.5 % of each 1,000 stake: 15 a round, credited by the commission drain) on its rolling
// statistics; the top HQ finds the member at the end of the whole chain in /pa-star. A stopped
// agent cannot sign in; an agent whose partner access is 0 is sent to the member site.
let browser: Browser;
let admin: string;
const run = Date.now().toString(36);
const MEMBER = `jr${run}`;
const PARTNER_1024: Screen = { width: 1024, height: 900, mobile: false };
const STAKE = 1000;
const SPINS = 3;

const digits = (s: string | null) => BigInt((s ?? '').replace(/[^\d-]/g, '') || '0');

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const shop = await apiCall('/api/agent/login', DEMO.agent);
  if (!shop.result) throw new Error(JSON.stringify(shop));
  const fund = await apiCall(
    '/api/admin/ledger/adjust',
    { user_id: shop.data.agent.id, asset: 'money', amount: 200_000, memo: 'e2e journey', request_id: `e2e-journey-${run}` },
    admin,
  );
  if (!fund.result) throw new Error(JSON.stringify(fund));
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, account: string, password = '1234') {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(account);
  await page.getByTestId('pa-login-password').fill(password);
  await page.getByTestId('pa-login-submit').click();
}

/** shop1's own rolling on slot over today, as the rolling statistics call answers it. */
async function ownSlotRolling(token: string): Promise<bigint> {
  const r = await apiCall('/api/agent/statistics/rolling', {}, token);
  if (!r.result) throw new Error(JSON.stringify(r));
  const own = (r.data.rows as { account: string; by_type: Record<string, { rolling_own: string }> }[]).find((x) => x.account === DEMO.agent.account);
  return BigInt(own?.by_type.slot.rolling_own ?? '0');
}

test('a shop creates a member with rates, grants it money, sees its bets and its own rolling; the top HQ sees the chain', async () => {
  const shopToken = (await apiCall('/api/agent/login', DEMO.agent)).data.token as string;
  const rollingBefore = await ownSlotRolling(shopToken);
  const { context, page } = await newPage(browser, PARTNER_1024);
  try {
    await signIn(page, DEMO.agent.account);
    await page.getByTestId('pa-nickname').waitFor();

    // Create the member with a slot rate under the shop's own 1.5 %.
    await page.goto('/pa-register');
    const form = page.getByTestId('pa-account-form-member');
    await form.waitFor();
    await form.getByTestId('pa-form-account').fill(MEMBER);
    await form.getByTestId('pa-form-password').fill('pw1234');
    await form.getByTestId('pa-form-nickname').fill(`여정${run}`.slice(0, 20));
    await form.getByTestId('pa-rate-slot_percent').fill('0.5');
    await form.getByTestId('pa-form-submit').click();
    await expect.poll(() => page.getByTestId('pa-toast-bottom').first().textContent()).toBe('가입이 완료되었습니다');
    const created = await apiCall('/api/agent/user/list', { search: MEMBER }, shopToken);
    const memberId = created.data.rows[0].id as number;
    // A new account waits for approval (spec §4); the operator approves it.
    const approved = await apiCall('/api/admin/member/setStatus', { user_id: memberId, status: 'normal_a' }, admin);
    expect(approved.result, JSON.stringify(approved)).toBe(true);

    // Grant it money from the shop's own balance through the row modal (opened with one type).
    await page.goto('/pa-agent-user-list');
    const list = page.getByTestId('pa-agent-user-list');
    await page.getByTestId('pa-downline-search').fill(MEMBER);
    await list.getByRole('button', { name: '검색' }).click();
    const row = list.locator(`tbody tr[data-account="${MEMBER}"]`);
    await row.waitFor();
    await row.getByTestId('pa-money-grant').click();
    const modal = page.getByTestId('pa-money-modal');
    await modal.getByTestId('pa-asset-amount').fill('50000');
    await modal.getByTestId('pa-asset-grant').click();
    expect(await acknowledge(page)).toBe('정상적으로 지급 되었습니다');

    // The member plays three slot rounds through the wallet.
    const login = await apiCall('/api/user/login', { account: MEMBER, password: 'pw1234' });
    if (!login.result) throw new Error(JSON.stringify(login));
    const launch = await apiCall('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false, game: 'fortune5' }, login.data.token);
    if (!launch.result) throw new Error(JSON.stringify(launch));
    const token = new URL(launch.data.url as string, 'http://x').searchParams.get('token')!;
    for (let i = 0; i < SPINS; i++) {
      const spin = await apiCall('/api/house/slot/spin', {
        token,
        user: login.data.user.id,
        game: 'fortune5',
        bet: String(STAKE),
        request_id: `e2e-journey-${run}-${i}`,
        client_seed: `c0ffee${i}${i}`,
      });
      if (!spin.result) throw new Error(JSON.stringify(spin));
    }

    // The member's rounds in its detail popup (casino and slot tab).
    await page.reload();
    await row.waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), row.getByTestId('pa-user-detail-link').click()]);
    const detail = popup.getByTestId('pa-user-detail');
    await detail.waitFor();
    await detail.getByTestId('pa-detail-tab-casino').click();
    await expect.poll(() => detail.getByTestId('pa-detail-casino').locator('tbody tr:not(:has(.ui-empty))').count(), { timeout: 15_000 }).toBe(SPINS);
    await saveScreenshot(popup, 'partner-journey-member-rounds');
    await popup.close();

    // The shop's own rolling: 15 a round, credited by the drain within seconds.
    await expect.poll(() => ownSlotRolling(shopToken), { timeout: 15_000, interval: 1_000 }).toBe(rollingBefore + BigInt(SPINS * 15));
    await page.goto('/pa-statistics-rolling?measure=rolling_own');
    const own = page.getByTestId('pa-stats-table').locator(`tbody tr[data-account="${DEMO.agent.account}"]`);
    await own.waitFor();
    expect((await own.textContent()) ?? '').toContain((rollingBefore + BigInt(SPINS * 15)).toLocaleString('en-US'));
    await saveScreenshot(page, 'partner-journey-own-rolling');
  } finally {
    await context.close();
  }

  // The top HQ finds the member at the bottom of its chain.
  const top = await newPage(browser, PARTNER_1024);
  try {
    await signIn(top.page, 'tophq1');
    await top.page.getByTestId('pa-nickname').waitFor();
    await top.page.goto('/pa-star');
    await top.page.getByTestId('pa-star').waitFor();
    await top.page.getByTestId('pa-star-search').fill(MEMBER);
    await top.page.getByTestId('pa-star-search-submit').click();
    const open = top.page.getByTestId(`pa-star-open-${MEMBER}`);
    await open.waitFor();
    const found = top.page.getByTestId('pa-star-results').locator('tbody tr', { has: open });
    expect(await found.locator('td').nth(3).textContent()).toBe('tophq1 › mainhq1 › subhq1 › branch1 › dist1 › shop1');
    await open.click();
    await top.page.getByTestId(`tree-node-${MEMBER}`).waitFor();
    await saveScreenshot(top.page, 'partner-journey-top-star');
  } finally {
    await top.context.close();
  }
}, 240_000);

test('a stopped agent cannot sign in; an agent with partner access 0 is sent to the member site', async () => {
  // dist1 makes a shop of its own, approves it, then stops it.
  const dist = (await apiCall('/api/agent/login', { account: 'dist1', password: '1234' })).data.token as string;
  const made = await apiCall('/api/agent/user/create', { account: `js${run}`, password: 'pw1234', nickname: `정지${run}`.slice(0, 20), role: 'shop' }, dist);
  if (!made.result) throw new Error(JSON.stringify(made));
  expect((await apiCall('/api/agent/user/approve', { user_id: made.data.id }, dist)).result).toBe(true);
  expect((await apiCall('/api/agent/user/stop', { user_id: made.data.id }, dist)).result).toBe(true);
  const { context, page } = await newPage(browser, PARTNER_1024);
  try {
    await signIn(page, `js${run}`, 'pw1234');
    const refusal = await acknowledge(page);
    expect(refusal.length).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/pa-login');
    await saveScreenshot(page, 'partner-journey-stopped');

    // Partner access 0: signed in, then told and sent to the member site.
    const dist1Id = (await apiCall('/api/agent/getAgentInfo', {}, dist)).data.id as number;
    expect((await apiCall('/api/admin/member/setPartnerAccess', { user_id: dist1Id, visibled_partner: 0 }, admin)).result).toBe(true);
    try {
      await signIn(page, 'dist1');
      expect(await acknowledge(page)).toBe('접속이 차단되었습니다.');
      await page.waitForURL((url) => !url.pathname.startsWith('/pa'));
      expect(await page.evaluate(() => sessionStorage.getItem('agent_token'))).toBeNull();
    } finally {
      await apiCall('/api/admin/member/setPartnerAccess', { user_id: dist1Id, visibled_partner: 1 }, admin);
    }
  } finally {
    await context.close();
  }
}, 120_000);

test('the shop sees digits it can trust: the member it granted holds exactly that money', async () => {
  const shopToken = (await apiCall('/api/agent/login', DEMO.agent)).data.token as string;
  const r = await apiCall('/api/agent/user/list', { search: MEMBER }, shopToken);
  const row = r.data.rows.find((x: { account: string }) => x.account === MEMBER) as { money: string };
  // 50,000 granted, three 1,000 rounds staked, whatever the rounds paid back.
  const rounds = await apiCall('/api/agent/casino/history', { account: MEMBER }, shopToken);
  const paid = (rounds.data.rows as { win_amount: string }[]).reduce((s, x) => s + digits(x.win_amount), 0n);
  expect(BigInt(row.money)).toBe(50_000n - BigInt(SPINS * STAKE) + paid);
});
