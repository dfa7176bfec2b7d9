import { afterAll, beforeAll, expect, onTestFailed, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin, RESULTS_DIR, type Screen } from '../support/browser.ts';
import { joinFreshPlayer } from '../support/players.ts';
import { acknowledge, acknowledgeTitled, amountIn, exchangeOpenTime, latestKst, setServerClock } from '../support/ui.ts';

// Real platform, seeded demo players (user1..user7 / 1234, exchange password 1234), Debian
// Chromium, Korean interface. Each test uses its own player so none depends on another.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = '1234';

async function login(page: Page, account: string) {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, PASSWORD);
  await page.getByTestId('header-nickname').waitFor();
}

/** Accepts the open confirm (checking its text) and waits until it has given way. */
async function confirm(page: Page, expected: string | RegExp) {
  const message = page.getByTestId('dialog-message');
  await message.waitFor();
  const text = (await message.textContent()) ?? '';
  if (typeof expected === 'string') expect(text).toBe(expected);
  else expect(text).toMatch(expected);
  await page.getByTestId('dialog-ok').click();
  // The next alert may reuse the same dialog element: wait for the text to change instead.
  await expect.poll(async () => ((await message.count()) ? await message.textContent() : null), { timeout: 15_000 }).not.toBe(text);
}

/** A full-page picture taken from the top, so the sticky header sits where a person sees it. */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await saveScreenshot(page, name);
}

const won = (n: bigint) => `${n.toLocaleString('en-US')}원`;

async function expectText(locator: Locator, expected: string) {
  await expect.poll(() => locator.textContent(), { timeout: 15_000 }).toBe(expected);
}

test('charge in the UI, admin approval shows in the header, then point conversion', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user2');
    const headerMoney = page.getByTestId('header-money');
    const before = await amountIn(page, 'header-money');

    await page.goto('/board/money-deposit');
    await page.getByTestId('deposit-page').waitFor();
    expect(await page.getByTestId('deposit-limits').textContent()).toContain('10,000원');

    // The deposit account waits for the exchange password; a wrong one is said inline.
    await page.getByTestId('charge-account-password').fill('9999');
    await page.getByTestId('charge-account-reveal').click();
    await expectText(page.getByTestId('charge-account-error'), '환전 비밀번호가 일치하지 않습니다.');
    await page.getByTestId('charge-account-password').fill(PASSWORD);
    await page.getByTestId('charge-account-reveal').click();
    await page.getByTestId('charge-account-number').waitFor();
    expect(await page.getByTestId('charge-account-kind').textContent()).toMatch(/^(임시|고정) 계좌$/);

    // Masked amount: typed digits get commas, quick-add sums, clear goes back to 0 (disabled).
    const amount = page.getByTestId('deposit-amount');
    const submit = page.getByTestId('deposit-submit');
    expect(await submit.isDisabled()).toBe(true);
    await amount.fill('1234567');
    expect(await amount.inputValue()).toBe('1,234,567');
    await page.getByTestId('deposit-amount-clear').click();
    expect(await amount.inputValue()).toBe('');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('deposit-amount-add-50000').click();
    await page.getByTestId('deposit-amount-add-50000').click();
    expect(await amount.inputValue()).toBe('100,000');
    await page.getByTestId('deposit-holder').fill('홍길동2');
    await snap(page, 'money-charge-filled-1440');
    await submit.click();
    expect(await acknowledgeTitled(page)).toEqual({ title: '', message: '충전 신청이 완료되었습니다.' });
    expect(await amount.inputValue()).toBe('');

    const row = page.getByTestId('charge-history-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('100,000원');
    expect(await row.getByTestId('status-badge').textContent()).toBe('대기');

    // The back office approves it; the header follows through the context poll.
    const admin = await adminToken();
    const list = await apiCall('/api/admin/bank/list', { type: 'charge', status: 'waiting' }, admin);
    const request = list.data.rows.find((r: { account: string; amount: string }) => r.account === 'user2' && r.amount === '100000');
    expect(request).toBeTruthy();
    const processed = await apiCall('/api/admin/bank/process', { type: 'charge', id: request.id, action: 'approve' }, admin);
    expect(processed.result).toBe(true);
    await expectText(headerMoney, won(before + 100_000n));
    await expectText(row.getByTestId('status-badge'), '승인');

    // Points → money in the UI.
    const pointsBefore = await amountIn(page, 'header-point');
    const moneyBefore = await amountIn(page, 'header-money');
    await page.getByTestId('header-point').click();
    await page.getByTestId('point-page').waitFor();
    expect(await page.getByTestId('point-submit').isDisabled()).toBe(true);
    await page.getByTestId('point-amount').fill('1000');
    expect(await page.getByTestId('point-amount').inputValue()).toBe('1,000');
    await page.getByTestId('point-submit').click();
    expect(await acknowledge(page)).toBe('포인트 전환이 완료되었습니다.');
    await expectText(headerMoney, won(moneyBefore + 1_000n));
    await expectText(page.getByTestId('header-point').locator('b'), `${(pointsBefore - 1_000n).toLocaleString('en-US')}P`);
    const change = page.getByTestId('point-log-change').first();
    await expectText(change, '-1,000');
    expect(await change.getAttribute('class')).toContain('mn-minus');
    await snap(page, 'money-point-1440');
  } finally {
    await context.close();
  }
});

