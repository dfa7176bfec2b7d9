import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
  const admin = await h.login('admin', 'admin');
  // Every bank needs its own SMS; lift the per-address hourly cap for this file.
  await h.call('/api/admin/settings/update', { settings: { join_sms_limit: { per_phone_seconds: 30, per_ip_per_hour: 1000 } } }, { token: admin });
});
afterAll(() => h?.close());

async function verifiedPhone(phone: string) {
  const sent = await h.call('/api/user/join/sendSms', { phone_number: phone });
  expect(sent.status).toBe(200);
  const code = h.sms.lastCode(phone)!;
  const ok = await h.call('/api/user/join/checkSms', { sms_key: sent.json.data.sms_key, number: Number(code) });
  expect(ok.json.data).toEqual({ verified: true });
  return sent.json.data.sms_key as string;
}

describe(`join bank list and SMS code on ${testEngine}`, () => {
  it('serves the bank list the join rule accepts, and every bank of it can join', async () => {
    const r = await h.call('/api/user/join/getBanks', {});
    expect(r.status).toBe(200);
    const banks: string[] = r.json.data.banks;
    expect(banks).toContain('BNK부산');
    expect(banks).toContain('BNK경남');
    expect(banks).toContain('새마을금고');
    // Admin-only entries (savings banks) stay off the member form.
    expect(banks).not.toContain('저축은행');
    for (const [i, bank] of banks.entries()) {
      const n = String(i).padStart(2, '0');
      const phone = `0106600${n}00`;
      const key = await verifiedPhone(phone);
      const joined = await h.call('/api/user/join', {
        account: `bank${n}`,
        password: '1234',
        nickname: `은행${n}`,
        phone_number: phone,
        sms_key: key,
        sms_number: 123456,
        bank_account_holder: '김은행',
        bank_name: bank,
        bank_account: '1234567890',
        bank_password: '1234',
        code: 'shop1',
        device: 'PC',
        birth_date: '1990-01-01',
      });
      expect(joined.status, `${bank}: ${JSON.stringify(joined.json)}`).toBe(200);
    }
    const stored = await h.db.query<{ bank_name: string }>("SELECT bank_name FROM users WHERE account LIKE 'bank%' ORDER BY account");
    expect(stored.rows.map((x) => x.bank_name)).toEqual(banks);
  });

  it('issues six-digit codes and accepts only six digits', async () => {
    const sent = await h.call('/api/user/join/sendSms', { phone_number: '01066119999' });
    const code = h.sms.lastCode('01066119999')!;
    expect(Number(code)).toBeGreaterThanOrEqual(100_000);
    const key = sent.json.data.sms_key;
    // 12345 used to be padded to "012345"; now it is not a 6-digit code at all.
    const short = await h.call('/api/user/join/checkSms', { sms_key: key, number: 12345 });
    expect(short.status).toBe(400);
    expect(short.json.error).toMatchObject({ code: 'validation', field: 'number', rule: 'invalid_format' });
    expect((await h.call('/api/user/join/checkSms', { sms_key: key, number: '12345' })).status).toBe(400);
    expect((await h.call('/api/user/join/checkSms', { sms_key: key, number: 1234567 })).status).toBe(400);
    expect((await h.call('/api/user/join/checkSms', { sms_key: key, number: code })).json.data).toEqual({ verified: true });
  });
});

describe(`validation errors carry a rule the web translates on ${testEngine}`, () => {
  it('names the field, the rule and its bounds', async () => {
    const short = await h.call('/api/user/join/checkAccount', { account: 'ab' });
    expect(short.status).toBe(400);
    expect(short.json.error).toMatchObject({ code: 'validation', field: 'account', rule: 'too_small', params: { min: 3, origin: 'string' } });
    const long = await h.call('/api/user/join/checkNickname', { nickname: 'x'.repeat(21) });
    expect(long.json.error).toMatchObject({ code: 'validation', field: 'nickname', rule: 'too_big', params: { max: 20 } });
    const missing = await h.call('/api/user/join/checkAccount', {});
    expect(missing.json.error).toMatchObject({ code: 'validation', field: 'account', rule: 'required' });
    const format = await h.call('/api/user/join/sendSms', { phone_number: '02-123-4567' });
    expect(format.json.error).toMatchObject({ code: 'validation', field: 'phone_number', rule: 'invalid_format' });
    const type = await h.call('/api/user/join/checkAccount', { account: 12345 });
    expect(type.json.error).toMatchObject({ code: 'validation', field: 'account', rule: 'invalid_type' });
  });
});
