import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

/** The seeded demo admins' two-factor secret (apps/server/src/seed.ts DEMO_ADMIN_TOTP_SECRET, README). */
export const DEMO_ADMIN_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const PERIOD = 30;

/**
 * The one-time code an authenticator app would show for `account`, never one the server already
 * accepted (it refuses a step at or before the last one used: replay). Spec files run in their own
 * processes against one server, so the last step handed out per account is kept in a file beside
 * the server's data, under a lock directory; when the previous, current and next steps are all
 * spent, this waits for the next step as a person would.
 */
export async function nextOtp(account: string = 'admin', secret: string = DEMO_ADMIN_TOTP_SECRET): Promise<string> {
  const dir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `e2e-otp-${encodeURIComponent(baseUrl())}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'otp-steps.json');
  const lock = path.join(dir, 'otp-steps.lock');
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    const steps: Record<string, number> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    for (;;) {
      const current = Math.floor(Date.now() / 1000 / PERIOD);
      const step = Math.max(current - 1, (steps[account] ?? -Infinity) + 1);
      if (step <= current + 1) {
        steps[account] = step;
        fs.writeFileSync(file, JSON.stringify(steps));
        return generate({ secret, epoch: step * PERIOD });
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    fs.rmdirSync(lock);
  }
}

/** Signs in on /admin/login (already open): password, then the OTP step with a fresh code. */
export async function submitAdminLogin(page: Page, account = 'admin', password = 'admin1234') {
  await page.getByTestId('admin-login-account').fill(account);
  await page.getByTestId('admin-login-password').fill(password);
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('admin-login-otp').fill(await nextOtp(account));
  await page.getByTestId('admin-login-submit').click();
}
