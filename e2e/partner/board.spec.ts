import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DEMO, adminPage, launchBrowser, newPage, saveScreenshot, type Screen } from '../support/browser.ts';
import { acknowledge, tinyPng } from '../support/ui.ts';

// The partner board and shell (issue 18, decision 033), at the partner's 1024 px: an admin's note
// takes the agent to /pa-message (after the 1.5 s notice), opening it drops the count; the agent's
// inquiry, answered in the admin inquiry screen, takes it to /pa-customer where it reads the
// answer; dark mode survives a reload. mainhq1 is used so no other spec's notes reach it.
const PARTNER: Screen = { width: 1024, height: 768, mobile: false };
const AGENT = 'mainhq1';
const run = Date.now().toString(36);
let browser: Browser;
let admin: string;
let agentToken: string;
let agentId: number;

async function agentInfo() {
  const info = await apiCall('/api/agent/getAgentInfo', {}, agentToken);
  if (!info.result) throw new Error(JSON.stringify(info));
  return info.data as { new_message_total: number; unread_reply_total: number };
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminToken();
  const login = await apiCall('/api/agent/login', { account: AGENT, password: DEMO.agent.password });
  if (!login.result) throw new Error(`agent login failed: ${JSON.stringify(login)}`);
  agentToken = login.data.token;
  agentId = login.data.agent.id;
  expect(await agentInfo()).toMatchObject({ new_message_total: 0, unread_reply_total: 0 });
});
afterAll(async () => {
  await browser?.close();
});

async function loginAgent(page: Page) {
  await page.goto('/pa-login');
  await page.getByTestId('pa-login-account').fill(AGENT);
  await page.getByTestId('pa-login-password').fill(DEMO.agent.password);
  await page.getByTestId('pa-login-submit').click();
  await page.getByTestId('pa-nickname').waitFor();
}

const summary = async (page: Page, which: 'messages' | 'replies') => (await page.getByTestId(`pa-summary-${which}`).textContent())?.trim();

test('an admin note takes the agent to /pa-message; opening it drops the count; only a read note is deleted', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    expect(await summary(page, 'messages')).toBe('0');
    const sent = await apiCall(
      '/api/admin/message/send',
      { target: 'user', user_id: agentId, subject: `정산 안내 ${run}`, content: '<p>이번 주 <b>정산</b>은 금요일입니다.</p>' },
      admin,
    );
    expect(sent.result, JSON.stringify(sent)).toBe(true);

    // The 5 s poll sees it, then after 1.5 s the notice, then the message box.
    expect(await acknowledge(page)).toBe('읽지 않은 새 쪽지가 있습니다. 쪽지함으로 이동합니다.');
    await page.waitForURL('**/pa-message');
    const row = page.getByTestId('pa-message-row').filter({ hasText: `정산 안내 ${run}` });
    await row.waitFor();
    expect(await row.getAttribute('data-read')).toBe('false');
    expect(await summary(page, 'messages')).toBe('1');
    expect(await row.getByTestId('pa-message-delete').isDisabled()).toBe(true);
    await saveScreenshot(page, 'partner-message-box-1024');

    await row.getByTestId('pa-message-open').click();
    const view = page.getByTestId('pa-message-view');
    await view.waitFor();
    expect(await view.getByTestId('pa-message-view-content').innerHTML()).toContain('<b>정산</b>');
    await page.waitForFunction(() => document.querySelector('[data-testid="pa-summary-messages"]')?.textContent?.trim() === '0');
    await saveScreenshot(page, 'partner-message-view-1024');
    expect(await agentInfo()).toMatchObject({ new_message_total: 0 });
    await view.getByRole('button', { name: '닫기' }).last().click();
    await page.waitForFunction(() => document.querySelector('[data-testid="pa-message-row"]')?.getAttribute('data-read') === 'true');

    await row.getByTestId('pa-message-delete').click();
    expect(await acknowledge(page)).toBe('이 쪽지를 삭제하시겠습니까?');
    await row.waitFor({ state: 'detached' });
    expect((await apiCall('/api/agent/message/get', {}, agentToken)).data.total).toBe(0);
  } finally {
    await context.close();
  }
});