test('exchange: a wrong exchange password is refused with its message, the right one is accepted and money drops', async () => {
  // Real time unless that is near the 23:30–00:30 blackout (then 23:00 KST just before).
  const open = exchangeOpenTime();
  if (open) await setServerClock(open);
  const { context, page } = await newPage(browser, PHONE);
  try {
    await login(page, 'user3');
    const headerMoney = page.getByTestId('header-money');
    const before = await amountIn(page, 'header-money');

    await page.getByTestId('footer-menu').getByText('출금').click();
    await page.getByTestId('withdraw-page').waitFor();
    expect(await page.getByTestId('withdraw-blackout').textContent()).toBe('23:30 ~ 00:30에는 은행 공동망 점검으로 환전이 불가능합니다.');
    const submit = page.getByTestId('withdraw-submit');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('withdraw-amount-add-50000').click();
    expect(await submit.isDisabled()).toBe(true); // still waiting for the exchange password
    await page.getByTestId('withdraw-password').fill('9a9');
    expect(await page.getByTestId('withdraw-password').inputValue()).toBe('99'); // digits only
    await page.getByTestId('withdraw-password').fill('9999');
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    expect(await acknowledgeTitled(page)).toEqual({ title: '환전 신청 실패', message: '환전 비밀번호가 일치하지 않습니다.' });
    expect(await amountIn(page, 'header-money')).toBe(before);

    await page.getByTestId('withdraw-password').fill(PASSWORD);
    await submit.click();
    expect(await acknowledge(page)).toBe('환전 신청이 완료되었습니다.');
    await expectText(headerMoney, won(before - 50_000n));
    const row = page.getByTestId('exchange-history-row').first();
    await row.waitFor();
    expect(await row.getByTestId('status-badge').textContent()).toBe('대기');
    await snap(page, 'money-exchange-done-375');
  } finally {
    await context.close();
    await setServerClock(null);
  }
});

test('exchange at 23:45 KST is refused with the blackout message', async () => {
  await setServerClock(latestKst(23, 45));
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user4');
    const before = await amountIn(page, 'header-money');
    await page.goto('/board/money-withdraw');
    await page.getByTestId('withdraw-amount-add-10000').click();
    await page.getByTestId('withdraw-password').fill(PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    expect(await acknowledgeTitled(page)).toEqual({ title: '환전 신청 실패', message: '23:30 ~ 00:30에는 환전이 불가능합니다.' });
    expect(await amountIn(page, 'header-money')).toBe(before);
    expect(await page.getByTestId('exchange-history-row').count()).toBe(0);
  } finally {
    await context.close();
    await setServerClock(null);
  }
});

