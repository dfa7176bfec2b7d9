import type { Page } from 'playwright-core';
import { adminToken, apiCall, apiOk } from './api.ts';
import { submitMemberLogin } from './browser.ts';

export const FRESH_PASSWORD = '1234';

// Each call makes a different player: specs run in parallel, so a spec whose result depends on a
// player's own history (limits, statement, session net) joins one nobody else touches.
let made = 0;

/** A new, approved player under shop1, made through the join API as a guest would. */
export async function joinFreshPlayer(prefix: string): Promise<{ account: string; id: number; password: string }> {
  made += 1;
  const suffix = `${String(Date.now()).slice(-5)}${made % 10}`;
  const account = `${prefix}${suffix}`;
  const phone = `010${String(process.pid % 10)}${suffix}${made % 10}`.slice(0, 11);
  const sms = await apiCall('/api/user/join/sendSms', { phone_number: phone });
  const code = await apiCall('/api/test/lastSms', { phone_number: phone });
  await apiCall('/api/user/join/checkSms', { sms_key: sms.data.sms_key, number: code.data.code });
  const joined = await apiCall('/api/user/join', {
    account,
    password: FRESH_PASSWORD,
    nickname: `새${prefix}${suffix}`,
    phone_number: phone,
    sms_key: sms.data.sms_key,
    sms_number: code.data.code,
    bank_account_holder: '김새롬',
    bank_name: '국민',
    bank_account: `1234${suffix}1`,
    bank_password: FRESH_PASSWORD,
    code: 'shop1',
    device: 'PC',
    birth_date: '1990-01-01',
  });
  if (!joined.result) throw new Error(`join: ${JSON.stringify(joined)}`);
  const admin = await adminToken();
  const found = await apiCall('/api/admin/member/list', { search: account }, admin);
  const id = found.data.rows.find((r: { account: string }) => r.account === account)?.id;
  const approved = await apiCall('/api/admin/member/setStatus', { user_id: id, status: 'normal_a' }, admin);
  if (!approved.result) throw new Error(`approve: ${JSON.stringify(approved)}`);
  return { account, id, password: FRESH_PASSWORD };
}

/** Logs a player in through the header's login modal. */
export async function loginThroughModal(page: Page, account: string, password = FRESH_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, password);
  await page.getByTestId('header-nickname').waitFor();
}

/**
 * A chain of its own: a top HQ, a shop under it and a member under the shop, made by the admin
 * and approved, so a spec's bets, names and commissions meet nobody else's. `money`: the
 * member's starting balance (an admin adjustment), none when left out.
 */
export async function ownChain(prefix: string, opts: { password?: string; money?: number } = {}) {
  const password = opts.password ?? FRESH_PASSWORD;
  const tag = `${Date.now().toString(36)}${(made += 1)}`;
  const accounts = { top: `${prefix}t${tag}`, shop: `${prefix}s${tag}`, member: `${prefix}m${tag}` };
  const admin = await adminToken();
  const create = async (account: string, role: string, parent?: string) =>
    (
      await apiOk(
        '/api/admin/member/create',
        { account, password, nickname: account.slice(0, 20), role, state: 'normal_a', ...(parent ? { parent_code: parent } : {}) },
        admin,
      )
    ).id as number;
  const ids = { top: await create(accounts.top, 'top_hq'), shop: 0, member: 0 };
  ids.shop = await create(accounts.shop, 'shop', accounts.top);
  ids.member = await create(accounts.member, 'user', accounts.shop);
  if (opts.money)
    await apiOk(
      '/api/admin/ledger/adjust',
      { user_id: ids.member, asset: 'money', amount: opts.money, memo: 'e2e chain', request_id: `e2e-chain-${tag}` },
      admin,
    );
  return { ...accounts, ids, password };
}
