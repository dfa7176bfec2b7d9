import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { minigameBetInput } from '../../test/bets.ts';
import { placeBet, settleBet } from '../betting/index.ts';
import { verifyLedger } from '../ledger/index.ts';

let h: Harness;
let seq = 0;
const rid = () => `protection-${seq++}`;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  expect((await verifyLedger(h.db)).problems).toEqual([]);
  await h?.close();
});

const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const asAdmin = async (path: string, body: object) => h.call(path, body, { token: await h.login('admin', 'admin') });
const settings = (patch: object) => asAdmin('/api/admin/settings/update', { settings: patch });
/** Sets the manual clock to a Korean local time. */
const atKst = (hhmm: string, day: string) => h.clock.set(new Date(Date.parse(`${day}T${hhmm}:00+09:00`)));

describe(`age at join on ${testEngine}`, () => {
  it('refuses a person under the minimum age setting, with the age in the error, and writes nothing', async () => {
    expect((await settings({ minimum_age: 21 })).status).toBe(200);
    // The join form reads the minimum with the banks, to check the age as the player types.
    expect((await h.call('/api/user/join/getBanks', {})).json.data.minimum_age).toBe(21);
    const sent = await h.call('/api/user/join/sendSms', { phone_number: '010-4444-1234' });
    const code = Number(h.sms.lastCode('01044441234'));
    await h.call('/api/user/join/checkSms', { sms_key: sent.json.data.sms_key, number: code });
    const before = (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const form = {
      account: 'young1',
      password: '5678',
      nickname: '젊은이',
      phone_number: '010-4444-1234',
      sms_key: sent.json.data.sms_key,
      sms_number: code,
      bank_account_holder: '김젊은',
      bank_name: '국민',
      bank_account: '123-456-7891',
      bank_password: '1234',
      code: 'shop1',
      device: 'PC',
    };
    // 2026-11-22 in Korea: born 2006-01-01 is 20, under 21.
    const young = await h.call('/api/user/join', { ...form, birth_date: '2006-01-01' });
    expect(young.status).toBe(400);
    expect(young.json.error).toMatchObject({ code: 'underage', field: 'birth_date', params: { age: 21 } });
    expect((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(before);
    // Exactly 21 today joins.
    const ok = await h.call('/api/user/join', { ...form, birth_date: '2005-11-22' });
    expect(ok.status).toBe(200);
    await settings({ minimum_age: 19 });
  });
});

describe(`identity status on ${testEngine}`, () => {
  it('is set by an admin with the document noted, audited, with history; an agent or member cannot set it', async () => {
    const uid = await idOf('user2');
    const first = await asAdmin('/api/admin/member/identity/get', { user_id: Number(uid) });
    expect(first.json.data).toEqual({ status: 'unverified', current: null, history: [] });

    const agent = await h.login('agent', 'shop1');
    const byAgent = await h.call('/api/admin/member/identity/set', { user_id: Number(uid), status: 'verified', note: 'x' }, { token: agent });
    expect([401, 403]).toContain(byAgent.status);
    const member = await h.login('user', 'user2');
    const byMember = await h.call('/api/admin/member/identity/set', { user_id: Number(uid), status: 'verified', note: 'x' }, { token: member });
    expect([401, 403]).toContain(byMember.status);

    const pending = await asAdmin('/api/admin/member/identity/set', { user_id: Number(uid), status: 'pending', note: '주민등록증 사본 접수' });
    expect(pending.status).toBe(200);
    const set = await asAdmin('/api/admin/member/identity/set', { user_id: Number(uid), status: 'verified', note: '주민등록증 원본 확인 (뒷자리 가림)' });
    expect(set.json.data.status).toBe('verified');
    expect(set.json.data.current).toMatchObject({ status: 'verified', document_note: '주민등록증 원본 확인 (뒷자리 가림)' });
    expect(set.json.data.history.map((r: { status: string }) => r.status)).toEqual(['verified', 'pending']);

    const audit = await h.db.query<{ action: string; before: { status: string }; after: { status: string; document_note: string } }>(
      `SELECT action, before, after FROM audit_log WHERE target = $1 AND action = 'member.identity' ORDER BY id`,
      [`user:${uid}`],
    );
    expect(audit.rows.map((r) => [r.before.status, r.after.status])).toEqual([
      ['unverified', 'pending'],
      ['pending', 'verified'],
    ]);
    expect(audit.rows[1].after.document_note).toBe('주민등록증 원본 확인 (뒷자리 가림)');
  });
});

describe(`withdrawals and identity on ${testEngine}`, () => {
  it('refuses an exchange until the identity is verified when the setting is on, changing nothing; allows it after', async () => {
    atKst('12:00', '2026-11-25');
    const uid = await idOf('user5');
    expect((await settings({ withdrawals_require_verified_identity: true })).status).toBe(200);
    const t = await h.login('user', 'user5');
    const moneyOf = async () => (await h.call('/api/user/getContext', {}, { token: t })).json.data.user.money as string;
    const before = await moneyOf();
    const refused = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('identity_unverified');
    expect(await moneyOf()).toBe(before);

    await asAdmin('/api/admin/member/identity/set', { user_id: Number(uid), status: 'rejected', note: '사진 불일치' });
    const stillRefused = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(stillRefused.json.error.code).toBe('identity_unverified');

    await asAdmin('/api/admin/member/identity/set', { user_id: Number(uid), status: 'verified', note: '여권 확인' });
    const ok = await h.call('/api/user/bank/exchange', { exchange_money: 10000, bank_password: '1234', request_id: rid() }, { token: t });
    expect(ok.status).toBe(200);
    expect(BigInt(await moneyOf())).toBe(BigInt(before) - 10_000n);
    await settings({ withdrawals_require_verified_identity: false });
  });
});

describe(`reality check on ${testEngine}`, () => {
  it('is due one interval after login on the server clock, shows the session net result, and continuing moves it one interval on', async () => {
    h.clock.set(new Date('2026-11-26T03:00:00Z'));
    expect((await settings({ reality_check_minutes: 20 })).status).toBe(200);
    const uid = await idOf('user6');
    // A bet settled before the session does not count.
    const old = await h.db.tx((sql) => placeBet(sql, h.clock, minigameBetInput(uid, rid(), { amount: 7_000n, round: '90' })));
    await h.db.tx((sql) => settleBet(sql, h.clock, old.id, 'lost'));
    h.clock.advance(60_000);
    let t = await h.login('user', 'user6');
    // The session token rotates every 15 minutes of the harness: follow it as the web client does.
    const call = async (path: string) => {
      const r = await h.call(path, {}, { token: t });
      if (r.json.renewSessionToken) t = r.json.renewSessionToken;
      return r;
    };
    const get = async () => (await call('/api/user/realityCheck/get')).json.data;

    const fresh = await get();
    expect(fresh).toMatchObject({ interval_minutes: 20, due: false, session_minutes: 0, stakes: '0', payouts: '0', net: '0' });
    expect(fresh.next_due_at).toBe(new Date(Date.parse(fresh.session_started_at) + 20 * 60_000).toISOString());

    // In this session: 10,000 lost, 5,000 won at 1.95 (pays 9,750): net −5,250.
    const lost = await h.db.tx((sql) => placeBet(sql, h.clock, minigameBetInput(uid, rid(), { amount: 10_000n, round: '91' })));
    const won = await h.db.tx((sql) => placeBet(sql, h.clock, minigameBetInput(uid, rid(), { amount: 5_000n, round: '91' })));
    await h.db.tx((sql) => settleBet(sql, h.clock, lost.id, 'lost'));
    await h.db.tx((sql) => settleBet(sql, h.clock, won.id, 'won'));

    h.clock.advance(19 * 60_000);
    expect((await get()).due).toBe(false);
    h.clock.advance(60_000);
    const due = await get();
    expect(due).toMatchObject({ due: true, session_minutes: 20, stakes: '15000', payouts: '9750', net: '-5250' });

    const cont = await call('/api/user/realityCheck/continue');
    expect(cont.status).toBe(200);
    expect(cont.json.data.due).toBe(false);
    expect(cont.json.data.next_due_at).toBe(new Date(h.clock.now().getTime() + 20 * 60_000).toISOString());
    h.clock.advance(19 * 60_000);
    expect((await get()).due).toBe(false);
    h.clock.advance(60_000);
    expect(await get()).toMatchObject({ due: true, session_minutes: 40 });

    // 0 turns it off.
    await settings({ reality_check_minutes: 0 });
    expect(await get()).toMatchObject({ due: false, next_due_at: null });
    await settings({ reality_check_minutes: 60 });
  });
});
