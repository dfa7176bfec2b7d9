import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, baseUrl, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';
import { acknowledge, acknowledgeTitled } from '../support/ui.ts';

// Issue #6 spec gaps in a real browser: the join form's bank list comes from the server and
// every bank of it can join; live validation; password change; clearing conversion history.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const run = String(Date.now()).slice(-5);
let phoneSeq = 0;
/** A mobile number no other test uses (one SMS per number per 30 s). */
const nextPhone = () => `010${run}${String(phoneSeq++).padStart(3, '0')}`;

/** Joins through the API (SMS code read from the test controls); answers the join result. */
async function apiJoin(account: string, bank: string) {
  const phone = nextPhone();
  const sent = await apiCall('/api/user/join/sendSms', { phone_number: phone });
  if (!sent.result) throw new Error(`sendSms failed: ${JSON.stringify(sent)}`);
  const sms = await apiCall('/api/test/lastSms', { phone_number: phone });
  const checked = await apiCall('/api/user/join/checkSms', { sms_key: sent.data.sms_key, number: Number(sms.data.code) });
  if (!checked.result) throw new Error(`checkSms failed: ${JSON.stringify(checked)}`);
  return apiCall('/api/user/join', {
    account,
    password: '1234',
    nickname: `닉${account}`.slice(0, 20),
    phone_number: phone,
    sms_key: sent.data.sms_key,
    sms_number: Number(sms.data.code),
    bank_account_holder: '김가입',
    bank_name: bank,
    bank_account: '1234567890',
    bank_password: '1234',
    code: 'shop1',
    device: 'PC',
    birth_date: '1990-01-01',
  });
}

/** A fresh, approved member (so tests may change its password and empty its history). */
async function approvedMember(prefix: string) {
  const account = `${prefix}${run}`;
  const joined = await apiJoin(account, '국민');
  if (!joined.result) throw new Error(`join failed: ${JSON.stringify(joined)}`);
  const admin = await adminToken();
  const list = await apiCall('/api/admin/member/list', { search: account }, admin);
  const id = list.data.rows.find((r: { account: string }) => r.account === account).id;
  expect((await apiCall('/api/admin/member/setStatus', { user_id: id, status: 'normal_a' }, admin)).result).toBe(true);
  return { account, id: id as number };
}

async function login(page: Page, account: string, password = '1234') {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, password);
  await page.getByTestId('header-nickname').waitFor();
}

