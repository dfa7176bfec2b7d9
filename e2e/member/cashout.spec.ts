import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, apiOk } from '../support/api.ts';
import { ownChain } from '../support/players.ts';
import { DESKTOP, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';

// Issue 20, decision 048: a member of its own chain has two open sports singles placed through the
// API; on /board/betting-history each shows a cash-out button with the current offer. In Korean
// the member cashes out part of one (slider / amount), in English all of the other; the server's
// copy of each bet says what the page said.
const tag = randomUUID().slice(0, 6);
let MEMBER = '';
let PASSWORD = '';

let browser: Browser;
let token: string;
const bets: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ member: MEMBER, password: PASSWORD } = await ownChain('co', { money: 500_000 }));
  token = (await apiOk('/api/user/login', { account: MEMBER, password: PASSWORD })).token;
  // Two prematch singles on the cross board, each on a different fixture's first priced outcome.
  const { fixtures } = await apiOk('/api/user/sports/fixtures', { board: 'cross' }, token);
  for (const f of fixtures) {
    if (bets.length === 2) break;
    if (f.status !== 'release' || f.bet_stop) continue;
    const o = f.markets
      .flatMap((m: { status: string; outcomes: { id: number; odds: string; active: boolean }[] }) => (m.status === 'open' ? m.outcomes : []))
      .find((x: { active: boolean }) => x.active);
    if (!o) continue;
    const placed = await apiCall(
      '/api/user/sports/bet/place',
      {
        request_id: `e2e-co-${tag}-${bets.length}`,
        board: 'cross',
        amount: 10_000,
        selections: [{ outcome_id: o.id, odds: o.odds }],
        accept_higher_odds: true,
      },
      token,
    );
    if (placed.result) bets.push(placed.data.bet.id);
  }
  if (bets.length < 2) throw new Error('no two prematch fixtures to bet on');
});
afterAll(async () => {
  await browser?.close();
});

async function historyPage(language: 'ko' | 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, DESKTOP);
  await context.addInitScript((lang) => {
    localStorage.setItem('language', lang);
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  }, language);
  await page.goto('/board/betting-history');
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, MEMBER, PASSWORD);
  await page.getByTestId('bet-history-page').waitFor();
  return { context, page };
}

/** The server's copy of a bet, asked with the page's session (a new login ends the older one). */
/** Lets the modal's fade-in finish before a picture (endless animations are left running). */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

const betOf = async (page: Page, id: number) => {
  const session = await page.evaluate(() => localStorage.getItem('token'));
  return (await apiOk('/api/user/bet/detail', { id }, session ?? undefined)).bet;
};

/** Confirms in the open modal; a price that moved down in between is refused and tried again. */
async function confirm(page: Page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByTestId('cashout-confirm').click();
    const done = page.getByTestId('cashout-done');
    const error = page.getByTestId('cashout-error');
    await expect
      .poll(async () => (await done.count()) + (await error.count()), { timeout: 15_000 })
      .toBeGreaterThan(0)
      .catch(async (e: unknown) => {
        await saveScreenshot(page, 'cashout-confirm-stuck');
        throw e;
      });
    if (await done.count()) return (await done.textContent()) ?? '';
    await page
      .getByTestId('cashout-modal')
      .getByRole('button', { name: /닫기|Close/ })
      .first()
      .click();
    return null;
  }
  return null;
}

test('Korean: the open bet shows its cash-out offer; the member cashes out part of it', { timeout: 120_000 }, async () => {
  const { context, page } = await historyPage('ko');
  try {
    const row = page.locator(`[data-testid="bet-row"][data-bet-id="${bets[0]}"]:visible`);
    const button = row.getByTestId('cashout-button');
    await button.waitFor({ timeout: 15_000 });
    expect(await button.textContent()).toMatch(/^캐시아웃 [\d,]+원$/);
    await saveScreenshot(page, 'cashout-ko-list');
    expect(BigInt((await button.getAttribute('data-value')) ?? '0')).toBeGreaterThan(3_000n);
    await button.click();
    const modal = page.getByTestId('cashout-modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading').textContent()).toBe('캐시아웃');
    await page.getByTestId('cashout-partial').click();
    await page.getByTestId('cashout-amount').fill('3,000');
    expect(await page.getByTestId('cashout-left').textContent()).toMatch(/^남는 베팅금 [\d,]+원, 예상 당첨금 [\d,]+원$/);
    await settled(page);
    await saveScreenshot(page, 'cashout-ko-partial');
    const done = await confirm(page);
    expect(done).toBe('3,000원을(를) 캐시아웃했습니다.');
    await settled(page);
    await saveScreenshot(page, 'cashout-ko-done');
    const bet = await betOf(page, bets[0]);
    expect(bet.status).toBe('open');
    expect(BigInt(bet.amount)).toBeLessThan(10_000n);
    expect(BigInt(bet.amount)).toBeGreaterThan(0n);
  } finally {
    await context.close();
  }
});

test('English: the member cashes out the whole bet; it shows as cashed out', { timeout: 120_000 }, async () => {
  const { context, page } = await historyPage('en');
  try {
    const row = page.locator(`[data-testid="bet-row"][data-bet-id="${bets[1]}"]:visible`);
    const button = row.getByTestId('cashout-button');
    await button.waitFor({ timeout: 15_000 });
    expect(await button.textContent()).toMatch(/^Cash out ₩[\d,]+$/);
    await saveScreenshot(page, 'cashout-en-list');
    await button.click();
    await page.getByTestId('cashout-modal').waitFor();
    expect(await page.getByTestId('cashout-offer').textContent()).toMatch(/^₩[\d,]+$/);
    await settled(page);
    await saveScreenshot(page, 'cashout-en-confirm');
    const done = await confirm(page);
    expect(done).toMatch(/^Cashed out ₩[\d,]+\.$/);
    const bet = await betOf(page, bets[1]);
    expect(bet.status).toBe('cashout');
    expect(`Cashed out ₩${BigInt(bet.win_amount).toLocaleString('en-US')}.`).toBe(done);
    await page.getByTestId('cashout-modal').getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('cashout');
    expect(await row.getByTestId('cashout-button').count()).toBe(0);
    await saveScreenshot(page, 'cashout-en-after');
  } finally {
    await context.close();
  }
});
