import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';

/** The audit screen's search (issue 19): who by account, to whom, before and after, and each filter. */
let h: Harness;
let admin: string;
let user1: number;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  user1 = Number((await h.db.query<{ id: string }>(`SELECT id FROM users WHERE account = 'user1'`)).rows[0].id);
  expect((await h.call('/api/admin/member/setStatus', { user_id: user1, status: 'suspended' }, { token: admin })).status).toBe(200);
  expect((await h.call('/api/admin/member/setStatus', { user_id: user1, status: 'normal_a' }, { token: admin })).status).toBe(200);
  expect((await h.call('/api/admin/ip/add', { kind: 'block', ip: '198.51.100.9', memo: 'audit search' }, { token: admin })).status).toBe(200);
});
afterAll(() => h?.close());

const search = async (body: object) => {
  const r = await h.call('/api/admin/audit/search', body, { token: admin });
  expect(r.status).toBe(200);
  return r.json.data as { total: number; rows: Array<Record<string, any>> };
};

describe('audit search', () => {
  it('names the actor and the target member, with the before and after of the change', async () => {
    const d = await search({ target: 'user1' });
    expect(d.total).toBe(2);
    const [last, first] = d.rows;
    expect(last).toMatchObject({ actor_type: 'admin', actor_name: 'admin', action: 'member.status', target: `user:${user1}`, target_name: 'user1' });
    expect(first.before).toMatchObject({ status: 'normal_a' });
    expect(first.after).toMatchObject({ status: 'suspended' });
    expect(last.before).toMatchObject({ status: 'suspended' });
  });

  it('filters by actor, action prefix, target id and period; no match is an empty page', async () => {
    expect((await search({ actor: 'admin', action: 'ip_rule.' })).rows.map((r) => r.action)).toEqual(['ip_rule.add']);
    expect((await search({ target: `user:${user1}`, action: 'member.' })).total).toBe(2);
    expect((await search({ actor: 'nobody' })).total).toBe(0);
    // The harness clock's KST day holds every row; the day before holds none.
    const today = new Date(h.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(h.clock.now().getTime() + 9 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect((await search({ action: 'member.status', from: today, to: today })).total).toBe(2);
    expect((await search({ action: 'member.status', from: yesterday, to: yesterday })).total).toBe(0);
  });
});
