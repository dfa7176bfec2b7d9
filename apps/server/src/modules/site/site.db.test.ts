import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { verifyLedger } from '../ledger/index.ts';

// Issue 19, decision 040: recommendation codes at join, the account blacklist at join and login,
// attendance paid once per member and day, casino domains, the member ranking; each admin change audited.

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await harness();
});
// The tests move the clock by days: a fresh admin session for each.
beforeEach(async () => {
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

const adm = (path: string, body: unknown = {}) => h.call(path, body, { token: admin });
const audits = async (action: string) => (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [action])).rows[0].n;

let phoneSeq = 1000;
async function joinWith(code: string, account: string, over: Record<string, unknown> = {}) {
  const phone = (over.phone_number as string | undefined) ?? `0105555${phoneSeq++}`;
  const sent = await h.call('/api/user/join/sendSms', { phone_number: phone }, { ip: `10.9.${phoneSeq % 250}.1` });
  expect(sent.status).toBe(200);
  const key = sent.json.data.sms_key as string;
  const number = Number(h.sms.lastCode(phone));
  expect((await h.call('/api/user/join/checkSms', { sms_key: key, number })).status).toBe(200);
  return h.call('/api/user/join', {
    account,
    password: '5678',
    nickname: `닉${account}`,
    phone_number: phone,
    sms_key: key,
    sms_number: number,
    bank_account_holder: '김추천',
    bank_name: '국민',
    bank_account: `123-456-${phoneSeq}`,
    bank_password: '1234',
    code,
    device: 'PC',
    birth_date: '1990-05-05',
    ...over,
  });
}

describe(`site admin (${testEngine})`, () => {
  it('issues codes with the validity setting, joins under the code agent once, refuses used and expired codes', async () => {
    expect((await adm('/api/admin/settings/update', { settings: { recommend_code_validity_minutes: 60 } })).status).toBe(200);
    expect((await adm('/api/admin/settings/update', { settings: { recommend_code_validity_minutes: 61 } })).status).toBe(400);
    const before = await audits('recommend_code.issue');
    const issued = await adm('/api/admin/site/codes/issue', { agent_account: 'shop1', count: 2 });
    expect(issued.status).toBe(200);
    const [a, b] = issued.json.data.rows;
    expect(a).toMatchObject({ agent_account: 'shop1', valid_minutes: 60, status: 'available', issued_by: 'admin', used_by_account: null });
    expect(a.code).toMatch(/^R[A-Z2-9]{9}$/);
    expect(Date.parse(a.expires_at) - Date.parse(a.starts_at)).toBe(60 * 60_000);
    expect(await audits('recommend_code.issue')).toBe(before + 1);

    const joined = await joinWith(a.code.toLowerCase(), 'rcjoin1');
    expect(joined.status).toBe(200);
    const user = (
      await h.db.query<{ parent: string }>(`SELECT p.account AS parent FROM users u JOIN users p ON p.id = u.parent_id WHERE u.account = 'rcjoin1'`)
    ).rows[0];
    expect(user.parent).toBe('shop1');
    const usedRes = await adm('/api/admin/site/codes/list', { status: 'used' });
    expect(usedRes.json.error).toBeUndefined();
    const used = usedRes.json.data.rows;
    expect(used.map((r: { code: string; used_by_account: string }) => [r.code, r.used_by_account])).toEqual([[a.code, 'rcjoin1']]);

    const again = await joinWith(a.code, 'rcjoin2');
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'recommend_code_used', field: 'code' });
    // A used code stays (the member's history): it cannot be deleted.
    expect((await adm('/api/admin/site/codes/delete', { id: a.id })).json.error.code).toBe('recommend_code_used');

    h.clock.advance(61 * 60_000);
    admin = await h.login('admin', 'admin');
    const late = await joinWith(b.code, 'rcjoin3');
    expect(late.json.error.code).toBe('recommend_code_expired');
    expect((await h.db.query(`SELECT 1 FROM users WHERE account = 'rcjoin3'`)).rowCount).toBe(0);
    expect((await adm('/api/admin/site/codes/list', { status: 'expired' })).json.data.rows.map((r: { id: number }) => r.id)).toContain(b.id);

    const future = await adm('/api/admin/site/codes/issue', {
      agent_account: 'shop1',
      valid_minutes: 30,
      starts_at: new Date(h.clock.now().getTime() + 3_600_000).toISOString(),
    });
    const waiting = future.json.data.rows[0];
    expect(waiting.status).toBe('waiting');
    expect((await joinWith(waiting.code, 'rcjoin4')).json.error.code).toBe('recommend_code_waiting');
    expect((await adm('/api/admin/site/codes/delete', { id: waiting.id })).status).toBe(200);
    expect((await adm('/api/admin/site/codes/list')).json.data.rows.map((r: { id: number }) => r.id)).not.toContain(waiting.id);
    expect(await audits('recommend_code.delete')).toBe(1);
    expect((await joinWith(waiting.code, 'rcjoin5')).json.error.code).toBe('join_code_invalid');
    expect((await adm('/api/admin/site/codes/issue', { agent_account: 'user1', count: 1 })).json.error.code).toBe('agent_not_found');
  });

  it('refuses join and login for blacklisted accounts, phones and bank accounts', async () => {
    const add = await adm('/api/admin/site/blacklist/add', { kind: 'phone', value: '010-7777-1212', memo: 'fraud' });
    expect(add.status).toBe(200);
    expect((await adm('/api/admin/site/blacklist/add', { kind: 'phone', value: '01077771212' })).json.error.code).toBe('blacklist_duplicate');
    const refused = await joinWith('shop1', 'blkjoin1', { phone_number: '01077771212' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('account_blacklisted');

    expect((await h.call('/api/user/login', { account: 'user2', password: '1234' })).status).toBe(200);
    const acc = await adm('/api/admin/site/blacklist/add', { kind: 'account', value: 'USER2' });
    const login = await h.call('/api/user/login', { account: 'user2', password: '1234' });
    expect(login.status).toBe(403);
    expect(login.json.error.code).toBe('account_blacklisted');
    const bank = (await h.db.query<{ bank_account: string }>(`SELECT bank_account FROM users WHERE account = 'user3'`)).rows[0].bank_account;
    if (bank) {
      await adm('/api/admin/site/blacklist/add', { kind: 'bank_account', value: bank });
      expect((await h.call('/api/user/login', { account: 'user3', password: '1234' })).json.error.code).toBe('account_blacklisted');
    }
    const listRes = await adm('/api/admin/site/blacklist/list');
    expect(listRes.json.error).toBeUndefined();
    const list = listRes.json.data;
    expect(list.rows.map((r: { kind: string; value: string }) => `${r.kind}:${r.value}`)).toEqual(
      expect.arrayContaining(['phone:01077771212', 'account:user2']),
    );
    expect((await adm('/api/admin/site/blacklist/remove', { id: acc.json.data.id })).status).toBe(200);
    expect((await h.call('/api/user/login', { account: 'user2', password: '1234' })).status).toBe(200);
    expect(await audits('blacklist.add')).toBeGreaterThanOrEqual(2);
    expect(await audits('blacklist.remove')).toBe(1);
  });

  it('pays the attendance bonus once per member and day, by streak, under concurrent checks', async () => {
    expect(
      (
        await adm('/api/admin/site/attendance/setBonuses', {
          bonuses: [
            { streak_days: 1, point: 100 },
            { streak_days: 1, point: 5 },
          ],
        })
      ).json.error.code,
    ).toBe('attendance_bonus_duplicate');
    const set = await adm('/api/admin/site/attendance/setBonuses', {
      bonuses: [
        { streak_days: 3, point: 500 },
        { streak_days: 1, point: 100 },
      ],
    });
    expect(set.json.data.bonuses).toEqual([
      { streak_days: 1, point: 100 },
      { streak_days: 3, point: 500 },
    ]);
    expect(await audits('attendance.bonuses')).toBe(1);

    let token = await h.login('user', 'user4');
    const points = async () =>
      (
        await h.db.query<{ b: string }>(
          `SELECT balance::text AS b FROM ledger_accounts a JOIN users u ON u.id = a.owner_id WHERE a.owner_type = 'user' AND u.account = 'user4' AND a.asset = 'point'`,
        )
      ).rows[0]?.b ?? '0';
    const start = BigInt(await points());
    const checks = await Promise.all([1, 2, 3, 4].map(() => h.call('/api/user/attendance/check', {}, { token })));
    expect(checks.every((c) => c.status === 200)).toBe(true);
    expect(checks.filter((c) => !c.json.data.already)).toHaveLength(1);
    expect(checks.map((c) => c.json.data.streak)).toEqual([1, 1, 1, 1]);
    expect(BigInt(await points()) - start).toBe(100n);

    for (const streak of [2, 3]) {
      h.clock.advance(24 * 3_600_000);
      token = await h.login('user', 'user4');
      const c = await h.call('/api/user/attendance/check', {}, { token });
      expect(c.json.data).toMatchObject({ streak, bonus: streak === 3 ? '500' : '100', already: false });
    }
    expect(BigInt(await points()) - start).toBe(700n);
    // A missed day starts the streak again.
    h.clock.advance(48 * 3_600_000);
    token = await h.login('user', 'user4');
    admin = await h.login('admin', 'admin');
    expect((await h.call('/api/user/attendance/check', {}, { token })).json.data.streak).toBe(1);

    const month = await h.call('/api/user/attendance/get', {}, { token });
    expect(month.json.data.bonuses).toHaveLength(2);
    expect(month.json.data.days.length).toBeGreaterThanOrEqual(1);
    const list = await adm('/api/admin/site/attendance/list', { from: '2026-11-01', to: '2026-12-31', search: 'user4' });
    expect(list.json.data.total).toBe(4);
    expect(list.json.data.rows[0]).toMatchObject({ account: 'user4', streak: 1 });
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });

  it('opens casino games only from configured domains once one is configured', async () => {
    const token = await h.login('user', 'user5');
    const launch = (host: string) => h.call('/api/user/game/getCasinoLobbyUrl', { id: 6112, isMobile: false }, { token, headers: { host } });
    expect((await launch('anything.example:8080')).status).toBe(200);
    expect((await adm('/api/admin/site/domains/add', { domain: 'play.example.com' })).status).toBe(400);
    const added = await adm('/api/admin/site/domains/add', { domain: 'Play.Example.com/' });
    expect(added.status).toBe(200);
    expect((await adm('/api/admin/site/domains/add', { domain: 'play.example.com/' })).json.error.code).toBe('domain_duplicate');
    const refused = await launch('other.example.com');
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('domain_not_allowed');
    expect((await launch('play.example.com')).status).toBe(200);

    await adm('/api/admin/settings/update', { settings: { domain_guide: '새 주소: play.example.com' } });
    expect((await h.call('/api/user/site/domains', {})).json.data).toEqual({ guide: '새 주소: play.example.com', domains: ['play.example.com/'] });
    const listed = (await adm('/api/admin/site/domains/list')).json.data;
    expect(listed.rows.map((r: { domain: string }) => r.domain)).toEqual(['play.example.com/']);

    await h.call('/api/user/login', { account: 'user6', password: '1234' }, { headers: { host: 'play.example.com' } });
    const history = (await adm('/api/admin/site/domains/history', { domain: 'play.example.com/' })).json.data;
    expect(history.rows.some((r: { account: string; domain: string }) => r.account === 'user6' && r.domain === 'play.example.com')).toBe(true);
    expect(history.counts[0]).toMatchObject({ domain: 'play.example.com' });

    expect((await adm('/api/admin/site/domains/remove', { id: added.json.data.id })).status).toBe(200);
    expect((await launch('other.example.com')).status).toBe(200);
    expect(await audits('domain.add')).toBe(1);
    expect(await audits('domain.remove')).toBe(1);
  });

  it('ranks members by stake, payout and deposits from the statistics figures', async () => {
    const ids = (await h.db.query<{ id: bigint; account: string }>(`SELECT id, account FROM users WHERE account IN ('user1', 'user7')`)).rows;
    const id = Object.fromEntries(ids.map((r) => [r.account, r.id]));
    const day = '2026-11-20';
    await h.db.query(
      `INSERT INTO stat_member_days (day, member_id, game_type, bet_amount, win_amount) VALUES ($1, $2, 'all', 9000, 100), ($1, $3, 'all', 5000, 20000)
       ON CONFLICT (day, game_type, member_id) DO UPDATE SET bet_amount = stat_member_days.bet_amount + EXCLUDED.bet_amount, win_amount = stat_member_days.win_amount + EXCLUDED.win_amount`,
      [day, id.user1, id.user7],
    );
    const rank = await adm('/api/admin/site/ranking', { by: 'stake', from: day, to: day });
    expect(rank.json.error).toBeUndefined();
    const base = rank.json.data.rows;
    const byStake = base.map((r: { account: string }) => r.account);
    expect(byStake.indexOf('user1')).toBeLessThan(byStake.indexOf('user7'));
    const byWin = (await adm('/api/admin/site/ranking', { by: 'win', from: day, to: day })).json.data.rows;
    expect(byWin[0]).toMatchObject({ rank: 1, account: 'user7' });
    expect(BigInt(byWin[0].win)).toBeGreaterThanOrEqual(20000n);
    const deposits = await adm('/api/admin/site/ranking', { by: 'deposit' });
    expect(deposits.status).toBe(200);
    expect(deposits.json.data.rows.every((r: { deposit: string }) => BigInt(r.deposit) > 0n)).toBe(true);
  });
});
