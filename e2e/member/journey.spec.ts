import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { acknowledge, amountIn, latestKst, setServerClock, tinyPng } from '../support/ui.ts';

/**
 * Issue 3's whole walk for one new player, in one browser: join with an SMS code → admin
 * approval → login → charge → approval → money in the header → point conversion → exchange
 * refused (wrong password, then 23:30–00:30) → accepted → a note read → an inquiry answered →
 * a free-board post with an image.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const won = (n: bigint) => `${n.toLocaleString('en-US')}원`;

test('a new player from sign-up to charge, exchange, messages, inquiries and the free board', async () => {
  const suffix = String(Date.now()).slice(-6);
  const account = `walk${suffix}`;
  const phone = `010-7${suffix.slice(0, 3)}-${suffix.slice(3)}5`;
  // 23:20 KST: the exchange blackout is 25 minutes away; sessions stay alive across the moves.
  const start = latestKst(23, 20);
  await setServerClock(start);
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    // ---- join with the SMS code
    await page.goto('/');
    await page.getByTestId('header-join').click();
    await page.getByTestId('join-account').fill(account);
    await page.getByTestId('join-check-account').click();
    await acknowledge(page);
    await page.getByTestId('join-nickname').fill(`산책${suffix}`);
    await page.getByTestId('join-check-nickname').click();
    await acknowledge(page);
    await page.getByTestId('join-password').fill('5678');
    await page.getByTestId('join-phone').fill(phone.replace(/-/g, ''));
    await page.getByTestId('join-send-sms').click();
    await acknowledge(page);
    const sms = await apiCall('/api/test/lastSms', { phone_number: phone });
    await page.getByTestId('join-sms').fill(String(sms.data.code));
    await page.getByTestId('join-check-sms').click();
    await acknowledge(page);
    await page.getByTestId('join-holder').fill('김산책');
    await page.getByTestId('join-bank').selectOption('신한');
    await page.getByTestId('join-bank-account').fill('11022233344');
    await page.getByTestId('join-bank-password').fill('2468');
    await page.getByTestId('join-birth-date').fill('1995-03-15');
    await page.getByTestId('join-code').fill('shop1');
    await page.getByTestId('join-submit').click();
    await acknowledge(page);

    // ---- the registration waits for the admin
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill('5678');
    await page.getByTestId('login-submit').click();
    expect(await acknowledge(page)).toContain('승인 대기');
    const admin = await adminToken();
    const pending = await apiCall('/api/admin/member/list', { status: 'pending', search: account }, admin);
    expect(pending.data.rows).toHaveLength(1);
    const memberId = pending.data.rows[0].id as number;
    expect((await apiCall('/api/admin/member/setStatus', { user_id: memberId, status: 'normal_a' }, admin)).result).toBe(true);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-nickname').waitFor();
    expect(await amountIn(page, 'header-money')).toBe(0n);

    // ---- charge, approved by the admin: the header shows the money
    await page.goto('/board/money-deposit');
    await page.getByTestId('deposit-amount-add-100000').click();
    await page.getByTestId('deposit-submit').click();
    expect(await acknowledge(page)).toBe('충전 신청이 완료되었습니다.');
    const charges = await apiCall('/api/admin/bank/list', { type: 'charge', status: 'waiting' }, admin);
    const charge = charges.data.rows.find((r: { account: string }) => r.account === account);
    expect(charge.amount).toBe('100000');
    expect((await apiCall('/api/admin/bank/process', { type: 'charge', id: charge.id, action: 'approve' }, admin)).result).toBe(true);
    await expect.poll(() => page.getByTestId('header-money').textContent(), { timeout: 12_000 }).toBe(won(100_000n));
    await saveScreenshot(page, 'journey-charged');

    // ---- the first charge of the day earned 5% points; convert 1,000 of them
    await page.goto('/board/point');
    await expect.poll(() => amountIn(page, 'header-point'), { timeout: 12_000 }).toBe(5_000n);
    await page.getByTestId('point-amount').fill('1000');
    await page.getByTestId('point-submit').click();
    expect(await acknowledge(page)).toBe('포인트 전환이 완료되었습니다.');
    await expect.poll(() => page.getByTestId('header-money').textContent()).toBe(won(101_000n));

    // ---- exchange: wrong password, then the blackout, then accepted
    await page.goto('/board/money-withdraw');
    await page.getByTestId('withdraw-amount-add-10000').click();
    await page.getByTestId('withdraw-password').fill('1357');
    await page.getByTestId('withdraw-submit').click();
    expect(await acknowledge(page)).toBe('환전 비밀번호가 일치하지 않습니다.');
    await setServerClock(new Date(start.getTime() + 25 * 60_000)); // 23:45 KST
    await page.getByTestId('withdraw-password').fill('2468');
    await page.getByTestId('withdraw-submit').click();
    expect(await acknowledge(page)).toBe('23:30 ~ 00:30에는 환전이 불가능합니다.');
    expect(await amountIn(page, 'header-money')).toBe(101_000n);
    await setServerClock(new Date(start.getTime() - 20 * 60_000)); // back to 23:00 KST
    await page.getByTestId('withdraw-submit').click();
    expect(await acknowledge(page)).toBe('환전 신청이 완료되었습니다.');
    await expect.poll(() => page.getByTestId('header-money').textContent()).toBe(won(91_000n));

    // ---- a note from the admin: notice, redirect, open, unread count drops
    const sent = await apiCall(
      '/api/admin/message/send',
      { target: 'user', user_id: memberId, subject: '환영합니다', content: '<p>가입을 환영합니다.</p>' },
      admin,
    );
    expect(sent.data.sent).toBe(1);
    expect(await acknowledge(page)).toContain('쪽지');
    await page.waitForURL('**/board/message');
    expect(await page.getByTestId('header-unread').textContent()).toBe('1');
    await page.getByTestId('message-row').first().getByTestId('message-open').click();
    await page.getByTestId('message-detail').waitFor();
    await page.getByTestId('header-unread').waitFor({ state: 'detached' });

    // ---- an inquiry, answered by the admin
    await page.goto('/board/customer');
    await page.getByTestId('inquiry-write').click();
    await page.getByTestId('inquiry-subject').fill('환전 처리 시간 문의');
    await page.getByTestId('inquiry-editor').click();
    await page.keyboard.type('환전은 언제 처리되나요?');
    await page.getByTestId('inquiry-submit').click();
    expect(await acknowledge(page)).toBe('새 문의가 작성되었습니다.');
    const inquiries = await apiCall('/api/admin/inquiry/list', { status: 'waiting' }, admin);
    const mine = inquiries.data.inquiries.find((i: { account: string }) => i.account === account);
    expect((await apiCall('/api/admin/inquiry/answer', { inquiry_id: mine.id, answer: '<p>10분 안에 처리됩니다.</p>' }, admin)).result).toBe(true);
    const answered = page.locator('[data-testid="inquiry-row"][data-status="answered"]').first();
    await answered.waitFor({ timeout: 15_000 });
    await answered.getByTestId('inquiry-open').click();
    expect(await page.getByTestId('inquiry-answer').textContent()).toBe('10분 안에 처리됩니다.');

    // ---- a free-board post with an uploaded image
    await page.goto('/board/freeboard');
    await page.getByTestId('post-write').click();
    await page.getByTestId('post-subject').fill(`첫 글 ${suffix}`);
    await page.getByTestId('post-editor').click();
    await page.keyboard.type('반갑습니다!');
    await page.getByTestId('post-editor-file').setInputFiles({ name: 'hello.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.getByTestId('post-editor').locator('img').waitFor();
    await page.getByTestId('post-submit').click();
    await page.getByTestId('post-view').waitFor();
    const image = page.getByTestId('post-content').locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await saveScreenshot(page, 'journey-post');

    // Every money movement of the walk balances.
    expect((await apiCall('/api/admin/ledger/verify', {}, admin)).data).toEqual({ ok: true, problems: [] });
  } finally {
    await context.close();
    await setServerClock(null);
  }
});
