import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';
import { acknowledge, amountIn, setServerClock } from '../support/ui.ts';

// Real platform with its round scheduler running (ENABLE_TEST_CONTROLS=1, so the server clock can
// be moved forward to reach a close and a draw at once). The player is the demo test account
// test1, which no other spec bets with; it is given money through the admin ledger call first.
// Interface language: Korean.
const PLAYER = 'test1';
const STAKE = 10_000n;

const PAGES: [path: string, game: string][] = [
  ...[1, 2, 3, 4, 5].map((n): [string, string] => [`/game/powerball/ntry/eos${n}`, `ntry_eos${n}`]),
  ['/game/powerball/ntry/powerball', 'ntry_powerball'],
  ['/game/minigame/ntry/powerladder', 'ntry_powerladder'],
  ['/game/minigame/ntry/kenoladder', 'ntry_kenoladder'],
  ['/game/minigame/ntry/speedkeno', 'ntry_speedkeno'],
  ...[1, 2, 3, 4, 5].map((n): [string, string] => [`/game/powerball/bepick/eos${n}`, `bepick_eos${n}`]),
  ['/game/powerball/bepick/happy545', 'bepick_happy545'],
  ['/game/minigame/bepick/marukhan', 'bepick_marukhan'],
  // Spec §1's roulette, cockfighting and virtual sports, which §2 gives no route (decision 024).
  ['/game/minigame/house/roulette', 'roulette'],
  ['/game/minigame/house/cockfight', 'cockfight'],
  ['/game/minigame/house/virtual', 'virtual_soccer'],
];

let browser: Browser;
let clockMoved = false;
/** Rounds the bet tests drew, for the verification test. */
const drawnRounds: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken();
  const found = await apiCall('/api/admin/member/list', { search: PLAYER, skip: 0 }, admin);
  const id = found.data.rows.find((r: { account: string }) => r.account === PLAYER)?.id;
  if (!id) throw new Error(`${PLAYER} not found: ${JSON.stringify(found)}`);
  const grant = await apiCall(
    '/api/admin/ledger/adjust',
    { user_id: id, asset: 'money', amount: '200000', memo: 'mini-game browser test', request_id: `e2e-minigames-${Date.now()}` },
    admin,
  );
  if (!grant.result) throw new Error(`grant failed: ${JSON.stringify(grant)}`);
});
afterAll(async () => {
  if (clockMoved) await setServerClock(null);
  await browser?.close();
});

/** Site pop-ups are someone else's screen: keep them out of these pictures. */
async function withoutPopups(context: BrowserContext) {
  await context.addInitScript(() => {
    const until = Date.now() + 24 * 3600 * 1000;
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = until;
    if (!localStorage.getItem('popupHidden')) localStorage.setItem('popupHidden', JSON.stringify(hidden));
  });
}

async function openAsPlayer(screen: Screen, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, screen);
  await withoutPopups(context);
  await page.goto(path);
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, PLAYER, '1234');
  await page.getByTestId('minigame-page').waitFor();
  return { context, page };
}

const head = (page: Page) => page.getByTestId('mg-head');

/** Waits until the round on screen takes bets (a round closes 10 s before its draw). */
async function waitForOpenRound(page: Page) {
  // Another spec that moved the server clock ahead and back leaves rounds opened in its future
  // (the scheduler never repeats a round): move the clock to the round's opening, as the draws below do.
  await expect.poll(() => head(page).getAttribute('data-opens-at'), { timeout: 15_000 }).not.toBe('');
  const opensAt = Date.parse((await head(page).getAttribute('data-opens-at')) ?? '');
  if ((await head(page).getAttribute('data-phase')) === 'waiting' && opensAt > 0) {
    clockMoved = true;
    await setServerClock(new Date(opensAt + 1_000));
  }
  await expect.poll(() => head(page).getAttribute('data-phase'), { timeout: 30_000 }).toBe('open');
}

async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await saveScreenshot(page, name);
}

