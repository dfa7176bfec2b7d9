import type { Clock } from '../platform/clock.ts';
import type { Db, Sql } from '../platform/db.ts';
import { HOUSE, transfer } from '../modules/ledger/service.ts';

/** A plain member row for database tests (no usable password: such tests never sign in). */
export async function insertMember(sql: Sql, account: string): Promise<bigint> {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO users (account, password_hash, nickname, role, status) VALUES ($1, 'x', $1, 'user', 'normal_a') RETURNING id`,
    [account],
  );
  return r.rows[0].id;
}

/** A member holding `amount` of money, deposited through the ledger (key `fund:<account>`). */
export async function fundedMember(db: Db, clock: Clock, account: string, amount: bigint): Promise<bigint> {
  const id = await insertMember(db, account);
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
