import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import { DEMO_ADMIN_TOTP_SECRET } from '../../seed.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { insertAdmin } from './index.ts';

let h: Harness;
let superToken: string;
beforeAll(async () => {
  h = await harness();
  superToken = await h.login('admin', 'admin');
  await h.call(
    '/api/admin/settings/update',
    { settings: { login_limit: { failures_per_account: 5, attempts_per_ip: 1000, window_minutes: 15 } } },
    { token: superToken },
  );
});
afterAll(() => h?.close());

/** The code an authenticator app shows at the harness clock, `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) + steps * 30 });
const login = (account: string, otp?: string, password = 'admin1234', ip = '127.0.0.1') => h.call('/api/admin/login', { account, password, otp }, { ip });

let n = 0;
async function newAdmin() {
  const account = `tfa${++n}`;
  const id = await insertAdmin(h.db, account, await hashPassword('admin1234'), account);
  return { account, id: Number(id) };
}

/** Signs a new admin in with its password and enrols it through the calls the web uses. */
async function enrolled() {
  const a = await newAdmin();
  const first = await login(a.account);
  const token: string = first.json.data.token;
  const begun = await h.call('/api/admin/twoFactor/begin', {}, { token });
  const secret: string = begun.json.data.secret;
  const done = await h.call('/api/admin/twoFactor/confirm', { code: await codeAt(secret) }, { token });
  h.clock.advance(30_000); // the enrolment code's step is spent: the next login takes the next step
  return { ...a, secret, token, recovery: done.json.data.recovery_codes as string[] };
}