test('casino money both ways with the convert-all confirmation, egg conversion from the profile modal', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user6');
    const headerMoney = page.getByTestId('header-money');
    const before = await amountIn(page, 'header-money');
    await page.goto('/board/casino-balance');
    await page.getByTestId('casino-balance-page').waitFor();
    await page.getByTestId('casino-amount-add-10000').click();
    await page.getByTestId('casino-submit').click();
    expect(await acknowledge(page)).toBe('전환이 완료되었습니다.');
    await expectText(headerMoney, won(before - 10_000n));

    await page.getByTestId('casino-all').click();
    await confirm(page, '카지노 머니 전체를 보유머니로 전환하시겠습니까?');
    expect(await acknowledge(page)).toBe('전환이 완료되었습니다.');
    await expectText(headerMoney, won(before));
    await expect.poll(() => page.getByTestId('conversion-row').count()).toBe(2);

    await page.getByTestId('header-profile').click();
    await page.getByTestId('profile-modal').waitFor();
    expect(await page.getByTestId('profile-nickname').textContent()).toBe('회원6');
    await page.getByTestId('profile-egg-open').click();
    await page.getByTestId('egg-modal').waitFor();
    await page.getByTestId('egg-amount-add-10000').click();
    await page.getByTestId('egg-submit').click();
    expect(await acknowledge(page)).toBe('에그 충전이 완료되었습니다.');
    await expectText(page.getByTestId('egg-wallet-egg'), '10,000');
    await expectText(headerMoney, won(before - 10_000n));
  } finally {
    await context.close();
  }
});

test('responsible play: a tighter deposit limit applies at once and refuses a bigger charge; a looser one waits', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user7');
    await page.getByTestId('header-profile').click();
    await page.getByTestId('profile-limits').click();
    await page.getByTestId('limits-page').waitFor();
    await page.getByTestId('limit-deposit_daily-input').fill('50000');
    await page.getByTestId('limits-save').click();
    expect(await acknowledge(page)).toBe('한도가 저장되어 바로 적용되었습니다.');
    await expectText(page.getByTestId('limit-deposit_daily-current'), '50,000원');

    await page.getByTestId('limit-deposit_daily-input').fill('100000');
    await page.getByTestId('limits-save').click();
    expect(await acknowledge(page)).toMatch(/^저장되었습니다\. 낮춘 한도는 바로 적용되고, 높이거나 해제한 한도는 .+부터 적용됩니다\.$/);
    await expectText(page.getByTestId('limit-deposit_daily-current'), '50,000원');
    expect(await page.getByTestId('limit-deposit_daily-pending').textContent()).toContain('100,000원');
    await snap(page, 'money-limits-pending-1440');

    await page.goto('/board/money-deposit');
    await page.getByTestId('deposit-amount-add-50000').click();
    await page.getByTestId('deposit-amount-add-10000').click();
    await page.getByTestId('deposit-submit').click();
    expect(await acknowledgeTitled(page)).toEqual({ title: '충전 신청 실패', message: '설정한 일일 입금 한도(50,000원)를 초과합니다.' });
  } finally {
    await context.close();
  }
});

