import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, launchBrowser, newPage, PHONE, saveScreenshot } from '../support/browser.ts';
import { acknowledge } from '../support/ui.ts';

/**
 * Admin site screens (issue 19, decision 040): an admin issues a recommendation code for shop1, a
 * guest joins with it through the join modal and lands under shop1, the code shows as joined;
 * the attendance screen (bonus rule saved in the browser) lists the new member's check-in, the
 * domain screens list a domain and the session's domain, the ranking and blacklist screens open.
 * Global state (bonus table, domains) is put back in `finally`.
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

test('an admin issues a code, a guest joins with it, and the attendance, domain, ranking and blacklist screens show it', async () => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 6);
  const account = `rc${tag}`;
  const bonusesBefore = (await apiCall('/api/admin/site/attendance/bonuses', {}, token)).data.bonuses;
  const domain = `e2e-${tag}.example/`;
  const admin = await adminPage(browser, token);
  const guest = await newPage(browser, PHONE);
  try {
    const page = admin.page;
    // 1. Issue one code for shop1 with a 1-day validity.
    await page.goto('/admin');
    await page.getByTestId('admin-nav-codes').click();
    await page.getByTestId('admin-site-codes').waitFor();
    await page.getByTestId('site-code-agent').fill('shop1');
    await page.getByTestId('site-code-validity').selectOption('1440');
    await page.getByTestId('site-code-memo').fill(`e2e ${tag}`);
    await page.getByTestId('site-code-issue').click();
    const issued = await acknowledge(page);
    expect(issued).toMatch(/^추천 코드가 발급되었습니다: R[A-Z2-9]{9}$/);
    const code = issued.split(': ')[1];
    const row = page.locator(`[data-testid="site-code-row"][data-code="${code}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('available');
    expect(await row.textContent()).toContain('사용 가능');

    // 2. A guest joins with the code through the join modal.
    const g = guest.page;
    const phone = `0108${String(Date.now()).slice(-7)}`;
    await g.goto('/');
    await g.getByTestId('header-join').click();
    await g.getByTestId('join-modal').waitFor();
    await g.getByTestId('join-account').fill(account);
    await g.getByTestId('join-check-account').click();
    await acknowledge(g);
    await g.getByTestId('join-nickname').fill(`추천${tag}`);
    await g.getByTestId('join-check-nickname').click();
    await acknowledge(g);
    await g.getByTestId('join-password').fill('1234');
    await g.getByTestId('join-phone').fill(phone);
    await g.getByTestId('join-send-sms').click();
    await acknowledge(g);
    const sms = await apiCall('/api/test/lastSms', { phone_number: phone });
    await g.getByTestId('join-sms').fill(String(sms.data.code));
    await g.getByTestId('join-check-sms').click();
    await acknowledge(g);
    await g.getByTestId('join-holder').fill('추천가입');
    await g.getByTestId('join-bank').selectOption('국민');
    await g.getByTestId('join-bank-account').fill(`9${String(Date.now()).slice(-10)}`);
    await g.getByTestId('join-bank-password').fill('1234');
    await g.getByTestId('join-birth-date').fill('1990-01-01');
    await g.getByTestId('join-code').fill(code);
    await g.getByTestId('join-submit').click();
    await acknowledge(g);
    await g.getByTestId('login-modal').waitFor();

    // The code now shows the joined member; the member sits under shop1.
    await page.getByTestId('site-codes-tab-used').click();
    // The used tab may show the previous tab's rows while it loads: wait for this code as used.
    const used = page.locator(`[data-testid="site-code-row"][data-code="${code}"][data-status="used"]`);
    await used.waitFor();
    expect(await used.textContent()).toContain(account);
    expect(await used.textContent()).toContain('가입 완료');
    await saveScreenshot(page, 'admin-site-codes-1440');
    const listed = await apiCall('/api/admin/member/list', { search: account }, token);
    const member = listed.data.rows.find((r: { account: string }) => r.account === account);
    expect(member.parent_account).toBe('shop1');

    // 3. Attendance: a 1-day rule saved in the browser; the approved member checks in once.
    await page.goto('/admin/attendance');
    await page.getByTestId('admin-site-attendance').waitFor();
    await page.getByTestId('site-bonus-form').waitFor();
    const rules = page.getByTestId('site-bonus-row');
    if ((await rules.count()) === 0) await page.getByTestId('site-bonus-add').click();
    await rules.first().getByTestId('site-bonus-days').fill('1');
    await rules.first().getByTestId('site-bonus-point').fill('150');
    await page.getByTestId('site-bonus-save').click();
    expect(await acknowledge(page)).toBe('설정이 변경되었습니다.');
    const approved = await apiCall('/api/admin/member/setStatus', { user_id: member.id, status: 'normal_a' }, token);
    expect(approved.result).toBe(true);
    const login = await apiCall('/api/user/login', { account, password: '1234', device: 'PC' });
    expect(login.result).toBe(true);
    const first = await apiCall('/api/user/attendance/check', {}, login.data.token);
    const again = await apiCall('/api/user/attendance/check', {}, login.data.token);
    expect(first.data).toMatchObject({ streak: 1, bonus: '150', already: false });
    expect(again.data).toMatchObject({ streak: 1, bonus: '150', already: true });
    await page.getByTestId('site-attendance-search').fill(account);
    await page.getByTestId('site-attendance-search').press('Enter');
    const attended = page.locator(`[data-testid="site-attendance-row"][data-account="${account}"]`);
    await attended.waitFor();
    expect(await page.locator('[data-testid="site-attendance-row"]').count()).toBe(1);
    expect(await attended.textContent()).toContain('1일');
    await saveScreenshot(page, 'admin-site-attendance-1440');

    // 4. Domains: one added (then removed in finally), the member's session in the access history.
    await page.getByTestId('admin-nav-domains').click();
    await page.getByTestId('admin-site-domains').waitFor();
    await page.getByTestId('site-domain-input').fill(domain);
    await page.getByTestId('site-domain-add').click();
    await page.locator(`[data-testid="site-domain-row"][data-domain="${domain}"]`).waitFor();
    await saveScreenshot(page, 'admin-site-domains-1440');
    await page.getByTestId('site-domains-tab-guide').click();
    await page.getByTestId('site-domain-guide').waitFor();
    expect(await page.locator('.ad-hint').last().textContent()).toContain(domain);
    await page.getByTestId('site-domains-tab-history').click();
    await page.getByTestId('site-history-counts').waitFor();
    await page.getByTestId('site-history-row').first().waitFor();
    expect(await page.getByTestId('admin-site-domains').textContent()).toContain(account);
    await saveScreenshot(page, 'admin-site-domain-history-1440');

    // 5. Ranking and the account blacklist open from the menu.
    await page.getByTestId('admin-nav-ranking').click();
    await page.getByTestId('admin-site-ranking').waitFor();
    await page.getByTestId('site-ranking-tab-deposit').click();
    await page.getByTestId('site-ranking-tab-stake').click();
    // This month's seeded bets (the quick range buttons follow the date inputs).
    await page.getByTestId('date-range').locator('button').last().click();
    const ranked = await apiCall('/api/admin/site/ranking', { by: 'stake', from: `${new Date().toISOString().slice(0, 7)}-01` }, token);
    expect(ranked.result).toBe(true);
    if (ranked.data.rows.length > 0) await page.getByTestId('site-ranking-row').first().waitFor();
    else await page.locator('[data-testid="admin-site-ranking"] table').waitFor();
    await saveScreenshot(page, 'admin-site-ranking-1440');
    await page.getByTestId('admin-nav-blacklist').click();
    await page.getByTestId('admin-site-blacklist').waitFor();
    await page.getByTestId('site-blacklist-tab-phone').click();
    await saveScreenshot(page, 'admin-site-blacklist-1440');
  } finally {
    await apiCall('/api/admin/site/attendance/setBonuses', { bonuses: bonusesBefore }, token);
    const domains = (await apiCall('/api/admin/site/domains/list', {}, token)).data?.rows ?? [];
    for (const d of domains.filter((x: { domain: string }) => x.domain === domain)) await apiCall('/api/admin/site/domains/remove', { id: d.id }, token);
    await guest.context.close();
    await admin.context.close();
  }
});
