import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, launchBrowser, saveScreenshot } from '../support/browser.ts';
import { acknowledge, acknowledgeStep } from '../support/ui.ts';

/**
 * Admin member and agent detail (issue 19, decision 037): the admin creates a distributor and a
 * member under it in the browser, opens the agent's detail (downline count), the member's detail,
 * suspends the member (confirmed) and restores it, restricts an activity, grants money with a
 * memo and finds the grant with its memo in the activity tab and every change in the update
 * history; the withdrawn list restores it. Only new accounts with unique names are touched.
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

async function createAccount(page: Page, kind: string, fields: { parent: string; account: string; nickname: string }) {
  await page.goto('/admin/members/new');
  await page.getByTestId(`admin-create-kind-${kind}`).check();
  await page.getByTestId('admin-create-parent_code').fill(fields.parent);
  await page.getByTestId('admin-create-account').fill(fields.account);
  await page.getByTestId('admin-create-password').fill('1234');
  await page.getByTestId('admin-create-nickname').fill(fields.nickname);
  await page.getByTestId('admin-create-submit').click();
  expect(await acknowledgeStep(page)).toContain(fields.account); // the confirmation names the account
  await acknowledge(page); // created
  await page.waitForURL('**/admin/members');
}

const idOf = async (account: string) => {
  const r = await apiCall('/api/admin/member/list', { search: account }, token);
  const row = (r.data.rows as { id: number; account: string }[]).find((x) => x.account === account);
  if (!row) throw new Error(`${account} not listed`);
  return row.id;
};
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