test('self-exclusion asks twice, logs the player out and keeps them out', async () => {
  // A player joined for this test, so self-exclusion locks nobody else out.
  const { account } = await joinFreshPlayer('rg');
  const { context, page } = await newPage(browser, PHONE);
  try {
    await login(page, account);
    await page.goto('/board/limits');
    const submit = page.getByTestId('exclude-submit');
    await page.getByTestId('exclude-period-24h').click();
    await page.getByTestId('exclude-password').fill(PASSWORD);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('exclude-agree').check();
    await submit.click();
    await confirm(page, /^정말 24시간 동안 이용을 제한하시겠습니까\?\n.+까지 로그인할 수 없으며 지금 바로 로그아웃됩니다\.$/);
    expect(await acknowledge(page)).toMatch(/^이용 제한이 시작되었습니다\. .+까지 로그인할 수 없습니다\.$/);
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByTestId('header-login').click();
    await submitMemberLogin(page, account, PASSWORD);
    const refused = await acknowledgeTitled(page);
    expect(refused.title).toBe('로그인 실패');
    expect(refused.message).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}까지 자기 이용 제한 기간이므로 이용할 수 없습니다\.$/);
  } finally {
    await context.close();
  }
});

async function shoot(page: Page, screen: Screen, name: string) {
  await snap(page, `money-${name}-${screen.width}`);
}

for (const screen of [PHONE, DESKTOP]) {
  test(`screens at ${screen.width}px: home, header, charge, exchange, point, casino, limits, profile`, async () => {
    const { context, page } = await newPage(browser, screen);
    onTestFailed(async () => {
      console.log('failed at', page.url(), (await page.locator('body').textContent())?.slice(0, 600));
      await saveScreenshot(page, `money-failed-${screen.width}`);
    });
    try {
      await login(page, 'user5');
      await page.getByTestId('home-page').waitFor();
      await shoot(page, screen, 'home');
      await page.locator('header.m-header').screenshot({ path: `${RESULTS_DIR}money-header-${screen.width}.png` });

      await page.goto('/board/money-deposit');
      await page.getByTestId('charge-account-password').fill(PASSWORD);
      await page.getByTestId('charge-account-reveal').click();
      await page.getByTestId('charge-account-number').waitFor();
      await page.getByTestId('deposit-amount-add-100000').click();
      await shoot(page, screen, 'charge');

      await page.goto('/board/money-withdraw');
      await page.getByTestId('withdraw-page').waitFor();
      await page.getByTestId('withdraw-amount-max').click();
      expect(await page.getByTestId('withdraw-amount').inputValue()).toMatch(/^\d{1,3}(,\d{3})*0,000$/);
      await shoot(page, screen, 'exchange');

      await page.goto('/board/point');
      await page.getByTestId('point-log').waitFor();
      await shoot(page, screen, 'point');
      await page.goto('/board/casino-balance');
      await page.getByTestId('conversion-history').waitFor();
      await shoot(page, screen, 'casino');
      await page.goto('/board/limits');
      await page.getByTestId('limits-form').waitFor();
      await shoot(page, screen, 'limits');

      if (screen.mobile) {
        await page.getByRole('button', { name: '메뉴 열기' }).click();
        await page.getByTestId('mobile-profile').click();
      } else {
        await page.getByTestId('header-profile').click();
      }
      await page.getByTestId('profile-modal').waitFor();
      await page.getByTestId('profile-responsible').getByText('제한 없음').first().waitFor();
      await shoot(page, screen, 'profile');
      await page.getByTestId('profile-logout').click();
      expect(await page.getByTestId('dialog-message').textContent()).toBe('접속된 계정을 로그아웃 하시겠어요?');
      await page.getByTestId('dialog-cancel').click();
      expect(await page.getByTestId('profile-modal').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
}

for (const language of ['vi', 'th'] as const) {
  test(`money screens in ${language} carry no Korean of their own (375px)`, async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await login(page, 'user1');
      for (const [path, id] of [
        ['/board/money-deposit', 'deposit-form'],
        ['/board/money-withdraw', 'withdraw-page'],
        ['/board/point', 'point-form'],
        ['/board/limits', 'limits-page'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(id).waitFor();
        expect(await page.getByTestId(id).textContent()).not.toMatch(/[가-힣]/);
      }
      await page.goto('/board/money-withdraw');
      await page.getByTestId('withdraw-page').waitFor();
      await shoot(page, PHONE, `exchange-${language}`);
    } finally {
      await context.close();
    }
  });
}