test('every mini-game route opens its game with a running countdown, without the footer menu', async () => {
  const { context, page } = await openAsPlayer(DESKTOP, PAGES[0][0]);
  try {
    for (const [path, game] of PAGES) {
      await page.goto(path);
      await expect.poll(() => page.getByTestId('minigame-page').getAttribute('data-game')).toBe(game);
      await waitForOpenRound(page);
      await expect.poll(() => page.getByTestId('mg-to-close').textContent(), { timeout: 15_000 }).toMatch(/^\d{2}:\d{2}$/);
      expect(await page.getByTestId('mg-round').textContent()).toMatch(/^\d+회차$/);
      expect(await page.getByTestId('mg-market').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('footer-menu').count()).toBe(0);
    }
    // The countdown runs: the draw clock shows less a moment later.
    const seconds = async () => {
      const [m, s] = ((await page.getByTestId('mg-to-draw').textContent()) ?? '').split(':').map(Number);
      return m * 60 + s;
    };
    const first = await seconds();
    await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(first);

    // Spec §2: a Powerball page takes ?type= and shows that variant.
    await page.goto('/game/powerball/ntry/eos1?type=eos3');
    await expect.poll(() => page.getByTestId('minigame-page').getAttribute('data-game')).toBe('ntry_eos3');
    expect(await page.getByTestId('mg-variant-ntry_eos3').getAttribute('class')).toContain('is-on');
  } finally {
    await context.close();
  }
});

for (const screen of [DESKTOP, PHONE]) {
  test(`a Powerball bet is placed, betting closes, the draw settles it and the header money follows (${screen.width}px)`, { timeout: 120_000 }, async () => {
    const { context, page } = await openAsPlayer(screen, '/game/powerball/ntry/eos1');
    try {
      await waitForOpenRound(page);
      const before = await amountIn(page, 'header-money');
      const round = Number(await head(page).getAttribute('data-round'));
      const roundLabel = await page.getByTestId('mg-round').textContent();

      await page.getByTestId('mg-pick-power_oe-odd').click();
      if (screen === PHONE) {
        // The slip is below the boards on a phone: the bar at the bottom takes the player there.
        await page.getByTestId('mg-jump').click();
        await page.getByTestId('mg-jump').waitFor({ state: 'detached' });
      }
      // Read after the render the click causes, not the one before it.
      await expect.poll(() => page.getByTestId('mg-slip-pick').textContent()).toBe('파워볼 홀/짝 · 홀');
      await page.getByTestId('mg-amount-add-10000').click();
      await expect.poll(() => page.getByTestId('mg-est-win').textContent()).toBe('19,500원');
      await snap(page, `minigame-slip-${screen.width}`);
      await page.getByTestId('mg-place').click();
      expect(await acknowledge(page)).toMatch(/회차에 10,000원 베팅되었습니다\.$/);

      await expect.poll(() => amountIn(page, 'header-money'), { timeout: 15_000 }).toBe(before - STAKE);
      const bet = page.locator(`[data-testid="mg-bet"][data-round="${round}"]`);
      await expect.poll(() => bet.first().getAttribute('data-status'), { timeout: 10_000 }).toBe('open');

      // Between the close and the draw the slip is closed and the boards are disabled.
      const closesAt = Date.parse((await head(page).getAttribute('data-closes-at')) ?? '');
      const drawsAt = Date.parse((await head(page).getAttribute('data-draws-at')) ?? '');
      clockMoved = true;
      await setServerClock(new Date(closesAt + 1_000));
      await expect.poll(() => head(page).getAttribute('data-phase'), { timeout: 15_000 }).toBe('closed');
      await page.getByTestId('mg-closed').waitFor();
      expect(await page.getByTestId('mg-place').isDisabled()).toBe(true);
      expect(await page.getByTestId('mg-pick-power_oe-odd').isDisabled()).toBe(true);
      await snap(page, `minigame-closed-${screen.width}`);

      // Past the draw: the result plays, the bet is settled and the money moves by what it paid.
      await setServerClock(new Date(drawsAt + 1_000));
      const outcome = page.locator(`[data-testid="mg-outcome"][data-round="${round}"]`);
      await outcome.waitFor({ timeout: 30_000 });
      const status = await bet.first().getAttribute('data-status');
      expect(['won', 'lost']).toContain(status);
      expect(await outcome.getAttribute('data-won')).toBe(String(status === 'won'));
      expect(await page.getByTestId('mg-stage').locator('.mg-stage-label').textContent()).toBe(`${roundLabel} 결과`);
      expect(await page.getByTestId('mg-ball').count()).toBe(6);
      const paid = status === 'won' ? 19_500n : 0n;
      await expect.poll(() => amountIn(page, 'header-money'), { timeout: 15_000 }).toBe(before - STAKE + paid);
      expect(await amountIn(page, 'mg-money')).toBe(before - STAKE + paid);
      drawnRounds.push(round);
      await page.waitForTimeout(2_500); // let the balls roll in before the picture
      await snap(page, `minigame-result-${screen.width}`);

      // The round is in the history and the pattern chart counts it.
      await page.getByTestId('mg-history-row').first().waitFor();
      await page.getByTestId('mg-tab-stats').click();
      await page.getByTestId('mg-streak-col').first().waitFor();
      await snap(page, `minigame-stats-${screen.width}`);
      await page.getByTestId('mg-tab-rules').click();
      expect(await page.getByTestId('mg-rules').textContent()).toContain('일반볼 5개(1~28, 중복 없음)');
      expect(await page.getByTestId('mg-rules-verify').getAttribute('href')).toBe('/fair/verify?game=ntry_eos1');
    } finally {
      await context.close();
    }
  });
}

