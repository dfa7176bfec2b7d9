import type { Clock } from '../platform/clock.ts';
import type { Db, Sql } from '../platform/db.ts';
import { HOUSE, transfer } from '../modules/ledger/index.ts';

/** How a test or bench member is made: a password hash when it signs in (else none usable), a level (else 1). */
export type MemberOpts = { passwordHash?: string; level?: number };

/** A plain member row for database tests and benches (no usable password unless given). */
export async function insertMember(sql: Sql, account: string, o: MemberOpts = {}): Promise<bigint> {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, status, level) VALUES ($1, $2, $1, 'user', 'normal_a', coalesce($3::int, 1)) RETURNING id`,
    [account, o.passwordHash ?? 'x', o.level ?? null],
  );
  return r.rows[0].id;
}

/** A member holding `amount` of money, deposited through the ledger (key `fund:<account>`). */
export async function fundedMember(db: Db, clock: Clock, account: string, amount: bigint, o: MemberOpts = {}): Promise<bigint> {
  const id = await insertMember(db, account, o);
  await db.tx((sql) =>
    transfer(sql, clock, {
      idempotencyKey: `fund:${account}`,
      kind: 'test.fund',
      from: { house: HOUSE.deposits, asset: 'money' },
      to: { user: id, asset: 'money' },
      amount,
    }),
  );
  return id;
}
