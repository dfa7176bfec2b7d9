import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, PHONE, saveScreenshot, type Screen } from '../support/browser.ts';
import { acknowledgeStep } from '../support/ui.ts';
import { joinFreshPlayer } from '../support/players.ts';

/**
 * Admin operations screens: deposit approval, the registration queue, answering an inquiry
 * and the ledger check. States are set up through the API; the admin acts in the browser.
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser already logged in as the admin (the file's one API login, so no login rate limit). */
const openAdmin = (screen: Screen = DESKTOP) => adminPage(browser, token, screen);

/**
 * Reads and closes the dialog. A confirm is followed by its success alert in the same dialog
 * host (the element may stay attached), so this waits until that message is gone instead.
 */

async function playerToken(account: string, password = '1234'): Promise<string> {
  const answer = await apiCall('/api/user/login', { account, password, device: 'PC' });
  if (!answer.result) throw new Error(`player login failed: ${JSON.stringify(answer)}`);
  return answer.data.token as string;
}

async function playerMoney(t: string): Promise<bigint> {
  const answer = await apiCall('/api/user/getContext', { path: '/' }, t);
  return BigInt(answer.data.user.money as string);
}

test('a player charge is approved in the charge screen and the money rises', async () => {
  const player = await playerToken('user3');
  const before = await playerMoney(player);
  const created = await apiCall('/api/user/bank/charge', { charge_money: 30000, request_id: randomUUID() }, player);
  expect(created.result, JSON.stringify(created)).toBe(true);
  const id = created.data.request.id as number;

  const { context, page } = await openAdmin();
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-charge').click();
    await page.getByTestId('admin-bank-charge').waitFor();
    const row = page.locator(`[data-testid="admin-bank-row"][data-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('admin-bank-status').textContent()).toBe('대기');
    // A waiting deposit offers only approve and refuse (spec §4).
    expect(await row.getByTestId('admin-bank-cancel').count()).toBe(0);
    await saveScreenshot(page, 'admin-charge-1440');

    await row.getByTestId('admin-bank-approve').click();
    expect(await acknowledgeStep(page)).toContain('승인하시겠습니까');
    expect(await acknowledgeStep(page)).toBe('승인되었습니다.');
    await row.waitFor({ state: 'detached' });
    expect(await playerMoney(player)).toBe(before + 30000n);

    // It is now under "approved", where only the approval can be cancelled.
    await page.getByTestId('admin-bank-tab-approved').click();
    const approved = page.locator(`[data-testid="admin-bank-row"][data-id="${id}"]`);
    await approved.waitFor();
    expect(await approved.getByTestId('admin-bank-approve').count()).toBe(0);
    expect(await approved.getByTestId('admin-bank-cancel').count()).toBe(1);

    await page.getByTestId('admin-nav-exchange').click();
    await page.getByTestId('admin-bank-exchange').waitFor();
    await saveScreenshot(page, 'admin-exchange-1440');
  } finally {
    await context.close();
  }
});

test('a pending member from the join flow is approved in the registration queue', async () => {
  const suffix = String(Date.now()).slice(-6);
  const account = `pend${suffix}`;
  const phone = `0105${suffix}0`.slice(0, 11);
  const sms = await apiCall('/api/user/join/sendSms', { phone_number: phone });
  expect(sms.result, JSON.stringify(sms)).toBe(true);
  const code = await apiCall('/api/test/lastSms', { phone_number: phone });
  const checked = await apiCall('/api/user/join/checkSms', { sms_key: sms.data.sms_key, number: code.data.code });
  expect(checked.result, JSON.stringify(checked)).toBe(true);
  const joined = await apiCall('/api/user/join', {
    account,
    password: '5678',
    nickname: `대기${suffix}`,
    phone_number: phone,
    sms_key: sms.data.sms_key,
    sms_number: code.data.code,
    bank_account_holder: '김대기',
    bank_name: '신한',
    bank_account: '11022233344',
    bank_password: '2468',
    code: 'shop1',
    device: 'PC',
    birth_date: '1994-05-05',
  });
  expect(joined.result, JSON.stringify(joined)).toBe(true);
  expect(joined.data.status).toBe('pending');

  const { context, page } = await openAdmin();
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-pending').click();
    await page.getByTestId('admin-members-pending').waitFor();
    const row = page.locator(`[data-testid="admin-member-row"][data-account="${account}"]`);
    await row.waitFor();
    expect(await row.getByTestId('admin-member-status').textContent()).toBe('승인대기');

    // Nothing selected: the spec §5 'member selection' message.
    await page.getByTestId('admin-bulk-approve').click();
    expect(await acknowledgeStep(page)).toBe('회원을 선택해 주세요.');

    await row.getByTestId('admin-member-select').check();
    await saveScreenshot(page, 'admin-pending-1440');
    await page.getByTestId('admin-bulk-approve').click();
    expect(await acknowledgeStep(page)).toContain('승인하시겠습니까');
    expect(await acknowledgeStep(page)).toBe('승인되었습니다.');
    await row.waitFor({ state: 'detached' });

    const after = await apiCall('/api/admin/member/list', { search: account, skip: 0 }, token);
    expect(after.data.rows[0].status).toBe('normal_a');

    // The member list shows the now normal member.
    await page.getByTestId('admin-nav-members').click();
    await page.getByTestId('admin-members').waitFor();
    await page.getByTestId('admin-member-search').fill(account);
    await page.getByTestId('admin-member-search-submit').click();
    const listed = page.locator(`[data-testid="admin-member-row"][data-account="${account}"]`);
    await listed.waitFor();
    expect(await listed.getByTestId('admin-member-status').textContent()).toBe('정상A');
  } finally {
    await context.close();
  }
});

test('the members screen grants money with a confirmation (1440 and 375)', async () => {
  const { context, page } = await openAdmin();
  try {
    await page.goto('/admin/members');
    await page.getByTestId('admin-member-row').first().waitFor();
    // Other specs join many members; find the demo player by search, as an operator would.
    await page.getByTestId('admin-member-search').fill('user5');
    await page.getByTestId('admin-member-search-submit').click();
    const row = page.locator('[data-testid="admin-member-row"][data-account="user5"]');
    await row.waitFor();
    await saveScreenshot(page, 'admin-members-1440');

    await row.getByTestId('admin-member-adjust').click();
    await page.getByTestId('admin-adjust').waitFor();
    await page.getByTestId('admin-adjust-memo').fill('e2e 지급');
    await page.getByTestId('admin-adjust-submit').click();
    expect(await acknowledgeStep(page)).toBe('금액을 입력해 주세요.');
    await page.getByTestId('admin-adjust-amount').fill('5000');
    expect(await page.getByTestId('admin-adjust-amount').inputValue()).toBe('5,000');
    await saveScreenshot(page, 'admin-adjust-1440');
    await page.getByTestId('admin-adjust-submit').click();
    expect(await acknowledgeStep(page)).toContain('지급하시겠습니까');
    expect(await acknowledgeStep(page)).toContain('정상적으로 지급 되었습니다');
  } finally {
    await context.close();
  }

  const phone = await openAdmin(PHONE);
  try {
    await phone.page.goto('/admin/members');
    await phone.page.getByTestId('admin-member-row').first().waitFor();
    await saveScreenshot(phone.page, 'admin-members-375');
  } finally {
    await phone.context.close();
  }
});

test('an inquiry created through the API is answered in the inquiries screen', async () => {
  const player = await playerToken('user4');
  const created = await apiCall('/api/user/inquiry/create', { subject: '입금 확인 문의', content: '<p>입금했는데 <b>확인</b> 부탁드립니다.</p>' }, player);
  expect(created.result, JSON.stringify(created)).toBe(true);
  const id = created.data.id as number;

  const { context, page } = await openAdmin();
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-inquiries').click();
    const row = page.locator(`[data-testid="admin-inquiry-row"][data-id="${id}"]`);
    await row.waitFor();
    await saveScreenshot(page, 'admin-inquiries-1440');
    await row.getByTestId('admin-inquiry-open').click();
    const dialog = page.getByTestId('admin-inquiry-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('admin-inquiry-content').innerHTML()).toContain('<b>확인</b>');

    await dialog.getByTestId('admin-inquiry-submit').click();
    expect(await acknowledgeStep(page)).toBe('답변 내용을 입력해 주세요.');
    await dialog.getByTestId('admin-inquiry-answer').fill('확인되었습니다.\n감사합니다.');
    await saveScreenshot(page, 'admin-inquiry-answer-1440');
    await dialog.getByTestId('admin-inquiry-submit').click();
    expect(await acknowledgeStep(page)).toBe('답변이 등록되었습니다.');
    await row.waitFor({ state: 'detached' });

    await page.getByTestId('admin-inquiry-tab-answered').click();
    await page.locator(`[data-testid="admin-inquiry-row"][data-id="${id}"]`).waitFor();

    const mine = await apiCall('/api/user/inquiry/get', { skip: 0, requiredContent: true }, player);
    const answered = (mine.data.inquiries as { id: number; status: string; answer?: string }[]).find((q) => q.id === id);
    expect(answered?.status).toBe('answered');
    expect(answered?.answer).toContain('감사합니다.');
  } finally {
    await context.close();
  }
});

test('the audit screen verifies the ledger and the audit chain; the send screen sends a note', async () => {
  // The note goes to a player of its own: an unread note moves every open page of its player to the message box.
  const { account: noteTo } = await joinFreshPlayer('op');
  const { context, page } = await openAdmin();
  try {
    await page.goto('/admin');
    await page.getByTestId('admin-nav-audit').click();
    await page.getByTestId('admin-audit-row').first().waitFor();
    await page.getByTestId('admin-verify-ledger').click();
    const ledger = page.getByTestId('admin-verify-ledger-result');
    await ledger.waitFor();
    expect(await ledger.getAttribute('data-ok')).toBe('true');
    expect(await ledger.textContent()).toContain('이상 없음');
    await page.getByTestId('admin-verify-audit').click();
    await page.getByTestId('admin-verify-audit-result').waitFor();
    await saveScreenshot(page, 'admin-audit-1440');

    await page.getByTestId('admin-nav-send').click();
    await page.getByTestId('admin-send-target').selectOption('user');
    await page.getByTestId('admin-send-search').fill(noteTo);
    await page.getByTestId('admin-send-search-submit').click();
    const recipient = page.getByTestId('admin-send-recipient');
    await recipient.locator('option', { hasText: noteTo }).waitFor({ state: 'attached' });
    // The only match is picked by itself.
    expect(await recipient.locator('option:checked').textContent()).toContain(noteTo);
    await page.getByTestId('admin-send-subject').fill('안내');
    await page.getByTestId('admin-send-content').fill('테스트 쪽지입니다.');
    await page.getByTestId('admin-send-submit').click();
    expect(await acknowledgeStep(page)).toBe('쪽지를 발송하시겠습니까?');
    expect(await acknowledgeStep(page)).toBe('쪽지가 발송되었습니다. (1명)');
    expect(await page.getByTestId('admin-send-result').textContent()).toContain('1명');
    await saveScreenshot(page, 'admin-send-1440');
  } finally {
    await context.close();
  }
});

test('the screens are translated (English)', async () => {
  const { context, page } = await openAdmin();
  try {
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto('/admin/members');
    await page.getByTestId('admin-member-row').first().waitFor();
    expect(await page.getByTestId('admin-nav-pending').textContent()).toBe('Applications');
    await saveScreenshot(page, 'admin-members-en-1440');
    await page.getByTestId('admin-nav-exchange').click();
    await page.getByTestId('admin-bank-exchange').waitFor();
    expect(await page.getByTestId('admin-bank-tab-completed').textContent()).toBe('Paid out');
  } finally {
    await context.close();
  }
});
