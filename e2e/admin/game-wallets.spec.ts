import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, PHONE, saveScreenshot, type Screen } from '../support/browser.ts';
import { acknowledgeStep } from '../support/ui.ts';

/**
 * Spec §2 admin "egg and casino-money management by solution": the admin finds a member whose
 * casino money sits at the house vendor (transfer mode), pays eggs (the amount is required first)
 * and brings part of the casino money home. Values are read before each action, since other
 * specs use the same demo members.
 */
const PLAYER = 'user7';
let browser: Browser;
let token: string;
let player: string;
let originalMode: string;

const openAdmin = (screen: Screen = DESKTOP) => adminPage(browser, token, screen);

const digits = async (row: ReturnType<Page['locator']>, testId: string) =>
  BigInt(((await row.getByTestId(testId).textContent()) ?? '').replace(/\D/g, '') || '0');

async function casinoOf(): Promise<bigint> {
  const answer = await apiCall('/api/admin/casino/wallets/list', { tab: 'all', search: PLAYER }, token);
  return BigInt(answer.data.rows.find((r: { account: string }) => r.account === PLAYER).casino as string);
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const vendors = await apiCall('/api/admin/casino/vendors', {}, token);
  originalMode = vendors.data.vendors.find((v: { code: string }) => v.code === 'house').wallet_mode;
  const mode = await apiCall('/api/admin/casino/vendors/update', { code: 'house', wallet_mode: 'transfer' }, token);
  if (!mode.result) throw new Error(`vendor mode: ${JSON.stringify(mode)}`);
  const login = await apiCall('/api/user/login', { account: PLAYER, password: '1234', device: 'PC' });
  player = login.data.token as string;
  const conv = await apiCall('/api/user/bank/convertCasino', { direction: 'to_casino', amount: '30000', request_id: `e2e-wallets-${Date.now()}` }, player);
  if (!conv.result) throw new Error(`convert: ${JSON.stringify(conv)}`);
  // Playing once in transfer mode puts the casino money at the house vendor.
  const launch = await apiCall('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false }, player);
  if (!launch.result) throw new Error(`launch: ${JSON.stringify(launch)}`);
});
afterAll(async () => {
  // Bring the rest home and put the vendor back as it was, so other specs see the demo state.
  if (token) {
    const left = await casinoOf();
    const user = await apiCall('/api/admin/casino/wallets/list', { tab: 'all', search: PLAYER }, token);
    const row = user.data.rows.find((r: { account: string }) => r.account === PLAYER);
    if (left > 0n)
      await apiCall(
        '/api/admin/casino/wallets/retrieve',
        { user_id: row.id, vendor: row.vendor, amount: left.toString(), request_id: `e2e-wallets-rest-${Date.now()}` },
        token,
      );
    if (originalMode) await apiCall('/api/admin/casino/vendors/update', { code: 'house', wallet_mode: originalMode }, token);
  }
  await browser?.close();
});

test('the admin pays eggs and brings casino money home from the house vendor', async () => {
  const { context, page } = await openAdmin();
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-game-wallets').click();
    await page.getByTestId('admin-game-wallets').waitFor();
    await page.getByTestId('wallets-summary-house').waitFor();

    await page.getByTestId('wallets-tab-vendor-house').click();
    await page.getByTestId('wallets-search').fill(PLAYER);
    await page.getByTestId('wallets-search-submit').click();
    const row = page.locator(`[data-testid="wallets-row"][data-account="${PLAYER}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('전환(카지노 머니)');
    await saveScreenshot(page, 'admin-game-wallets-1440');

    // Eggs: the amount is required, then a confirmation and the new balance.
    const eggBefore = await digits(row, 'wallets-row-egg');
    await row.getByTestId('wallets-pay-egg').click();
    await page.getByTestId('wallets-egg-dialog').waitFor();
    expect(await page.getByTestId('wallets-egg-dialog').textContent()).not.toContain('에그 회수');
    await page.getByTestId('wallets-egg-submit').click();
    expect(await acknowledgeStep(page)).toBe('지급 또는 회수할 에그 수량을 입력해 주세요.');
    await page.getByTestId('wallets-egg-amount').fill('1500');
    expect(await page.getByTestId('wallets-egg-amount').inputValue()).toBe('1,500');
    await saveScreenshot(page, 'admin-game-wallets-egg-1440');
    await page.getByTestId('wallets-egg-submit').click();
    expect(await acknowledgeStep(page)).toBe(`${PLAYER} 회원의 에그 1,500을(를) 지급하시겠습니까?`);
    expect(await acknowledgeStep(page)).toContain('에그가 지급되었습니다. 현재 에그: ');
    await expect.poll(() => digits(row, 'wallets-row-egg')).toBe(eggBefore + 1500n);

    // Casino money: more than the vendor holds is refused before sending; an exact part comes home.
    const held = await digits(row, 'wallets-row-casino');
    expect(held).toBeGreaterThanOrEqual(30_000n);
    await row.getByTestId('wallets-retrieve-casino').click();
    await page.getByTestId('wallets-retrieve-dialog').waitFor();
    await page.getByTestId('wallets-retrieve-amount').fill((held + 1n).toString());
    await page.getByTestId('wallets-retrieve-submit').click();
    expect(await acknowledgeStep(page)).toBe('게임사에 있는 카지노 머니보다 많이 회수할 수 없습니다.');
    await page.getByTestId('wallets-retrieve-amount').fill('10000');
    await page.getByTestId('wallets-retrieve-memo').fill('e2e 회수');
    await page.getByTestId('wallets-retrieve-submit').click();
    expect(await acknowledgeStep(page)).toBe(`${PLAYER} 회원의 카지노 머니 10,000원을(를) House에서 보유금으로 회수하시겠습니까?`);
    expect(await acknowledgeStep(page)).toContain('정상적으로 회수되었습니다');
    await expect.poll(() => digits(row, 'wallets-row-casino')).toBe(held - 10_000n);
    expect(await casinoOf()).toBe(held - 10_000n);
  } finally {
    await context.close();
  }

  const phone = await openAdmin(PHONE);
  try {
    await phone.page.goto('/admin/games/wallets');
    await phone.page.getByTestId('wallets-row').first().waitFor();
    await saveScreenshot(phone.page, 'admin-game-wallets-375');
  } finally {
    await phone.context.close();
  }
});
