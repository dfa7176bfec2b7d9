import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, launchBrowser, newPage, saveScreenshot } from '../support/browser.ts';
import { nextOtp } from '../support/otp.ts';
import { acknowledge, acknowledgeStep, acknowledgeTitled } from '../support/ui.ts';

// Two-factor login (issue 21, decision 050). The demo admin support1 (used by no other spec) is
// reset by the super admin, enrols in the browser (the secret read from the page, the code
// computed here as an app would), then signs in with the password and a code.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an admin without a second factor enrols from the login page; then signs in with password and code', async () => {
  const token = await adminToken();
  const admins = await apiCall('/api/admin/roles/admins/list', {}, token);
  const support = admins.data.rows.find((a: { account: string }) => a.account === 'support1');
  if (support.two_factor) expect((await apiCall('/api/admin/roles/twoFactorReset', { admin_id: support.id }, token)).result).toBe(true);

  let secret = '';
  const { context, page } = await newPage(browser);
  try {
    await page.goto('/admin/login');
    await page.getByTestId('admin-login-account').fill('support1');
    await page.getByTestId('admin-login-password').fill('admin1234');
    await page.getByTestId('admin-login-submit').click();

    // Sent to enrolment; the rest of the back office is out of reach until it is done.
    await page.getByTestId('admin-two-factor').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/two-factor');
    await page.goto('/admin/members');
    await page.getByTestId('admin-two-factor').waitFor();
    await page.getByTestId('tf-start').click();
    await page.getByTestId('tf-qr').waitFor();
    expect(await page.getByTestId('tf-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    secret = ((await page.getByTestId('tf-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await saveScreenshot(page, 'admin-two-factor-enrol');

    await page.getByTestId('tf-code').fill(await nextOtp('support1', secret));
    await page.getByTestId('tf-confirm').click();
    await page.getByTestId('tf-recovery').waitFor();
    const codes = await page.locator('[data-testid="tf-recovery"] code').allTextContents();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await saveScreenshot(page, 'admin-two-factor-recovery');
    await page.getByTestId('tf-done').click();
    await page.getByTestId('admin-dashboard').waitFor();
  } finally {
    await context.close();
  }

  // Next login: the OTP step. Empty → the spec's required-field message; a fresh code signs in.
  const second = await newPage(browser);
  try {
    const p = second.page;
    await p.goto('/admin/login');
    await p.getByTestId('admin-login-account').fill('support1');
    await p.getByTestId('admin-login-password').fill('admin1234');
    await p.getByTestId('admin-login-submit').click();
    await p.getByTestId('admin-login-otp').waitFor();
    await saveScreenshot(p, 'admin-login-otp-step');
    await p.getByTestId('admin-login-submit').click();
    expect(await acknowledgeTitled(p)).toEqual({ title: '로그인 실패', message: 'OTP 인증번호를 입력해 주세요.' });
    await p.getByTestId('admin-login-otp').fill(await nextOtp('support1', secret));
    await p.getByTestId('admin-login-submit').click();
    await p.getByTestId('admin-dashboard').waitFor();
    await saveScreenshot(p, 'admin-login-otp-dashboard');
  } finally {
    await second.context.close();
  }
});

test('an agent opens two-factor set-up from the partner header and enrols; an admin resets it from the agent screen, the super admin an admin’s from the accounts list', async () => {
  const token = await adminToken();
  const agentId = (await apiCall('/api/admin/member/list', { role: 'agent', search: 'subhq1' }, token)).data?.rows?.find(
    (r: { account: string }) => r.account === 'subhq1',
  )?.id as number | undefined;
  expect(agentId).toBeGreaterThan(0);
  // Left enrolled by an interrupted run: start from a password-only agent.
  await apiCall('/api/admin/agent/twoFactorReset', { user_id: agentId }, token);

  const agent = await newPage(browser);
  try {
    const p = agent.page;
    await p.goto('/pa-login');
    await p.getByTestId('pa-login-account').fill('subhq1');
    await p.getByTestId('pa-login-password').fill('1234');
    await p.getByTestId('pa-login-submit').click();
    await p.getByTestId('pa-home').waitFor();
    await p.getByTestId('pa-two-factor-link').click();
    await p.getByTestId('pa-two-factor').waitFor();
    expect(new URL(p.url()).pathname).toBe('/pa-two-factor');
    await p.getByTestId('tf-start').click();
    const secret = ((await p.getByTestId('tf-secret').textContent()) ?? '').trim();
    await p.getByTestId('tf-code').fill(await nextOtp('subhq1', secret));
    await p.getByTestId('tf-confirm').click();
    await p.getByTestId('tf-recovery').waitFor();
    await saveScreenshot(p, 'partner-two-factor-from-header');
  } finally {
    await agent.context.close();
  }
  expect((await apiCall('/api/agent/login', { account: 'subhq1', password: '1234' })).error?.code).toBe('otp_required');

  const admin = await adminPage(browser, token);
  try {
    const p = admin.page;
    await p.goto(`/admin/agents/${agentId}`);
    await p.getByTestId('agent-2fa-reset').click();
    expect(await acknowledgeStep(p)).toBe('subhq1의 2단계 인증을 초기화하시겠습니까? 접속이 종료되며 다시 설정해야 합니다.');
    expect(await acknowledge(p)).toBe('2단계 인증이 초기화되었습니다.');
    expect((await apiCall('/api/agent/login', { account: 'subhq1', password: '1234' })).result).toBe(true);

    // The super admin's reset of support1 (enrolled by the test above) on the accounts list.
    await p.goto('/admin/roles');
    const row = p.locator('[data-testid="admin-account-row"][data-account="support1"]');
    await row.getByTestId('admin-account-2fa-reset').click();
    expect(await acknowledgeStep(p)).toBe('support1의 2단계 인증을 초기화하시겠습니까? 접속이 종료되며 다시 설정해야 합니다.');
    expect(await acknowledge(p)).toBe('2단계 인증이 초기화되었습니다.');
    const admins = await apiCall('/api/admin/roles/admins/list', {}, token);
    expect(admins.data.rows.find((a: { account: string }) => a.account === 'support1').two_factor).toBe(false);
    const audit = await apiCall('/api/admin/audit/list', {}, token);
    expect(JSON.stringify(audit.data)).toContain(`agent:${agentId}`);
  } finally {
    await admin.context.close();
  }
}, 120_000);