test('the agent writes an inquiry with an image; the admin answers it in the inquiry screen; the agent is taken to /pa-customer and reads it', async () => {
  const { context, page } = await newPage(browser, PARTNER);
  const subject = `정산 문의 ${run}`;
  try {
    await loginAgent(page);
    await page.goto('/pa-customer');
    await page.getByTestId('pa-inquiry-new').click();
    const modal = page.getByTestId('pa-inquiry-create-modal');
    await modal.waitFor();
    await modal.getByTestId('pa-inquiry-subject').fill(subject);
    await modal.getByTestId('pa-inquiry-editor').click();
    await page.keyboard.type('지난주 롤링 금액을 확인 부탁드립니다.');
    await modal.getByTestId('pa-inquiry-editor-file').setInputFiles({ name: 'capture.png', mimeType: 'image/png', buffer: tinyPng() });
    await modal.getByTestId('pa-inquiry-editor').locator('img').waitFor();
    await saveScreenshot(page, 'partner-inquiry-create-1024');
    await modal.getByTestId('pa-inquiry-submit').click();
    expect(await acknowledge(page)).toBe('새 문의가 작성되었습니다.');
    const row = page.getByTestId('pa-inquiry-row').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('waiting');
    const id = Number(await row.getAttribute('data-id'));
    await page.goto('/pa');

    // The admin's inquiry screen lists the agent's inquiry (with its tier) and answers it.
    const adm = await adminPage(browser, admin);
    try {
      await adm.page.goto('/admin/inquiries');
      const adminRow = adm.page.locator(`[data-testid="admin-inquiry-row"][data-id="${id}"]`);
      await adminRow.waitFor();
      expect(await adminRow.textContent()).toContain('본사');
      await adminRow.getByTestId('admin-inquiry-open').click();
      const dialog = adm.page.getByTestId('admin-inquiry-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('admin-inquiry-content').innerHTML()).toContain('<img');
      await dialog.getByTestId('admin-inquiry-answer').fill('확인 결과 정상 지급되었습니다.');
      await dialog.getByTestId('admin-inquiry-submit').click();
      expect(await acknowledge(adm.page)).toBe('답변이 등록되었습니다.');
    } finally {
      await adm.context.close();
    }

    expect(await acknowledge(page)).toBe('확인하지 않은 새 답변이 있습니다. 고객센터로 이동합니다.');
    await page.waitForURL('**/pa-customer');
    const answered = page.locator(`[data-testid="pa-inquiry-row"][data-id="${id}"]`);
    await answered.waitFor();
    expect(await answered.getAttribute('data-status')).toBe('answered');
    expect(await summary(page, 'replies')).toBe('1');
    await saveScreenshot(page, 'partner-customer-list-1024');
    await answered.getByTestId('pa-inquiry-open').click();
    const view = page.getByTestId('pa-inquiry-view');
    await view.waitFor();
    expect(await view.getByTestId('pa-inquiry-answer').textContent()).toContain('확인 결과 정상 지급되었습니다.');
    await page.waitForFunction(() => document.querySelector('[data-testid="pa-summary-replies"]')?.textContent?.trim() === '0');
    await saveScreenshot(page, 'partner-inquiry-answer-1024');
    expect(await agentInfo()).toMatchObject({ unread_reply_total: 0 });
  } finally {
    await context.close();
  }
});

test('dark mode is saved and survives a reload; the notices list opens a notice', async () => {
  const notice = await apiCall('/api/admin/board/create', { kind: 'notice', subject: `파트너 공지 ${run}`, content: '<p>점검 일정 안내</p>' }, admin);
  expect(notice.result, JSON.stringify(notice)).toBe(true);
  const { context, page } = await newPage(browser, PARTNER);
  try {
    await loginAgent(page);
    await page.goto('/pa-notice');
    const row = page.getByTestId('pa-notice-row').filter({ hasText: `파트너 공지 ${run}` });
    await row.getByTestId('pa-notice-open').click();
    expect(await page.getByTestId('pa-notice-view-content').textContent()).toBe('점검 일정 안내');
    await page.keyboard.press('Escape');

    expect(await page.evaluate(() => document.body.classList.contains('pa-dark'))).toBe(false);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('pa-darkmode').click()]);
    await page.getByTestId('pa-notice').waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('pa-dark'))).toBe(true);
    await page.reload();
    await page.getByTestId('pa-notice').waitFor();
    expect(await page.evaluate(() => [document.body.classList.contains('pa-dark'), localStorage.getItem('agent_darkmode')])).toEqual([true, 'true']);
    expect(await page.getByTestId('pa-darkmode').getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'partner-notice-dark-1024');
  } finally {
    await context.close();
  }
});
