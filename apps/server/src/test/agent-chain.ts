import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { fundedMember } from './members.ts';

/** The six agent tiers, top first (roles in migration 001). */
export const CHAIN_ROLES = ['top_hq', 'main_hq', 'sub_hq', 'branch', 'distributor', 'shop'] as const;

/**
 * A chain of agents, top first, one per entry of `rolling` (each agent's rolling_json), and a
 * funded member under the last: the shape commissions are split along.
 */
export async function agentChain(db: Db, clock: Clock, prefix: string, rolling: Record<string, number | string>[], funds = 100_000_000n) {
  const agents: bigint[] = [];
  for (const [i, json] of rolling.entries()) {
    const account = `${prefix}_a${i}`;
    const r = await db.query<{ id: bigint }>(
      `INSERT INTO users (account, password_hash, nickname, role, status, parent_id, rolling_json)
       VALUES ($1, 'x', $1, $2, 'normal_a', $3, $4::jsonb) RETURNING id`,
      [account, CHAIN_ROLES[Math.min(i, CHAIN_ROLES.length - 1)], agents.at(-1) ?? null, JSON.stringify(json)],
    );
    agents.push(r.rows[0].id);
  }
  const member = await fundedMember(db, clock, `${prefix}_m`, funds);
  await db.query('UPDATE users SET parent_id = $2 WHERE id = $1', [member, agents.at(-1)]);
  return { agents, member };
}
