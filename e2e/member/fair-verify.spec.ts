import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';
import { awaitDraw, betOnOpenRound } from '../support/minigame.ts';
import { setServerClock } from '../support/ui.ts';

// /fair/verify documents how a round's entropy is made (issue 21 defect 7, decision 049) with a
// worked example: the exact strings of a real round, in the order they are hashed, recomputed in
// the browser. The round is a house roulette round (one minute) that this spec bets on through the
// API with the demo player user5; the server clock moves forward to its opening and its draw
// when earlier specs left rounds ahead of real time (support/minigame.ts).
const PLAYER = 'user5';
const GAME = 'roulette';
let browser: Browser;
let round = 0;
let betId = 0;

type Verify = { status: string; entropy: string | null; entropy_inputs: { bets: string[]; closes_at: string; previous: string } | null };

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminToken();
  const found = await apiCall('/api/admin/member/list', { search: PLAYER, skip: 0 }, admin);
  const id = found.data.rows.find((r: { account: string }) => r.account === PLAYER)?.id;
  const grant = await apiCall(
    '/api/admin/ledger/adjust',
    { user_id: id, asset: 'money', amount: '10000', memo: 'fair-verify browser test', request_id: `e2e-fair-${randomUUID()}` },
    admin,
  );
  if (!grant.result) throw new Error(`grant failed: ${JSON.stringify(grant)}`);
  const token = (await apiCall('/api/user/login', { account: PLAYER, password: '1234' })).data.token as string;
  const placed = await betOnOpenRound(GAME, token);
  if (placed.error) throw new Error(`the roulette bet was refused: ${JSON.stringify(placed.error)}`);
  betId = placed.betId;
  round = placed.round.number;
  await awaitDraw(GAME, placed.round);
}, 330_000);
afterAll(async () => {
  await setServerClock(null);
  await browser?.close();
});

async function openVerify(screen: Screen, lang: string) {
  const { context, page } = await newPage(browser, screen);
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  await page.goto(`/fair/verify?game=${GAME}&round=${round}`);
  await page.getByTestId('verify-verdict').waitFor({ timeout: 20_000 });
  await page
    .getByTestId('verify-entropy-recomputed')
    .filter({ hasText: /^[0-9a-f]{64}$/ })
    .waitFor();
  return { context, page };
}

test("the page shows the entropy recipe with this round's strings in hashing order, and its recomputation matches", { timeout: 120_000 }, async () => {
  const v = (await apiCall('/api/minigame/verify', { game: GAME, round })).data as Verify;
  expect(v.entropy_inputs).not.toBeNull();
  const { context, page } = await openVerify(DESKTOP, 'ko');
  try {
    expect(await page.getByTestId('verify-verdict').getAttribute('data-verdict')).toBe('ok');
    expect(await page.getByTestId('verify-check-entropy').getAttribute('data-state')).toBe('ok');
    // Step 1: the bet lines, ours among them as id:stake:market:pick.
    const lines = (await page.getByTestId('verify-entropy-bets').textContent())!.split('\n');
    expect(lines).toEqual(v.entropy_inputs!.bets);
    expect(lines.some((l) => l.startsWith(`${betId}:1000:`))).toBe(true);
    // Step 4: the exact text hashed is previous, close time and the bet hash, one per line.
    const text = (await page.getByTestId('verify-entropy-text').textContent())!.split('\n');
    expect(text).toHaveLength(3);
    expect(text.slice(0, 2)).toEqual([v.entropy_inputs!.previous, v.entropy_inputs!.closes_at]);
    expect(await page.getByTestId('verify-entropy-recomputed').textContent()).toBe(v.entropy);
    await saveScreenshot(page, 'fair-verify-entropy-ko-1440');
  } finally {
    await context.close();
  }

  const phone = await openVerify(PHONE, 'ko');
  await saveScreenshot(phone.page, 'fair-verify-entropy-ko-375');
  await phone.context.close();

  // The same documentation in every language: the recipe's title is translated, not Korean.
  const titles = new Set<string>();
  for (const lang of ['ko', 'en', 'ja', 'vi', 'th']) {
    const { context, page } = await openVerify(DESKTOP, lang);
    try {
      titles.add((await page.getByTestId('verify-entropy-recipe').locator('h2').textContent())!);
      expect(await page.getByTestId('verify-check-entropy').getAttribute('data-state')).toBe('ok');
      await saveScreenshot(page, `fair-verify-entropy-${lang}-1440`);
    } finally {
      await context.close();
    }
  }
  expect(titles.size).toBe(5);
});

test('a bet line changed on the way makes the entropy check fail', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await page.route('**/api/minigame/verify', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.entropy_inputs.bets = body.data.entropy_inputs.bets.map((l: string) => l.replace(/:1000:/, ':100000:'));
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/fair/verify?game=${GAME}&round=${round}`);
    await page.getByTestId('verify-verdict').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('verify-verdict').getAttribute('data-verdict')).toBe('bad');
    expect(await page.getByTestId('verify-check-entropy').getAttribute('data-state')).toBe('bad');
    await saveScreenshot(page, 'fair-verify-entropy-forged-1440');
  } finally {
    await context.close();
  }
});