test('every mini-game page takes a bet, draws the round and moves the money by exactly what the bet paid', { timeout: 900_000 }, async () => {
  const { context, page } = await openAsPlayer(DESKTOP, PAGES[0][0]);
  try {
    for (const [path, game] of PAGES) {
      await page.goto(path);
      await expect.poll(() => page.getByTestId('minigame-page').getAttribute('data-game')).toBe(game);
      await waitForOpenRound(page);
      const round = Number(await head(page).getAttribute('data-round'));
      const before = await amountIn(page, 'header-money');
      await page.getByTestId('mg-market').first().locator('[data-testid^="mg-pick-"]').first().click();
      await page.getByTestId('mg-amount-add-10000').click();
      await page.getByTestId('mg-place').click();
      expect(await acknowledge(page), game).toMatch(/10,000원 베팅되었습니다\.$/);
      await expect.poll(() => amountIn(page, 'header-money'), { timeout: 15_000 }).toBe(before - STAKE);
      const bet = page.locator(`[data-testid="mg-bet"][data-round="${round}"]`).first();
      await expect.poll(() => bet.getAttribute('data-status'), { timeout: 10_000 }).toBe('open');

      const drawsAt = Date.parse((await head(page).getAttribute('data-draws-at')) ?? '');
      clockMoved = true;
      await setServerClock(new Date(drawsAt + 1_000));
      await page.locator(`[data-testid="mg-outcome"][data-round="${round}"]`).waitFor({ timeout: 30_000 });
      await expect.poll(() => bet.getAttribute('data-status'), { timeout: 15_000 }).not.toBe('open');
      expect(await page.getByTestId('mg-draw').count(), game).toBe(1);
      const paid = BigInt(((await bet.getByTestId('mg-bet-win').textContent()) ?? '').replace(/[^\d]/g, '') || '0');
      const status = await bet.getAttribute('data-status');
      if (status === 'lost') expect(paid, game).toBe(0n);
      else expect(paid, `${game} ${status}`).toBeGreaterThan(0n);
      await expect.poll(() => amountIn(page, 'header-money'), { timeout: 15_000 }).toBe(before - STAKE + paid);
      // History and the pattern chart of this game count the round.
      await page.getByTestId('mg-tab-history').click();
      await page.locator('[data-testid="mg-history-row"]').first().waitFor();
      await page.getByTestId('mg-tab-stats').click();
      await page.getByTestId('mg-streak-col').first().waitFor();
      if (game === 'roulette' || game === 'virtual_soccer') {
        await page.waitForTimeout(2_500);
        await snap(page, `minigame-${game}-1440`);
      }
    }
  } finally {
    await context.close();
  }
});