describe(`two-factor login (decision 050) on ${testEngine}`, () => {
  it('sends an admin without a second factor to enrolment: every other call is refused until the first code confirms it', async () => {
    const a = await newAdmin();
    const r = await login(a.account);
    expect(r.status).toBe(200);
    expect(r.json.data.two_factor_pending).toBe(true);
    const token: string = r.json.data.token;
    const refused = await h.call('/api/admin/dashboard', {}, { token });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('two_factor_enrolment_required');
    expect((await h.call('/api/admin/getContext', {}, { token })).json.data.two_factor_pending).toBe(true);

    const begun = await h.call('/api/admin/twoFactor/begin', {}, { token });
    expect(begun.status).toBe(200);
    const { secret, otpauth_uri, qr_data_url } = begun.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`otpauth://totp/`);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);

    expect((await h.call('/api/admin/twoFactor/confirm', { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' }, { token })).json.error.code).toBe(
      'otp_invalid',
    );
    const done = await h.call('/api/admin/twoFactor/confirm', { code: await codeAt(secret) }, { token });
    expect(done.status).toBe(200);
    const codes: string[] = done.json.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await h.call('/api/admin/dashboard', {}, { token })).status).toBe(200);
    // The secret is never shown again: a second enrolment is refused, the status has no secret.
    expect((await h.call('/api/admin/twoFactor/begin', {}, { token })).json.error.code).toBe('two_factor_already_enabled');
    const status = await h.call('/api/admin/twoFactor/status', {}, { token });
    expect(status.json.data).toEqual({ enabled: true, required: true, allowed: true, recovery_codes_left: 10 });
    // Stored encrypted and recovery codes hashed: neither appears in the database as given.
    const stored = await h.db.query<{ secret_enc: string }>(`SELECT secret_enc FROM two_factor WHERE audience = 'admin' AND subject_id = $1`, [a.id]);
    expect(stored.rows[0].secret_enc).not.toContain(secret);
    const hashes = await h.db.query<{ code_hash: string }>(`SELECT code_hash FROM two_factor_recovery WHERE subject_id = $1 AND audience = 'admin'`, [a.id]);
    expect(hashes.rows.map((x) => x.code_hash)).not.toContain(codes[0]);
    const audit = await h.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [`admin:${a.id}`]);
    expect(audit.rows.map((x) => x.action)).toEqual(['two_factor.begin', 'two_factor.enable']);
  });

  it('asks an enrolled admin for the code after the password, and signs in with it', async () => {
    const a = await enrolled();
    const noCode = await login(a.account);
    expect(noCode.status).toBe(401);
    expect(noCode.json.error.code).toBe('otp_required');
    expect(noCode.json.data).toEqual({});
    const ok = await login(a.account, await codeAt(a.secret));
    expect(ok.status).toBe(200);
    expect(ok.json.data.two_factor_pending).toBe(false);
    expect((await h.call('/api/admin/dashboard', {}, { token: ok.json.data.token })).status).toBe(200);
    // A right code with a wrong password is still a wrong login.
    expect((await login(a.account, await codeAt(a.secret, 1), 'wrong')).json.error.code).toBe('login_failed');
  });

  it('refuses a code replayed within its window, and an earlier step after a later one was used', async () => {
    const a = await enrolled();
    const code = await codeAt(a.secret);
    expect((await login(a.account, code)).status).toBe(200);
    const again = await login(a.account, code);
    expect(again.status).toBe(401);
    expect(again.json.error.code).toBe('otp_replayed');
    expect((await login(a.account, await codeAt(a.secret, 1))).status).toBe(200);
    expect((await login(a.account, await codeAt(a.secret, -1))).json.error.code).toBe('otp_replayed');
    // Thirty seconds on, the next step's code is new again.
    h.clock.advance(60_000);
    expect((await login(a.account, await codeAt(a.secret, 1))).status).toBe(200);
  });

  it('signs in once with each recovery code', async () => {
    const a = await enrolled();
    const first = await login(a.account, a.recovery[0].toLowerCase());
    expect(first.status).toBe(200);
    const reused = await login(a.account, a.recovery[0]);
    expect(reused.status).toBe(401);
    expect(reused.json.error.code).toBe('otp_invalid');
    expect((await h.call('/api/admin/twoFactor/status', {}, { token: first.json.data.token })).json.data.recovery_codes_left).toBe(9);
  });

  it('counts wrong codes toward the login lock of the account and address', async () => {
    const a = await enrolled();
    const right = await codeAt(a.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await login(a.account, wrong, 'admin1234', '10.7.7.7')).json.error.code).toBe('otp_invalid');
    // Locked: even the right code is refused from this address now.
    const locked = await login(a.account, right, 'admin1234', '10.7.7.7');
    expect(locked.status).toBe(429);
    expect(locked.json.error.code).toBe('login_locked_account');
    // Sending no code gives nothing back either: it does not clear the count of wrong codes.
    const b = await enrolled();
    for (let i = 0; i < 4; i++) {
      await login(b.account, undefined, 'admin1234', '10.7.7.8');
      await login(b.account, wrong === (await codeAt(b.secret)) ? '999999' : wrong, 'admin1234', '10.7.7.8');
    }
    expect((await login(b.account, '000001', 'admin1234', '10.7.7.8')).status).toBe(401);
    expect((await login(b.account, await codeAt(b.secret), 'admin1234', '10.7.7.8')).status).toBe(429);
  });

  it('lets the super admin, and only the super admin, reset another admin: audited, sessions ended, enrolment again', async () => {
    const a = await enrolled();
    const operator = await h.login('admin', 'operator1');
    const list = await h.call('/api/admin/roles/admins/list', {}, { token: superToken });
    expect(list.json.data.rows.find((r: { account: string }) => r.account === a.account).two_factor).toBe(true);
    expect((await h.call('/api/admin/roles/twoFactorReset', { admin_id: a.id }, { token: operator })).status).toBe(403);
    const me = (await h.call('/api/admin/getContext', {}, { token: superToken })).json.data.admin.id;
    expect((await h.call('/api/admin/roles/twoFactorReset', { admin_id: me }, { token: superToken })).json.error.code).toBe('two_factor_reset_self');
    const r = await h.call('/api/admin/roles/twoFactorReset', { admin_id: a.id }, { token: superToken });
    expect(r.status).toBe(200);
    expect((await h.call('/api/admin/dashboard', {}, { token: a.token })).status).toBe(401);
    const again = await login(a.account);
    expect(again.json.data.two_factor_pending).toBe(true);
    const audit = await h.db.query<{ actor_id: string }>(`SELECT actor_id FROM audit_log WHERE action = 'two_factor.reset' AND target = $1`, [`admin:${a.id}`]);
    expect(audit.rows).toHaveLength(1);
  });

  it('lets an admin of the members area (write), and no other, reset an agent: audited, sessions ended, a password login again', async () => {
    const agentId = Number((await h.db.query<{ id: string }>(`SELECT id FROM users WHERE account = 'shop1'`)).rows[0].id);
    const first = await h.call('/api/agent/login', { account: 'shop1', password: '1234' });
    const agentToken: string = first.json.data.token;
    const secret: string = (await h.call('/api/agent/twoFactor/begin', {}, { token: agentToken })).json.data.secret;
    expect((await h.call('/api/agent/twoFactor/confirm', { code: await codeAt(secret) }, { token: agentToken })).status).toBe(200);
    expect((await h.call('/api/agent/login', { account: 'shop1', password: '1234' })).json.error.code).toBe('otp_required');

    // The support role reads members but does not write them; a member is no agent.
    const support = await h.login('admin', 'support1');
    const refused = await h.call('/api/admin/agent/twoFactorReset', { user_id: agentId }, { token: support });
    expect(refused.status).toBe(403);
    const memberId = Number((await h.db.query<{ id: string }>(`SELECT id FROM users WHERE account = 'user1'`)).rows[0].id);
    expect((await h.call('/api/admin/agent/twoFactorReset', { user_id: memberId }, { token: superToken })).status).toBe(404);
    expect((await h.call('/api/admin/agent/twoFactorReset', { user_id: agentId }, { token: superToken })).status).toBe(200);
    // Once only: nothing left to reset.
    expect((await h.call('/api/admin/agent/twoFactorReset', { user_id: agentId }, { token: superToken })).json.error.code).toBe('two_factor_not_enabled');
    expect((await h.call('/api/agent/getAgentInfo', {}, { token: agentToken })).status).toBe(401);
    const again = await h.call('/api/agent/login', { account: 'shop1', password: '1234' });
    expect(again.status).toBe(200);
    expect(again.json.data.two_factor_pending ?? false).toBe(false);
    const audit = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'two_factor.reset' AND target = $1`, [
      `agent:${agentId}`,
    ]);
    expect(audit.rows[0].n).toBe(1);
  });

  it('needs re-authentication (password and code) before an admin changes a member’s bank details', async () => {
    const a = await enrolled();
    await h.call('/api/admin/roles/assign', { admin_id: a.id, role_id: 1 }, { token: superToken });
    const token = (await login(a.account, await codeAt(a.secret))).json.data.token;
    const user = (await h.db.query<{ id: string }>(`SELECT id FROM users WHERE account = 'user4'`)).rows[0];
    const change = (reauth_token?: string, bank_account = '99988877766') =>
      h.call('/api/admin/member/profile/update', { user_id: Number(user.id), bank_account, reauth_token }, { token });
    const refused = await change();
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('reauth_required');
    // Other fields need no proof.
    expect((await h.call('/api/admin/member/profile/update', { user_id: Number(user.id), name: '회원넷' }, { token })).status).toBe(200);
    expect((await h.call('/api/admin/reauth', { password: 'admin1234' }, { token })).json.error.code).toBe('otp_required');
    expect((await h.call('/api/admin/reauth', { password: 'nope', otp: await codeAt(a.secret, 1) }, { token })).json.error.code).toBe('login_failed');
    const proof = await h.call('/api/admin/reauth', { password: 'admin1234', otp: await codeAt(a.secret, 1) }, { token });
    expect(proof.status).toBe(200);
    const ok = await change(proof.json.data.reauth_token);
    expect(ok.status).toBe(200);
    expect(ok.json.data.changed).toEqual(['bank_account']);
    // Used once; and it expires.
    expect((await change(proof.json.data.reauth_token, '11122233344')).json.error.code).toBe('reauth_required');
    h.clock.advance(60_000);
    const late = await h.call('/api/admin/reauth', { password: 'admin1234', otp: await codeAt(a.secret) }, { token });
    h.clock.advance(6 * 60_000);
    expect((await change(late.json.data.reauth_token, '11122233344')).json.error.code).toBe('reauth_required');
  });

  it('keeps members out of it and lets agents enrol only as the setting allows', async () => {
    const member = await h.login('user', 'user5');
    expect((await h.call('/api/user/getContext', {}, { token: member })).status).toBe(200);
    const agent = await h.login('agent', 'dist1');
    expect((await h.call('/api/agent/twoFactor/status', {}, { token: agent })).json.data).toMatchObject({ enabled: false, required: false, allowed: true });
    await h.call('/api/admin/settings/update', { settings: { two_factor_agents: 'off' } }, { token: superToken });
    expect((await h.call('/api/agent/twoFactor/begin', {}, { token: agent })).json.error.code).toBe('two_factor_not_allowed');
    await h.call('/api/admin/settings/update', { settings: { two_factor_agents: 'required' } }, { token: superToken });
    const pending = await h.call('/api/agent/login', { account: 'dist1', password: '1234' });
    expect(pending.json.data.two_factor_pending).toBe(true);
    expect((await h.call('/api/agent/user/list', {}, { token: pending.json.data.token })).json.error.code).toBe('two_factor_enrolment_required');
    await h.call('/api/admin/settings/update', { settings: { two_factor_agents: 'optional' } }, { token: superToken });
  });

  it('the seeded demo admins are enrolled with the published secret', async () => {
    h.clock.advance(90_000);
    expect((await login('cashdesk1', await codeAt(DEMO_ADMIN_TOTP_SECRET))).status).toBe(200);
  });
});
