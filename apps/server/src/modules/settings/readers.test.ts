import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTING_KEYS, type SettingKey } from './schema.ts';

/**
 * Issue 19 acceptance 3: no setting is stored without being read. Each key names the code that
 * reads it (file under the repository root, and the function or constant there); the test
 * fails when a key has no reader, when a listed reader is gone, or when it no longer mentions
 * the key. A new key in schema.ts needs its row here.
 */
const READERS: Record<SettingKey, [file: string, fn: string][]> = {
  inspection: [
    ['apps/server/src/app.ts', 'buildApp'],
    ['apps/server/src/modules/context/service.ts', 'systemContext'],
  ],
  agent_inspection: [
    ['apps/server/src/app.ts', 'buildApp'],
    ['apps/server/src/modules/context/service.ts', 'systemContext'],
  ],
  is_seamless: [['apps/server/src/modules/casino/service.ts', 'effectiveMode']],
  use_user_join: [['apps/server/src/modules/members/service.ts', 'join']],
  use_exchange_password: [['apps/server/src/modules/banking/service.ts', 'chargeAccount']],
  use_casino: [['apps/server/src/modules/casino/service.ts', 'typeAllowed']],
  use_slot: [['apps/server/src/modules/casino/service.ts', 'typeAllowed']],
  use_sports: [['apps/server/src/modules/members/service.ts', 'memberLoginInfo']],
  use_minigame: [['apps/server/src/modules/members/service.ts', 'memberLoginInfo']],
  duplicate_login: [['apps/server/src/modules/auth/service.ts', 'login']],
  join_auto_approve: [['apps/server/src/modules/members/service.ts', 'join']],
  join_level: [['apps/server/src/modules/members/service.ts', 'join']],
  signup_points: [['apps/server/src/modules/members/service.ts', 'join']],
  session_idle_minutes: [['apps/server/src/modules/auth/service.ts', 'login']],
  login_limit: [['apps/server/src/modules/auth/login-guard.ts', 'openLoginGuard']],
  exchange_password_limit: [['apps/server/src/modules/banking/exchange-password.ts', 'requireExchangePassword']],
  join_sms_limit: [['apps/server/src/modules/members/service.ts', 'sendJoinSms']],
  join_check_limit: [['apps/server/src/modules/members/service.ts', 'countJoinCheck']],
  upload_quota: [
    ['apps/server/src/modules/uploads/service.ts', 'storeUpload'],
    ['apps/server/src/modules/uploads/sweep.ts', 'sweepUploads'],
  ],
  partner_signup: [['apps/server/src/modules/accounts/service.ts', 'setLowerState']],
  users_can_change_password: [['apps/server/src/modules/auth/password-change.ts', 'changePassword']],
  two_factor_agents: [['apps/server/src/modules/auth/two-factor.ts', 'twoFactorNeed']],
  agents_can_create_lower: [['apps/server/src/modules/accounts/service.ts', 'createAccount']],
  agent_theme: [['apps/server/src/modules/agents/service.ts', 'agentLoginInfo']],
  rolling_decimals: [['apps/server/src/modules/commissions/drain.ts', 'drainBatch']],
  rolling_credit: [['apps/server/src/modules/betting/service.ts', 'placeBet']],
  support_rate: [['apps/server/src/modules/accounts/service.ts', 'createAccount']],
  currency: [['apps/server/src/modules/context/service.ts', 'systemContext']],
  timezone_offset_minutes: [['apps/server/src/modules/banking/process-request.ts', 'chargeBonus']],
  charge: [['apps/server/src/modules/banking/service.ts', 'requestCharge']],
  exchange: [['apps/server/src/modules/banking/service.ts', 'requestExchange']],
  charge_points: [['apps/server/src/modules/banking/process-request.ts', 'chargeBonus']],
  point_conversion: [['apps/server/src/modules/banking/service.ts', 'limits']],
  egg_min_level: [['apps/server/src/modules/banking/service.ts', 'limits']],
  deposit_account: [['apps/server/src/modules/banking/service.ts', 'chargeAccount']],
  sports_block: [['apps/server/src/modules/sports/slip.ts', 'placeSportsBet']],
  high_bet_amount: [['apps/server/src/modules/sports/sports-admin.ts', 'highBets']],
  cashout: [['apps/server/src/modules/sports/cashout.ts', 'cashoutSettings']],
  // Presentation settings: the server hands them to the admin frame, which applies them.
  admin_skin: [
    ['apps/server/src/modules/settings/service.ts', 'readAdminShell'],
    ['apps/web/src/admin/settings/admin-shell.tsx', 'AdminShellEffects'],
  ],
  admin_dark_mode: [
    ['apps/server/src/modules/settings/service.ts', 'readAdminShell'],
    ['apps/web/src/admin/settings/admin-shell.tsx', 'AdminShellEffects'],
  ],
  receipt_printer: [
    ['apps/server/src/modules/settings/service.ts', 'readAdminShell'],
    ['apps/web/src/admin/settings/admin-shell.tsx', 'useReceiptPrinter'],
  ],
  sound: [
    ['apps/server/src/modules/settings/service.ts', 'readAdminShell'],
    ['apps/web/src/admin/settings/admin-shell.tsx', 'AdminShellEffects'],
  ],
  recommend_code_validity_minutes: [
    ['apps/server/src/modules/members/site.ts', 'issueCodes'],
    ['apps/server/src/modules/members/site.ts', 'listCodes'],
  ],
  domain_guide: [
    ['apps/server/src/modules/site/domains.ts', 'listDomains'],
    ['apps/server/src/modules/site/domains.ts', 'domainGuide'],
  ],
  // Decision 043.
  empty_betting: [['apps/server/src/modules/betting/service.ts', 'placeBet']],
  max_payout_points: [['apps/server/src/modules/banking/process-request.ts', 'maxPayoutPoints']],
  // Decision 058.
  reality_check_minutes: [['apps/server/src/modules/protection/service.ts', 'realityCheck']],
  minimum_age: [['apps/server/src/modules/members/service.ts', 'join']],
  withdrawals_require_verified_identity: [['apps/server/src/modules/banking/service.ts', 'requestExchange']],
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The text of one top-level declaration: from its line to the next top-level declaration. */
export function declarationText(src: string, name: string): string | null {
  const lines = stripComments(src).split('\n');
  const head = new RegExp(`^(export )?(default )?(async )?(function\\*? ${name}\\b|const ${name}\\b)`);
  const start = lines.findIndex((l) => head.test(l));
  if (start < 0) return null;
  const next = lines.findIndex((l, i) => i > start && /^(export |async |function |const |let |class |type )/.test(l));
  return lines.slice(start, next < 0 ? undefined : next).join('\n');
}

/** A property read (`s.key`, `s?.key`) or a name in a destructuring list (`{ key, … } =`). */
export function mentionsKey(body: string, key: string): boolean {
  return new RegExp(`\\??\\.${key}\\b`).test(body) || new RegExp(`\\{[^{}]*\\b${key}\\b[^{}]*\\}\\s*=`).test(body);
}

describe('every stored setting has a reader (issue 19 acceptance 3)', () => {
  it('lists exactly the keys of settings/schema.ts', () => {
    expect(Object.keys(READERS).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it.each(SETTING_KEYS.map((k) => [k]))('%s is read where the table says', (key) => {
    const readers = READERS[key];
    expect(readers.length, `${key} has no reader`).toBeGreaterThan(0);
    for (const [file, fn] of readers) {
      const body = declarationText(readFileSync(path.join(ROOT, file), 'utf8'), fn);
      expect(body, `${file} no longer declares ${fn}`).not.toBeNull();
      expect(mentionsKey(body!, key), `${file} ${fn} no longer reads ${key}`).toBe(true);
    }
  });

  it('the check itself tells a reader from a mention elsewhere', () => {
    const src = ['// s.charge in a comment', 'function a(s) {', '  return s.charge.min;', '}', 'function b(s) {', '  const { sound, x } = s;', '}'].join('\n');
    expect(mentionsKey(declarationText(src, 'a')!, 'charge')).toBe(true);
    expect(mentionsKey(declarationText(src, 'a')!, 'sound')).toBe(false);
    expect(mentionsKey(declarationText(src, 'b')!, 'sound')).toBe(true);
    expect(declarationText(src, 'c')).toBeNull();
  });
});
