/**
 * Looks at every audience at phone and desktop width and saves the pictures to test-results/.
 * Run against a running platform: `npx tsx e2e/support/screenshots.ts` (E2E_BASE_URL to change).
 */
import { DEMO, DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from './browser.ts';
import { submitAdminLogin } from './otp.ts';

const browser = await launchBrowser();
try {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    await page.waitForTimeout(600);
    await saveScreenshot(page, `look-member-home-guest-${label}`);

    await page.getByTestId('header-login').click();
    await saveScreenshot(page, `look-member-login-modal-${label}`);
    await submitMemberLogin(page);
    await page.getByTestId('header-nickname').waitFor();
    await page.waitForTimeout(400);
    await saveScreenshot(page, `look-member-home-user-${label}`);

    await page.goto('/board/notice');
    await page.getByTestId('notice-page').waitFor();
    await saveScreenshot(page, `look-member-notice-${label}`);

    await page.goto('/game/sports/cross');
    await page.getByTestId('sports-page').waitFor();
    await saveScreenshot(page, `look-member-game-${label}`);

    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    await saveScreenshot(page, `look-member-404-${label}`);

    await page.getByTestId('header-logout').click();
    await saveScreenshot(page, `look-member-logout-confirm-${label}`);
    await page.getByTestId('dialog-ok').click();
    await page.getByTestId('header-login').waitFor();

    await page.goto('/login');
    await saveScreenshot(page, `look-member-login-page-${label}`);
    await context.close();

    const partner = await newPage(browser, viewport);
    await partner.page.goto('/pa-login');
    await partner.page.getByTestId('pa-login-account').waitFor();
    await saveScreenshot(partner.page, `look-partner-login-${label}`);
    await partner.page.getByTestId('pa-login-account').fill(DEMO.agent.account);
    await partner.page.getByTestId('pa-login-password').fill(DEMO.agent.password);
    await partner.page.getByTestId('pa-login-submit').click();
    await partner.page.getByTestId('pa-nickname').waitFor();
    await partner.page.waitForTimeout(500);
    await saveScreenshot(partner.page, `look-partner-home-${label}`);
    await partner.context.close();

    const admin = await newPage(browser, viewport);
    await admin.page.goto('/admin/login');
    await saveScreenshot(admin.page, `look-admin-login-${label}`);
    await submitAdminLogin(admin.page, DEMO.admin.account, DEMO.admin.password);
    await admin.page.getByTestId('admin-dashboard').waitFor();
    await saveScreenshot(admin.page, `look-admin-dashboard-${label}`);
    await admin.page.goto('/admin/sessions');
    await admin.page.getByTestId('admin-sessions').waitFor();
    await admin.page.waitForTimeout(400);
    await saveScreenshot(admin.page, `look-admin-sessions-${label}`);
    await admin.page.goto('/admin/ip');
    await admin.page.getByTestId('admin-ip').waitFor();
    await admin.page.waitForTimeout(400);
    await saveScreenshot(admin.page, `look-admin-ip-${label}`);
    await admin.context.close();
  }
  console.log('screenshots saved');
} finally {
  await browser.close();
}