test('an admin creates an agent and a member, changes the member status and restrictions from its detail and grants money with a memo', async () => {
  const tag = randomUUID().slice(0, 6);
  const dist = `mdd_${tag}`;
  const member = `mdu_${tag}`;
  const { context, page } = await adminPage(browser, token);
  try {
    await createAccount(page, 'distributor', { parent: 'branch1', account: dist, nickname: `총판${tag}` });
    await createAccount(page, 'user', { parent: dist, account: member, nickname: `회원${tag}` });
    const distId = await idOf(dist);
    const memberId = await idOf(member);

    // The member list links to the detail.
    await page.goto('/admin/members');
    await page.locator(`[data-testid="admin-member-row"][data-account="${member}"] a`).waitFor();

    // Agent detail: its one member below, the switches, the tree link.
    await page.goto(`/admin/agents/${distId}`);
    await page.getByTestId('agent-downline').waitFor();
    expect(await text(page, 'agent-downline')).toContain('1');
    await page.getByTestId('agent-switches').waitFor();
    expect(await page.getByTestId('agent-tree-link').getAttribute('href')).toBe('/admin/tree');
    await saveScreenshot(page, 'admin-agent-detail-1440');

    // Member detail: suspend it, confirmed in a dialog that names both statuses.
    await page.goto(`/admin/members/${memberId}`);
    await page.getByTestId('member-head').waitFor();
    expect(await text(page, 'member-status')).toBe('정상A');
    await page.getByTestId('member-status-memo').fill('e2e check');
    await page.getByTestId('member-status-suspended').click();
    const confirmText = await acknowledgeStep(page);
    expect(confirmText).toContain(member);
    expect(confirmText).toContain('정지');
    await acknowledge(page);
    await expect.poll(() => text(page, 'member-status')).toBe('정지');
    // Cancelling a confirmation changes nothing.
    await page.getByTestId('member-status-blocked').click();
    await page.getByTestId('dialog').waitFor();
    await page.getByTestId('dialog-cancel').click();
    expect(await text(page, 'member-status')).toBe('정지');
    await saveScreenshot(page, 'admin-member-detail-suspended-1440');
    await page.getByTestId('member-status-normal_a').click();
    await acknowledgeStep(page);
    await acknowledge(page);
    await expect.poll(() => text(page, 'member-status')).toBe('정상A');

    // Restrictions: bet cancellation and exchange off for this member.
    await page.getByTestId('member-restrict-open').click();
    await page.getByTestId('admin-restrict-exchange').check();
    await page.getByTestId('admin-restrict-bet_cancel').check();
    await page.getByTestId('admin-restrict-save').click();
    await acknowledgeStep(page);
    expect(await acknowledge(page)).toContain('환전');
    await expect.poll(() => text(page, 'member-restrictions')).toContain('환전');
    expect(await text(page, 'member-restrictions')).toContain('베팅 취소');

    // Grant 30,000 with a memo; the head shows it and the activity tab lists it with the memo.
    await page.getByTestId('member-adjust-open').click();
    await page.getByTestId('admin-adjust-amount').fill('30000');
    await page.getByTestId('admin-adjust-memo').fill(`e2e grant ${tag}`);
    await page.getByTestId('admin-adjust-submit').click();
    await acknowledgeStep(page);
    await acknowledge(page);
    await expect.poll(() => text(page, 'member-money')).toContain('30,000');
    await page.getByTestId('member-tab-activity').click();
    await page.getByTestId('member-ledger').getByText(`e2e grant ${tag}`).waitFor();
    await saveScreenshot(page, 'admin-member-detail-activity-1440');

    // Update history in words (the audit screen's wording): who did what, before and after; the code stays in the title.
    await page.getByTestId('member-tab-updates').click();
    const action = (code: string) => page.locator(`[data-testid="member-update-action"][title="${code}"]`).first();
    await action('balance.grant').waitFor();
    expect(await action('balance.grant').textContent()).toBe('잔액 지급');
    expect(await action('member.status').textContent()).toBe('회원 상태 변경');
    expect(await action('member.restrictions').textContent()).toBe('회원 활동 제한 변경');
    await action('account.create').waitFor();
    const updates = (await page.getByTestId('member-updates').textContent()) ?? '';
    expect(updates).toContain('관리자');
    expect(updates).toMatch(/normal_a → suspended|suspended → normal_a/);
    await saveScreenshot(page, 'admin-member-detail-updates-1440');

    // Recommendation code tab: the member joined with none; the agent's detail lists a code issued for it.
    await page.getByTestId('member-tab-codes').click();
    await page.getByTestId('member-panel-codes').getByText('추천코드로 가입하지 않은 회원입니다.').waitFor();
    expect(await page.getByTestId('member-codes-issued').count()).toBe(0); // a member has no issued list
    const issued = await apiCall('/api/admin/site/codes/issue', { agent_account: dist, count: 1, memo: `e2e ${tag}` }, token);
    expect(issued.result).toBe(true);
    const code = issued.data.rows[0].code as string;

    // Attendance tab: the new member has not attended yet.
    await page.getByTestId('member-tab-attendance').click();
    await page.getByTestId('member-panel-attendance').getByText('출석 기록이 없습니다.').waitFor();
    await saveScreenshot(page, 'admin-member-detail-attendance-1440');

    await page.goto(`/admin/members/${distId}`);
    await page.getByTestId('member-head').waitFor();
    await page.getByTestId('member-tab-codes').click();
    const codeRow = page.getByTestId('member-codes-issued').getByText(code);
    await codeRow.waitFor();
    expect(await page.getByTestId('member-codes-issued').textContent()).toContain('사용 가능');
    expect(await text(page, 'member-panel-codes')).toContain('총 1건');
    await saveScreenshot(page, 'admin-agent-detail-codes-1440');
    expect((await apiCall('/api/admin/site/codes/delete', { id: issued.data.rows[0].id }, token)).result).toBe(true);
    await page.goto(`/admin/members/${memberId}`);
    await page.getByTestId('member-head').waitFor();

    // Account tab: level 3 saved through the profile form.
    await page.getByTestId('member-tab-account').click();
    await page.getByTestId('member-profile-level').selectOption('3');
    await page.getByTestId('member-profile-save').click();
    await acknowledgeStep(page);
    expect(await acknowledge(page)).toContain('레벨');
    expect((await apiCall('/api/admin/member/detail', { user_id: memberId }, token)).data.user.level).toBe(3);
    await saveScreenshot(page, 'admin-member-detail-account-1440');

    // Every other tab opens without an error.
    for (const tab of ['subscription', 'notes', 'inquiries', 'casino', 'bets', 'connections', 'environment']) {
      await page.getByTestId(`member-tab-${tab}`).click();
      await page.getByTestId(`member-panel-${tab}`).waitFor();
      await page.waitForLoadState('networkidle');
      expect([tab, await page.locator('.ad-error, .bo-error, [data-testid="query-error"]').count()]).toEqual([tab, 0]);
    }
    await saveScreenshot(page, 'admin-member-detail-environment-1440');

    // Withdrawn list: withdraw from the detail, restore from the list.
    await page.getByTestId('member-tab-subscription').click();
    await page.getByTestId('member-status-withdrawn').click();
    await acknowledgeStep(page);
    await acknowledge(page);
    await page.goto('/admin/members/withdrawn');
    const row = page.locator(`tr[data-account="${member}"]`);
    await row.waitFor();
    await saveScreenshot(page, 'admin-members-withdrawn-1440');
    await row.getByTestId('status-list-restore').click();
    await acknowledgeStep(page);
    await acknowledge(page);
    await row.waitFor({ state: 'detached' });
    expect((await apiCall('/api/admin/member/detail', { user_id: memberId }, token)).data.user.status).toBe('normal_a');
  } finally {
    await context.close();
  }
});
