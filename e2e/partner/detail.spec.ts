import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall } from '../support/api.ts';
import { DEMO, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';
import { betOnOpenRound } from '../support/minigame.ts';
import { setServerClock } from '../support/ui.ts';

// The agent's member detail (issue 18, decision 034): the demo member bets on a mini game and on
// a soccer match through the player API; shop1 opens the member's detail popup (1400×980) from
// its downline list, finds both bets in their tabs, and finds them again on /pa-game-sports and
// /pa-game-minigame, at the partner's 1024 px.
let browser: Browser;
const PLAYER = DEMO.player.account;
const PARTNER: Screen = { width: 1024, height: 900, mobile: false };
const NOT_IN_SUBTREE = '하부에 속한 계정이 아닙니다.';
let playerToken: string;
let playerId: number;
let miniBetId: number;
let sportsBetId: number;

type Outcome = { id: number; code: string; odds: string; active: boolean };
type Fixture = { id: number; status: string; starts_at: string; bet_stop: boolean; markets: { kind: string; status: string; outcomes: Outcome[] }[] };

/** A mini-game bet on the house roulette's round open now. */
async function placeMinigameBet() {
  const placed = await betOnOpenRound('roulette', playerToken);
  if (placed.error) throw new Error(`the roulette bet was refused: ${JSON.stringify(placed.error)}`);
  return placed.betId;
}

/** A single on the home side of a released soccer match; a price moved by the feed is taken as a player would. */
async function placeSportsBet() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = await apiCall('/api/user/sports/fixtures', { board: 'europe', sport: 'soccer' }, playerToken);
    for (const f of (r.data?.fixtures ?? []) as Fixture[]) {
      const home = f.markets.find((x) => x.kind === '1x2' && x.status === 'open')?.outcomes.find((o) => o.code === 'home' && o.active);
      if (f.status !== 'release' || f.bet_stop || !home || Date.parse(f.starts_at) < Date.now() + 10 * 60_000) continue;
      let odds = home.odds;
      for (let attempt = 0; attempt < 5; attempt++) {
        const placed = await apiCall(
          '/api/user/sports/bet/place',
          { request_id: `e2e-${randomUUID()}`, board: 'europe', amount: '5000', selections: [{ outcome_id: home.id, odds }], accept_higher_odds: true },
          playerToken,
        );
        if (placed.result) return placed.data.bet.id as number;
        const changed = placed.error?.code === 'odds_changed' ? String(placed.error.params?.changes ?? '') : '';
        if (!/^\d+:[\d.]+$/.test(changed)) throw new Error(`sports bet refused: ${JSON.stringify(placed)}`);
        odds = changed.split(':')[1];
      }
    }
    if (Date.now() > deadline) throw new Error('no released soccer fixture to bet on');
    await new Promise((res) => setTimeout(res, 1_000));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await apiCall('/api/user/login', { account: PLAYER, password: DEMO.player.password });
  if (!login.result) throw new Error(`login failed: ${JSON.stringify(login)}`);
  playerToken = login.data.token;
  playerId = login.data.user.id;
  miniBetId = await placeMinigameBet();
  sportsBetId = await placeSportsBet();
}, 120_000);
afterAll(async () => {
  await setServerClock(null);
  await browser?.close();
});

async function loginAgent(page: Page) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(DEMO.agent.account);
  await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

test("the shop opens its member's detail popup and finds the member's bets in its tabs", async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.goto('/pa-agent-user-list');
    const list = page.getByTestId('pa-agent-user-list');
    await list.getByTestId('pa-downline-search').fill(PLAYER);
    await list.getByRole('button', { name: '검색' }).click();
    const row = list.locator(`tbody tr[data-account="${PLAYER}"]`);
    await row.waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), row.getByTestId('pa-user-detail-link').click()]);
    await popup.setViewportSize({ width: 1400, height: 980 });
    expect(new URL(popup.url()).pathname).toBe('/pa-user-detail');
    expect(new URL(popup.url()).searchParams.get('id')).toBe(String(playerId));
    const detail = popup.getByTestId('pa-user-detail');
    await detail.getByRole('heading', { name: `${PLAYER} 상세정보` }).waitFor();
    const info = detail.getByTestId('pa-detail-info');
    await info.waitFor();
    expect(await info.textContent()).toContain('shop1'); // the parent
    const me = await apiCall('/api/user/getContext', {}, playerToken);
    const money = (await detail.getByTestId('pa-detail-money').textContent())!.replace(/[^\d]/g, '');
    expect(money).toBe(String(me.data.user.money));
    await saveScreenshot(popup, 'partner-user-detail-1400');

    await detail.getByTestId('pa-detail-tab-sports').click();
    const sports = detail.getByTestId('pa-detail-bets-sports');
    await sports.locator(`tbody tr[data-bet="${sportsBetId}"]`).waitFor();
    expect(await detail.getByTestId('pa-bet-totals').textContent()).toMatch(/건/);
    await saveScreenshot(popup, 'partner-user-detail-sports-1400');

    await detail.getByTestId('pa-detail-tab-minigame').click();
    await detail.getByTestId('pa-detail-bets-minigame').locator(`tbody tr[data-bet="${miniBetId}"]`).waitFor();

    await detail.getByTestId('pa-detail-tab-ledger').click();
    const ledger = detail.getByTestId('pa-detail-ledger');
    await ledger.locator('tbody tr', { hasText: '베팅' }).first().waitFor();

    await detail.getByTestId('pa-detail-tab-sessions').click();
    await detail.getByTestId('pa-detail-sessions').locator('tbody tr', { hasText: '접속중' }).first().waitFor();
    await saveScreenshot(popup, 'partner-user-detail-sessions-1400');
  } finally {
    await context.close();
  }
});

test('/pa-game-sports and /pa-game-minigame list the member bet with totals; a member of another tree is not found', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    for (const [path, betId] of [
      ['/pa-game-sports', sportsBetId],
      ['/pa-game-minigame', miniBetId],
    ] as const) {
      await page.goto(path);
      const screen = page.getByTestId(path.slice(1));
      await screen.waitFor();
      const list = screen.getByTestId(`${path.slice(1)}-list`);
      const row = list.locator(`tbody tr[data-bet="${betId}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-account')).toBe(PLAYER);
      await screen.getByTestId('pa-game-account').fill(PLAYER);
      await screen.getByTestId('pa-game-search').click();
      await row.waitFor();
      expect(await screen.getByTestId('pa-bet-totals').textContent()).toMatch(/건 · /);
      await saveScreenshot(page, `partner-${path.slice(1)}-1024`);
    }
    // The detail view routed inside the shell, for an id outside shop1's subtree: the one not-found answer.
    await page.goto('/pa-user-detail-view?id=1');
    const refused = page.getByTestId('pa-user-detail').locator('.pa-error');
    await refused.waitFor();
    expect(await refused.textContent()).toBe(NOT_IN_SUBTREE);
    await saveScreenshot(page, 'partner-user-detail-view-refused-1024');
  } finally {
    await context.close();
  }
});
