import type { Sql } from '../../platform/db.ts';

/** One member row of a bulk insert: the columns `insertUser` takes that an import fills. */
export type NewUserRow = {
  account: string;
  passwordHash: string;
  nickname: string;
  phone: string | null;
  parentId: bigint;
  level: number;
  status: string;
  bankName: string | null;
  bankAccount: string | null;
  bankHolder: string | null;
};

/**
 * Inserts many members in one statement (the member import, decision 041): the same columns and
 * defaults as `insertUser` (code = account, name = the bank holder, role user), one array per
 * column through unnest, so 1,000 rows cost one round trip. The closure table's row trigger and
 * the statistics' statement triggers run as for a single insert.
 */
export async function insertUsers(sql: Sql, rows: NewUserRow[], rolling: object, at: Date) {
  const col = <T>(f: (r: NewUserRow) => T) => rows.map(f);
  const r = await sql.query(
    `INSERT INTO users (account, password_hash, nickname, name, phone, role, parent_id, level, status, referral_code,
       bank_name, bank_account, bank_holder, rolling_json, created_at, updated_at)
     SELECT a, h, n, bh, p, 'user', pid, l, s, a, bn, ba, bh, $11::jsonb, $12, $12
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[])
         AS t(a, h, n, p, pid, l, s, bn, ba, bh)`,
    [
      col((x) => x.account),
      col((x) => x.passwordHash),
      col((x) => x.nickname),
      col((x) => x.phone),
      col((x) => x.parentId.toString()),
      col((x) => x.level),
      col((x) => x.status),
      col((x) => x.bankName),
      col((x) => x.bankAccount),
      col((x) => x.bankHolder),
      JSON.stringify(rolling),
      at,
    ],
  );
  return r.rowCount;
}
