import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './test/app.ts';
import { testEngine } from './test/db.ts';
import { migrate } from './platform/migrate.ts';
import { verifyLedger } from './modules/ledger/index.ts';
import { verifyAudit } from './modules/audit/index.ts';
import { DEMO_AGENTS, seed } from './seed.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness(); // migrated and seeded once already
});
afterAll(() => h?.close());

const counts = async () =>
  (
    await h.db.query(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM admins) AS admins,
              (SELECT count(*)::int FROM ledger_transactions) AS txs, (SELECT count(*)::int FROM posts) AS posts,
              (SELECT count(*)::int FROM bets) AS bets, (SELECT count(*)::int FROM banks) AS banks,
              (SELECT count(*)::int FROM schema_migrations) AS migrations`,
    )
  ).rows[0];

describe(`migrations and seed on ${testEngine}`, () => {
  it('running migrations and the seed again changes nothing', async () => {
    const before = await counts();
    expect(await migrate(h.db)).toEqual([]);
    await seed(h.deps);
    expect(await counts()).toEqual(before);
    // The version marker skips an unchanged seed; without it the seed itself is idempotent.
    const marker = await h.db.query(`DELETE FROM idempotency_keys WHERE scope = 'seed'`);
    expect(marker.rowCount).toBe(1);
    await seed(h.deps);
    expect(await counts()).toEqual(before);
    expect((await verifyLedger(h.db)).ok).toBe(true);
    expect((await verifyAudit(h.db)).ok).toBe(true);
  });

  it('seeds one agent per tier in one chain, members at levels 1–7 under the shop, and two test accounts', async () => {
    const chain = await h.db.query<{ account: string; parent: string | null }>(
      `SELECT u.account, p.account AS parent FROM users u LEFT JOIN users p ON p.id = u.parent_id WHERE u.role <> 'user' ORDER BY u.id`,
    );
    expect(chain.rows.map((r) => r.account)).toEqual(DEMO_AGENTS.map((a) => a.account));
    expect(chain.rows.map((r) => r.parent)).toEqual([null, ...DEMO_AGENTS.slice(0, -1).map((a) => a.account)]);
    const members = await h.db.query<{ level: number; status: string; parent: string }>(
      `SELECT u.level, u.status, p.account AS parent FROM users u JOIN users p ON p.id = u.parent_id WHERE u.role = 'user' ORDER BY u.id`,
    );
    expect(members.rows.filter((m) => m.status === 'normal_a').map((m) => m.level)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(members.rows.filter((m) => m.status === 'test')).toHaveLength(2);
    expect(new Set(members.rows.map((m) => m.parent))).toEqual(new Set(['shop1']));
  });

  it('refuses to start when an applied migration file was edited', async () => {
    await h.db.query(`UPDATE schema_migrations SET checksum = 'tampered' WHERE version = '001_foundation.sql'`);
    await expect(migrate(h.db)).rejects.toThrow(/changed after it was applied/);
  });
});
