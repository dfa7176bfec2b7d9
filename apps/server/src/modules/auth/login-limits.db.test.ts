import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Login guessing limits (decision 009), hit with parallel calls.

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

const login = (audience: 'user' | 'admin', account: string, password: string, ip: string, otp?: string) =>
  h.call(`/api/${audience}/login`, { account, password, otp }, { ip });
const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

describe(`login limits on ${testEngine}`, () => {
  it('parallel wrong passwords from one address: five are compared, the rest refused; the owner’s address still gets in', async () => {
    const rs = await Promise.all(Array.from({ length: 20 }, () => login('user', 'user1', 'guess', '203.0.113.66')));
    expect(statuses(rs)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect(rs.find((r) => r.status === 429)!.json.error.code).toBe('login_locked_account');
    // Even the right password is refused from the attacker's address …
    expect((await login('user', 'user1', '1234', '203.0.113.66')).status).toBe(429);
    // … but the owner on their own address signs in.
    expect((await login('user', 'user1', '1234', '198.51.100.1')).status).toBe(200);
  });

  it('an admin is not locked out by someone guessing the admin password elsewhere', async () => {
    const rs = await Promise.all(Array.from({ length: 12 }, () => login('admin', 'admin', 'guess', '203.0.113.77')));
    expect(statuses(rs)).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    expect((await login('admin', 'admin', 'admin1234', '127.0.0.1', await h.otp('admin', 'admin'))).status).toBe(200);
  });

  it('guesses spread over many addresses delay unfamiliar addresses, never the owner’s usual one', async () => {
    expect((await login('user', 'user2', '1234', '198.51.100.2')).status).toBe(200); // the owner's usual address
    const rs = await Promise.all(Array.from({ length: 12 }, (_, i) => login('user', 'user2', 'guess', `203.0.113.${100 + i}`)));
    expect(statuses(rs)).toEqual(Array(12).fill(401));
    // Past 10 failures on the account a new address must wait (a doubling delay) …
    expect((await login('user', 'user2', '1234', '203.0.113.200')).status).toBe(429);
    // … the owner's usual address does not.
    expect((await login('user', 'user2', '1234', '198.51.100.2')).status).toBe(200);
    // The delay passes.
    h.clock.advance(5 * 60_000 + 1000);
    expect((await login('user', 'user2', '1234', '203.0.113.200')).status).toBe(200);
  });

  it('the per-address limit counts failures only: 31 successful logins from one address (a PC room) all succeed', async () => {
    for (let i = 0; i < 31; i++) expect((await login('user', 'user3', '1234', '198.51.100.50')).status).toBe(200);
    // Many players of one PC room at once: each attempt counts only while it is being checked.
    const players = ['user1', 'user2', 'user3', 'user4', 'user5', 'user6', 'user7', 'test1', 'test2'];
    const rs = await Promise.all(Array.from({ length: 27 }, (_, i) => login('user', players[i % players.length], '1234', '198.51.100.50')));
    expect(rs.filter((r) => r.status !== 200).map((r) => r.json)).toEqual([]);
    expect((await login('admin', 'admin', 'admin1234', '198.51.100.50', await h.otp('admin', 'admin'))).status).toBe(200);
  });

  it('the per-address ceiling still holds for failures, in parallel', async () => {
    const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => login('user', `nobody${i}`, 'x', '198.51.100.60')));
    expect(statuses(rs)).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);
    expect(rs.find((r) => r.status === 429)!.json.error.code).toBe('login_locked_address');
    expect((await login('user', 'user4', '1234', '198.51.100.60')).status).toBe(429);
    expect((await login('user', 'user4', '1234', '198.51.100.61')).status).toBe(200);
  });
});
