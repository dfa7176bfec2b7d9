import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';

/**
 * The seed's sibling fixture for subtree tests: shop2 beside shop1 under dist1, with its own member
 * user9 (password 1234 both), whom shop1 must never see and dist1 always does.
 */
export async function siblingShop(db: Db, opts: { memberStatus?: string; shopRolling?: Record<string, number> } = {}) {
  const hash = await hashPassword('1234');
  const shop = await db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, parent_id, status, level, rolling_json)
     VALUES ('shop2', $1, '매장2', 'shop', (SELECT id FROM users WHERE account = 'dist1'), 'normal_a', 7, $2::jsonb) RETURNING id`,
    [hash, JSON.stringify(opts.shopRolling ?? {})],
  );
  const member = await db.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, parent_id, status) VALUES ('user9', $1, '회원9', 'user', $2, $3) RETURNING id`,
    [hash, shop.rows[0].id, opts.memberStatus ?? 'normal_a'],
  );
  return { shop2: shop.rows[0].id, user9: member.rows[0].id };
}