test("the join form lists the server's banks, checks fields as the player types, and every bank of the list can join", async () => {
  const served: string[] = (await apiCall('/api/user/join/getBanks', {})).data.banks;
  expect(served).toEqual(expect.arrayContaining(['BNK부산', 'BNK경남', '새마을금고']));
  const { context, page } = await newPage(browser, PHONE);
  try {
    await page.goto('/');
    await page.getByTestId('header-join').click();
    await page.getByTestId('join-modal').waitFor();
    await expect.poll(() => page.getByTestId('join-bank').locator('option').count()).toBe(served.length + 1);
    const options = await page
      .getByTestId('join-bank')
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options.slice(1)).toEqual(served);

    // Live checks: wrong values are said under their fields before anything is sent.
    await page.getByTestId('join-account').fill('ab');
    expect(await page.getByTestId('join-account-error').textContent()).toBe('아이디는 영문, 숫자, _ 조합 3~30자입니다.');
    await page.getByTestId('join-phone').fill('0101234');
    expect(await page.getByTestId('join-phone').inputValue()).toBe('010-1234');
    expect(await page.getByTestId('join-phone-error').textContent()).toBe('휴대폰 번호는 010-1234-5678 형식으로 입력해 주세요.');
    await page.getByTestId('join-password').fill('12');
    expect(await page.getByTestId('join-password-error').textContent()).toBe('비밀번호는 숫자 4자리 이상입니다.');
    await page.getByTestId('join-birth-date').fill('2015-01-01');
    expect(await page.getByTestId('join-birth-date-error').textContent()).toBe('만 19세 이상만 가입할 수 있습니다.');
    await page.getByTestId('join-check-account').click();
    expect(await acknowledge(page)).toBe('아이디는 영문, 숫자, _ 조합 3~30자입니다.');
    await saveScreenshot(page, 'member-join-live-validation');

    // Now the real thing with BNK부산, one of the banks the old hard-coded list could not join with.
    const account = `bnk${run}`;
    const phone = nextPhone();
    await page.getByTestId('join-account').fill(account);
    expect(await page.getByTestId('join-account-error').count()).toBe(0);
    await page.getByTestId('join-check-account').click();
    expect(await acknowledge(page)).toBe('사용 가능한 아이디입니다.');
    await page.getByTestId('join-nickname').fill(`부산${run}`);
    await page.getByTestId('join-check-nickname').click();
    expect(await acknowledge(page)).toBe('사용 가능한 닉네임입니다.');
    await page.getByTestId('join-password').fill('1234');
    await page.getByTestId('join-phone').fill(phone);
    await page.getByTestId('join-send-sms').click();
    expect(await acknowledge(page)).toBe('인증번호가 발송되었습니다.');
    const sms = await apiCall('/api/test/lastSms', { phone_number: phone });
    await page.getByTestId('join-sms').fill(String(sms.data.code).slice(0, 5));
    expect(await page.getByTestId('join-sms-error').textContent()).toBe('인증번호는 숫자 6자리입니다.');
    await page.getByTestId('join-sms').fill(String(sms.data.code));
    await page.getByTestId('join-check-sms').click();
    expect(await acknowledge(page)).toBe('휴대폰 인증이 완료되었습니다.');
    await page.getByTestId('join-holder').fill('김부산');
    await page.getByTestId('join-bank').selectOption('BNK부산');
    await page.getByTestId('join-bank-account').fill('12345678901');
    await page.getByTestId('join-bank-password').fill('1234');
    await page.getByTestId('join-birth-date').fill('1990-01-01');
    await page.getByTestId('join-code').fill('shop1');
    expect(await page.getByTestId('join-submit').isEnabled()).toBe(true);
    await page.getByTestId('join-submit').click();
    await acknowledge(page);
    await page.getByTestId('login-modal').waitFor();
  } finally {
    await context.close();
  }

  // Every other bank of the served list joins through the same call the form makes.
  for (const [i, bank] of served.entries()) {
    if (bank === 'BNK부산') continue;
    const r = await apiJoin(`bk${run}${String(i).padStart(2, '0')}`, bank);
    expect(r.result, `${bank}: ${JSON.stringify(r)}`).toBe(true);
  }
});

test('a member changes their password in the profile modal ("Change failed" on a wrong one, then "password changed")', async () => {
  const { account } = await approvedMember('pw');
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, account);
    await page.getByTestId('header-profile').click();
    await page.getByTestId('profile-modal').waitFor();
    await page.getByTestId('profile-password-open').click();
    await page.getByTestId('password-current').fill('9999');
    await page.getByTestId('password-new').fill('5678');
    await page.getByTestId('password-confirm').fill('5679');
    expect(await page.getByTestId('password-confirm-error').textContent()).toBe('새 비밀번호가 일치하지 않습니다.');
    expect(await page.getByTestId('password-submit').isEnabled()).toBe(false);
    await page.getByTestId('password-confirm').fill('5678');
    await saveScreenshot(page, 'member-password-change');
    await page.getByTestId('password-submit').click();
    expect(await acknowledgeTitled(page)).toEqual({ title: '변경 실패', message: '변경 실패: 현재 비밀번호가 올바르지 않습니다.' });
    await page.getByTestId('password-current').fill('1234');
    await page.getByTestId('password-submit').click();
    expect(await acknowledge(page)).toBe('비밀번호가 변경되었습니다.');
    expect((await apiCall('/api/user/login', { account, password: '1234' })).result).toBe(false);
    expect((await apiCall('/api/user/login', { account, password: '5678' })).result).toBe(true);
  } finally {
    await context.close();
  }
});

