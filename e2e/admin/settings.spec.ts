import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, newPage, PHONE, saveScreenshot } from '../support/browser.ts';

/**
 * Admin settings screens (issue 19): the admin switches the member site into maintenance from
 * the settings screen, a member sees the maintenance page with the memo, the admin switches it
 * back. Every setting a test touches is put back as found, even when the test fails.
 */
const TOUCHED = ['inspection', 'charge_points', 'sound', 'admin_dark_mode'] as const;
let browser: Browser;
let token: string;
let original: Record<string, unknown>;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const answer = await apiCall('/api/admin/settings/get', {}, token);
  if (!answer.result) throw new Error(`settings: ${JSON.stringify(answer)}`);
  original = Object.fromEntries(TOUCHED.map((k) => [k, answer.data.settings[k]]));
});
afterAll(async () => {
  if (original) await apiCall('/api/admin/settings/update', { settings: original }, token);
  await browser?.close();
});

const savedMessage = (page: Page) => page.locator('[data-testid="settings-message"]', { hasText: '저장되었습니다.' });
const MEMO = '정기 점검 중입니다. 03:00 ~ 05:00';

test('maintenance from the settings screen: the member sees the maintenance page with the memo, then the site again', async () => {
  const admin = await adminPage(browser, token, DESKTOP);
  const member = await newPage(browser, PHONE);
  try {
    const { page } = admin;
    await page.goto('/admin');
    await page.getByTestId('admin-nav-settings').click();
    await page.getByTestId('admin-settings-site').waitFor();
    await page.getByTestId('settings-tab-maintenance').click();
    await page.getByTestId('admin-settings-maintenance').waitFor();
    const on = page.getByTestId('set-inspection-is-disabled');
    expect(await on.isChecked()).toBe(false);
    await on.check();
    await page.getByTestId('set-inspection-memo').fill(MEMO);
    await page.getByTestId('settings-save').click();
    expect(await page.getByTestId('settings-message').textContent()).toBe('저장되었습니다.');
    await saveScreenshot(page, 'admin-settings-maintenance-on');

    await member.page.goto('/');
    const maintenance = member.page.getByTestId('maintenance');
    await maintenance.waitFor();
    expect(await maintenance.textContent()).toContain(MEMO);
    await saveScreenshot(member.page, 'member-maintenance-from-settings');

    // The partner site is a separate switch and stays open.
    const stored = (await apiCall('/api/admin/settings/get', {}, token)).data.settings;
    expect(stored.inspection).toEqual({ is_disabled: true, memo: MEMO });
    expect(stored.agent_inspection.is_disabled).toBe(false);

    await on.uncheck();
    await page.getByTestId('settings-save').click();
    await savedMessage(page).waitFor();
    expect((await apiCall('/api/admin/settings/get', {}, token)).data.settings.inspection.is_disabled).toBe(false);
    await member.page.reload();
    await member.page.getByTestId('header-login').first().waitFor();
    expect(await member.page.getByTestId('maintenance').count()).toBe(0);
    await saveScreenshot(member.page, 'member-after-maintenance');
  } finally {
    await apiCall('/api/admin/settings/update', { settings: { inspection: original.inspection } }, token);
    await admin.context.close();
    await member.context.close();
  }
});

test('charge bonus: a percentage finer than the digit option is refused with a translated message; sounds start empty and take an upload', async () => {
  const { context, page } = await adminPage(browser, token, DESKTOP);
  try {
    await page.goto('/admin/settings/charge-bonus');
    await page.getByTestId('admin-settings-charge-bonus').waitFor();
    await page.getByTestId('set-charge-points-digits').selectOption('1');
    await page.getByTestId('set-charge-points-first-percent').fill('1.25');
    await page.getByTestId('settings-save').click();
    const refused = await page.getByTestId('settings-message').textContent();
    expect(refused).not.toBe('저장되었습니다.');
    expect(refused).toMatch(/[가-힣]/);
    await saveScreenshot(page, 'admin-settings-charge-bonus-refused');
    await page.getByTestId('set-charge-points-first-percent').fill('1.5');
    await page.getByTestId('settings-save').click();
    await savedMessage(page).waitFor();
    expect((await apiCall('/api/admin/settings/get', {}, token)).data.settings.charge_points).toMatchObject({ first_percent: 1.5, digits: 1 });

    await apiCall('/api/admin/settings/update', { settings: { sound: { deposit: null, withdrawal: null, inquiry: null } } }, token);
    await page.getByTestId('settings-tab-sound').click();
    await page.getByTestId('sound-form').waitFor();
    expect(await page.getByTestId('sound-deposit-none').textContent()).toBe('선택되거나 업로드된 사운드가 없습니다');
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(256, 7)]);
    await page.getByTestId('sound-deposit-file').setInputFiles({ name: 'bell.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
    await page.getByTestId('sound-deposit-none').waitFor({ state: 'detached' });
    expect((await apiCall('/api/admin/settings/get', {}, token)).data.settings.sound.deposit).toMatch(/^\/uploads\/put\/[a-f0-9]{32}\.mp3$/);
    expect(await page.getByTestId('sound-withdrawal-none').count()).toBe(1);
    await saveScreenshot(page, 'admin-settings-sound');
  } finally {
    await apiCall('/api/admin/settings/update', { settings: { charge_points: original.charge_points, sound: original.sound } }, token);
    await context.close();
  }
});

test('the charge and exchange limits screen reads in English (the machine has no Korean font for the Korean screenshots)', async () => {
  const { context, page } = await adminPage(browser, token, DESKTOP);
  try {
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto('/admin/settings/bank-limits');
    await page.getByTestId('admin-settings-bank-limits').waitFor();
    expect(await page.getByTestId('settings-tab-bank-limits').textContent()).toBe('Charge and exchange limits');
    expect(await page.getByTestId('set-charge-max').getAttribute('placeholder')).toBe('Blank: not applied');
    // A blank required number is named before anything is sent.
    await page.getByTestId('set-charge-min').fill('');
    await page.getByTestId('settings-save').click();
    expect(await page.getByTestId('settings-problem').textContent()).toBe('Please enter Minimum charge.');
    await saveScreenshot(page, 'admin-settings-bank-limits-en');
  } finally {
    await context.close();
  }
});

test('dark mode from its screen darkens the back office', async () => {
  const { context, page } = await adminPage(browser, token, DESKTOP);
  try {
    await page.goto('/admin/settings/dark-mode');
    await page.getByTestId('set-admin-dark-mode').check();
    await page.getByTestId('settings-save').click();
    await page.waitForFunction(() => document.body.classList.contains('ad-dark'));
    await saveScreenshot(page, 'admin-settings-dark-mode');
  } finally {
    await apiCall('/api/admin/settings/update', { settings: { admin_dark_mode: original.admin_dark_mode } }, token);
    await context.close();
  }
});
