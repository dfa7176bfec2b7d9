import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

// Spec §6: an agent's partner-site access (settings_json.visibled_partner), set by an admin and
// carried in the agent's login info for the partner route guard and shell.
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

const idOf = async (account: string) => Number((await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id);

describe(`partner access on ${testEngine}`, () => {
  it("an admin blocks and reopens an agent's partner site; the login info carries it; the change is audited", async () => {
    const admin = await h.login('admin', 'admin');
    const shop = await idOf('shop1');
    const set = await h.call('/api/admin/member/setPartnerAccess', { user_id: shop, visibled_partner: 0 }, { token: admin });
    expect(set.json.data).toEqual({ visibled_partner: 0 });
    const agent = await h.call('/api/agent/login', { account: 'shop1', password: '1234' });
    expect(agent.json.data.agent.settings_json.visibled_partner).toBe(0);
    const audit = await h.db.query<{ before: unknown; after: unknown }>(`SELECT before, after FROM audit_log WHERE action = 'member.partner_access'`);
    expect(audit.rows).toEqual([{ before: { visibled_partner: 1 }, after: { visibled_partner: 0 } }]);

    await h.call('/api/admin/member/setPartnerAccess', { user_id: shop, visibled_partner: 1 }, { token: admin });
    const again = await h.call('/api/agent/getAgentInfo', {}, { token: agent.json.data.token });
    expect(again.json.data.settings_json.visibled_partner).toBe(1);
  });

  it('refuses a member (not an agent), an unknown value and an agent caller, changing nothing', async () => {
    const admin = await h.login('admin', 'admin');
    const member = await h.call('/api/admin/member/setPartnerAccess', { user_id: await idOf('user1'), visibled_partner: 0 }, { token: admin });
    expect(member.status).toBe(404);
    expect(member.json.error.code).toBe('agent_not_found');
    const bad = await h.call('/api/admin/member/setPartnerAccess', { user_id: await idOf('shop1'), visibled_partner: 5 }, { token: admin });
    expect(bad.status).toBe(400);
    const agentToken = await h.login('agent', 'dist1');
    const byAgent = await h.call('/api/admin/member/setPartnerAccess', { user_id: await idOf('shop1'), visibled_partner: 0 }, { token: agentToken });
    expect(byAgent.status).toBe(401);
    const row = await h.db.query<{ s: { visibled_partner?: number } }>(`SELECT settings_json AS s FROM users WHERE account = 'shop1'`);
    expect(row.rows[0].s.visibled_partner).toBe(1);
  });
});