test('clearing all conversion history asks first, then empties the list', async () => {
  const { account, id } = await approvedMember('cv');
  const admin = await adminToken();
  const grant = await apiCall(
    '/api/admin/ledger/adjust',
    { user_id: id, asset: 'money', amount: 50000, memo: 'e2e conversion history', request_id: `e2e-cv-${run}` },
    admin,
  );
  expect(grant.result).toBe(true);
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, account);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    for (let i = 0; i < 2; i++)
      expect(
        (await apiCall('/api/user/bank/convertCasino', { direction: 'to_casino', amount: 10000, request_id: `e2e-cv-${run}-${i}` }, token ?? undefined)).result,
      ).toBe(true);
    await page.goto('/board/casino-balance');
    await expect.poll(() => page.getByTestId('conversion-row').count()).toBe(2);
    await page.getByTestId('conversion-clear').click();
    const message = page.getByTestId('dialog-message');
    await message.waitFor();
    expect(await message.textContent()).toBe('전환 내역을 모두 삭제하시겠습니까? 삭제한 내역은 다시 볼 수 없습니다.');
    await page.getByTestId('dialog-ok').click();
    // The alert that follows may reuse the dialog element: wait for its text.
    await expect.poll(async () => ((await message.count()) ? await message.textContent() : null), { timeout: 15_000 }).toBe('전환 내역이 삭제되었습니다.');
    await page.getByTestId('dialog-ok').click();
    await expect.poll(() => page.getByTestId('conversion-row').count()).toBe(0);
    await saveScreenshot(page, 'member-conversions-cleared');
  } finally {
    await context.close();
  }
});

test('a permanent deposit account is asked once per session; the admin completes the approved charge', async () => {
  // user3 (level 3) becomes a permanent-account member with one approved charge.
  const player = (await apiCall('/api/user/login', { account: 'user3', password: '1234' })).data.token as string;
  const created = await apiCall('/api/user/bank/charge', { charge_money: 10000, request_id: `e2e-perm-${run}` }, player);
  expect(created.result).toBe(true);
  const id = created.data.request.id as number;
  const admin = await adminToken();
  expect((await apiCall('/api/admin/bank/process', { type: 'charge', id, action: 'approve' }, admin)).result).toBe(true);

  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await login(page, 'user3');
    await page.goto('/board/money-deposit');
    await page.getByTestId('charge-account-password').fill('1234');
    await page.getByTestId('charge-account-reveal').click();
    await page.getByTestId('charge-account-number').waitFor();
    expect(await page.getByTestId('charge-account-kind').textContent()).toBe('고정 계좌');
    // Leave and come back: the same session shows the account without asking again.
    await page.goto('/board/money-withdraw');
    await page.getByTestId('withdraw-page').waitFor();
    await page.goto('/board/money-deposit');
    await page.getByTestId('charge-account-number').waitFor();
    expect(await page.getByTestId('charge-account-password').count()).toBe(0);
    await saveScreenshot(page, 'member-deposit-account-remembered');
  } finally {
    await context.close();
  }

  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl(), locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  await adminContext.addInitScript((t) => localStorage.setItem('admin_token', t), admin);
  const page2 = await adminContext.newPage();
  page2.setDefaultTimeout(15_000);
  try {
    await page2.goto('/admin');
    await page2.getByTestId('admin-nav-charge').click();
    await page2.getByTestId('admin-bank-tab-approved').click();
    const row = page2.locator(`[data-testid="admin-bank-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('admin-bank-complete').textContent()).toBe('입금완료');
    await row.getByTestId('admin-bank-complete').click();
    const message = page2.getByTestId('dialog-message');
    await message.waitFor();
    expect(await message.textContent()).toContain('완료 처리하시겠습니까');
    await page2.getByTestId('dialog-ok').click();
    await expect.poll(async () => ((await message.count()) ? await message.textContent() : null), { timeout: 15_000 }).toBe('입금 완료 처리되었습니다.');
    await page2.getByTestId('dialog-ok').click();
    await page2.getByTestId('admin-bank-tab-completed').click();
    const done = page2.locator(`[data-testid="admin-bank-row"][data-id="${id}"]`);
    await done.waitFor();
    expect(await done.getByTestId('admin-bank-status').textContent()).toBe('완료');
    expect(await done.getByTestId('admin-bank-cancel').count()).toBe(0);
    await saveScreenshot(page2, 'admin-charge-completed');
  } finally {
    await adminContext.close();
  }
});