test('a house board page on a phone', async () => {
  const { context, page } = await openAsPlayer(PHONE, '/game/minigame/house/cockfight');
  try {
    await expect.poll(() => page.getByTestId('mg-to-close').textContent(), { timeout: 15_000 }).toMatch(/^\d{2}:\d{2}$/);
    // The other boards are one tap away from here, and back.
    expect(await page.getByTestId('mg-board-ntry').getAttribute('href')).toBe('/game/powerball/ntry/eos1');
    await page.getByTestId('mg-board-bepick').click();
    await expect.poll(() => page.getByTestId('minigame-page').getAttribute('data-game')).toBe('bepick_eos1');
    await page.getByTestId('mg-board-house').click();
    await expect.poll(() => page.getByTestId('minigame-page').getAttribute('data-game')).toBe('roulette');
    await page.getByTestId('mg-variant-cockfight').click();
    await expect.poll(() => page.getByTestId('minigame-page').getAttribute('data-game')).toBe('cockfight');
    await page.waitForTimeout(1_500);
    await snap(page, 'minigame-cockfight-375');
  } finally {
    await context.close();
  }
});

test("the game-result board lists drawn mini-game rounds and the rule board shows each game's rules", async () => {
  const { context, page } = await openAsPlayer(DESKTOP, '/game/powerball/ntry/eos1');
  try {
    await page.goto('/board/game-result');
    await page.getByTestId('game-result-page').waitFor();
    await page.getByRole('tab', { name: '파워볼' }).click();
    await page.getByTestId('minigame-results').waitFor();
    await page.getByTestId('mg-history-row').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('mg-history-row').first().textContent()).toMatch(/\d+ \+ \d/);
    await saveScreenshot(page, 'minigame-game-result-1440');

    await page.goto('/board/game-rule');
    await page.getByTestId('minigame-rules').waitFor();
    await page.getByTestId('minigame-rules-game').selectOption('ntry_powerladder');
    await expect.poll(() => page.getByTestId('mg-rules').textContent()).toContain('좌3짝');
    await saveScreenshot(page, 'minigame-game-rule-1440');
  } finally {
    await context.close();
  }
});

test('a ladder page draws its ladder result', async () => {
  const { context, page } = await openAsPlayer(DESKTOP, '/game/minigame/ntry/powerladder');
  try {
    // A ladder round draws every 5 minutes: move the server clock past the next draw.
    await expect.poll(() => head(page).getAttribute('data-draws-at'), { timeout: 15_000 }).not.toBe('');
    const drawsAt = Date.parse((await head(page).getAttribute('data-draws-at')) ?? '');
    clockMoved = true;
    await setServerClock(new Date(drawsAt + 1_000));
    await page.getByTestId('mg-ladder').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('mg-pick-lines-line3').textContent()).toContain('3줄');
    await page.waitForTimeout(2_600);
    await snap(page, 'minigame-ladder-1440');
  } finally {
    await context.close();
  }
});

test('the public verification page recomputes a drawn round in the browser, and notices a forged seed', async () => {
  expect(drawnRounds.length).toBeGreaterThan(0);
  const round = drawnRounds[0];
  for (const screen of [DESKTOP, PHONE]) {
    const { context, page } = await newPage(browser, screen);
    await withoutPopups(context);
    try {
      await page.goto(`/fair/verify?game=ntry_eos1&round=${round}`);
      const verdict = page.getByTestId('verify-verdict');
      await verdict.waitFor({ timeout: 20_000 });
      expect(await verdict.getAttribute('data-verdict')).toBe('ok');
      for (const check of ['link', 'chain', 'draw']) expect(await page.getByTestId(`verify-check-${check}`).getAttribute('data-state')).toBe('ok');
      expect(await page.getByTestId('verify-seed').textContent()).toMatch(/^[0-9a-f]{64}/);
      await page.waitForTimeout(2_500);
      await snap(page, `minigame-verify-${screen.width}`);
    } finally {
      await context.close();
    }
  }

  // The same page with the seed changed on the way: every check that uses it fails.
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await page.route('**/api/minigame/verify', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const seed: string = body.data.seed;
      body.data.seed = (seed[0] === '0' ? '1' : '0') + seed.slice(1);
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/fair/verify?game=ntry_eos1&round=${round}`);
    const verdict = page.getByTestId('verify-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    expect(await verdict.getAttribute('data-verdict')).toBe('bad');
    expect(await page.getByTestId('verify-check-chain').getAttribute('data-state')).toBe('bad');
    expect(await page.getByTestId('verify-check-draw').getAttribute('data-state')).toBe('bad');
    await snap(page, 'minigame-verify-forged-1440');
  } finally {
    await context.close();
  }
});
