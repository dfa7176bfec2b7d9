import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Issue 19, decision 037/040: the member detail's recommendation-code and attendance tabs read the
// code a member joined with, the codes issued for an agent, and the member's attended days newest first.

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

const adm = (path: string, body: unknown = {}) => h.call(path, body, { token: admin });
const idOf = async (account: string) => (await h.db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE account = $1', [account])).rows[0].id;

describe(`member detail codes and attendance (${testEngine})`, () => {
  it('answers the code a member joined with and the codes issued for an agent, newest first', async () => {
    const shop = Number(await idOf('shop1'));
    const user = Number(await idOf('user6'));
    const none = await adm('/api/admin/member/detail/codes', { user_id: user });
    expect(none.status).toBe(200);
    expect(none.json.data).toEqual({ joined: null, issued: [], issued_total: 0 });

    const issued = await adm('/api/admin/site/codes/issue', { agent_account: 'shop1', count: 3, memo: 'detail tab' });
    expect(issued.status).toBe(200);
    const [a, , c] = issued.json.data.rows;
    // The join marks the code used by the new member (members.markCodeUsed, tested in site.db.test.ts).
    await h.db.query('UPDATE recommend_codes SET used_by = $2, used_at = $3 WHERE id = $1', [a.id, user, h.clock.now()]);
    expect((await adm('/api/admin/site/codes/delete', { id: c.id })).status).toBe(200);

    const mine = await adm('/api/admin/member/detail/codes', { user_id: user });
    expect(mine.json.data.joined).toMatchObject({ code: a.code, agent_account: 'shop1', status: 'used', used_by_account: 'user6', issued_by: 'admin' });
    expect(mine.json.data.issued).toEqual([]);

    const agent = await adm('/api/admin/member/detail/codes', { user_id: shop });
    const codes = agent.json.data.issued.map((x: { code: string }) => x.code);
    expect(codes).not.toContain(c.code); // a deleted code is gone from the list
    expect(codes.indexOf(issued.json.data.rows[1].code)).toBeLessThan(codes.indexOf(a.code)); // newest first
    expect(agent.json.data.issued_total).toBe(codes.length);
    expect(agent.json.data.issued.find((x: { code: string }) => x.code === a.code)).toMatchObject({ status: 'used', used_by_account: 'user6' });
    expect(agent.json.data.joined).toBeNull();
  });

  it('pages a member’s attended days newest first with streak and bonus', async () => {
    expect(
      (
        await adm('/api/admin/site/attendance/setBonuses', {
          bonuses: [
            { streak_days: 1, point: 10 },
            { streak_days: 2, point: 30 },
          ],
        })
      ).status,
    ).toBe(200);
    const user = Number(await idOf('user7'));
    const empty = await adm('/api/admin/member/detail/attendance', { user_id: user });
    expect(empty.json.data).toEqual({ rows: [], total: 0 });
    const days: string[] = [];
    for (let i = 0; i < 22; i++) {
      const token = await h.login('user', 'user7');
      const r = await h.call('/api/user/attendance/check', {}, { token });
      expect(r.status).toBe(200);
      days.push(r.json.data.day);
      h.clock.advance(24 * 3_600_000);
    }
    admin = await h.login('admin', 'admin');
    const first = await adm('/api/admin/member/detail/attendance', { user_id: user });
    expect(first.status).toBe(200);
    expect(first.json.data.total).toBe(22);
    expect(first.json.data.rows).toHaveLength(20);
    expect(first.json.data.rows[0]).toMatchObject({ day: days[21], streak: 22, bonus: '30' });
    const second = await adm('/api/admin/member/detail/attendance', { user_id: user, skip: 20 });
    expect(second.json.data.rows.map((d: { day: string }) => d.day)).toEqual([days[1], days[0]]);
    expect(second.json.data.rows[1]).toMatchObject({ streak: 1, bonus: '10' });
    // Another member's days are not in it.
    expect((await adm('/api/admin/member/detail/attendance', { user_id: Number(await idOf('user6')) })).json.data.total).toBe(0);
  });
});
