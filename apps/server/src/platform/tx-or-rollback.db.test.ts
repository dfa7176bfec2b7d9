import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testEngine, type TestDb } from '../test/db.ts';
import { rollBack, txOrRollback } from './db.ts';

let db: TestDb;
beforeAll(async () => {
  db = await freshDb();
  await db.query('CREATE TABLE tx_or_rollback_probe (n int NOT NULL)');
});
afterAll(() => db?.drop());

const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_or_rollback_probe')).rows[0].n;

describe(`txOrRollback (${testEngine})`, () => {
  it('commits what the function wrote and answers its value', async () => {
    const before = await count();
    const out = await txOrRollback<string>(db, async (sql) => {
      await sql.query('INSERT INTO tx_or_rollback_probe VALUES (1)');
      return 'kept';
    });
    expect(out).toBe('kept');
    expect(await count()).toBe(before + 1);
  });

  it('rollBack(value) undoes everything the function wrote and answers the value, thrown nowhere', async () => {
    const before = await count();
    const out = await txOrRollback<{ kind: string }>(db, async (sql) => {
      await sql.query('INSERT INTO tx_or_rollback_probe VALUES (2)');
      return rollBack({ kind: 'taken' });
    });
    expect(out).toEqual({ kind: 'taken' });
    expect(await count()).toBe(before);
  });

  it('a fault still throws and rolls back', async () => {
    const before = await count();
    await expect(
      txOrRollback(db, async (sql) => {
        await sql.query('INSERT INTO tx_or_rollback_probe VALUES (3)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(before);
  });

  it('is refused inside an open transaction, whose own work its rollback would undo', async () => {
    await expect(db.tx(() => txOrRollback(db, async () => rollBack(1)))).rejects.toThrow(/inside an open transaction/);
  });
});
