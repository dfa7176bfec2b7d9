import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDb } from '../../platform/db.ts';
import { migrate, MIGRATIONS_DIR } from '../../platform/migrate.ts';
import { insertMember } from '../../test/members.ts';

// Migration 052 turns the per-agent accrual rows into one row per (bet, stage). Rows written
// before it must read the same through the `commission_accruals` view afterwards: every part,
// amount, write-off and the ledger transaction that paid or took it back (the old rows carried it
// themselves; now a batch does).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig052-'));
for (const f of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < '052')) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
const db = await openDb({ dataDir: 'memory://' });
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps every part, its write-off and its paying and reversing transaction', async () => {
  await migrate(db, dir);
  const [a1, a2, m] = [await insertMember(db, 'mig_a1'), await insertMember(db, 'mig_a2'), await insertMember(db, 'mig_m')];
  const at = new Date('2026-11-20T03:00:00Z');
  const old = (bet: number, stage: number, agent: bigint, amount: number, extra: { tx?: number; revBy?: number; off?: number; batch?: bigint } = {}) =>
    db.query(
      `INSERT INTO commission_accruals (bet_id, stage, agent_id, member_id, game_type, base, rate, amount, decimals, ledger_tx, accrued_at,
         reversed_at, reversed_by, written_off, batch_id)
       VALUES ($1, $2, $3, $4, 'casino', 10000, 5000, $5, 0, $6, $7, $8, $9, $10, $11)`,
      [bet, stage, agent, m, amount, extra.tx ?? null, at, extra.revBy ? at : null, extra.revBy ?? null, extra.off ?? 0, extra.batch ?? null],
    );
  // Bet 1 paid by transaction 501 and reversed by 502 with a write-off on its second part; bet 2
  // paid by 501; bet 3 written by a migration-042 batch (its transaction on the batch row).
  await old(1, 1, a1, 30, { tx: 501, revBy: 502 });
  await old(1, 1, a2, 20, { tx: 501, revBy: 502, off: 7 });
  await old(2, 1, a1, 15, { tx: 501 });
  const batch = (await db.query<{ id: bigint }>(`INSERT INTO commission_batches (ledger_tx, created_at) VALUES (503, $1) RETURNING id`, [at])).rows[0].id;
  await old(3, 2, a2, 9, { batch });

  await migrate(db);
  const parts = (
    await db.query<{ bet_id: bigint; part: number; agent_id: bigint; amount: bigint; written_off: bigint; paid_tx: bigint | null; reversed_tx: bigint | null }>(
      'SELECT bet_id, part, agent_id, amount, written_off, paid_tx, reversed_tx FROM commission_accruals_traced ORDER BY bet_id, part',
    )
  ).rows.map((r) => ({ ...r, bet_id: Number(r.bet_id), amount: Number(r.amount), written_off: Number(r.written_off) }));
  expect(parts).toEqual([
    { bet_id: 1, part: 1, agent_id: a1, amount: 30, written_off: 0, paid_tx: 501n, reversed_tx: 502n },
    { bet_id: 1, part: 2, agent_id: a2, amount: 20, written_off: 7, paid_tx: 501n, reversed_tx: 502n },
    { bet_id: 2, part: 1, agent_id: a1, amount: 15, written_off: 0, paid_tx: 501n, reversed_tx: null },
    { bet_id: 3, part: 1, agent_id: a2, amount: 9, written_off: 0, paid_tx: 503n, reversed_tx: null },
  ]);
  // One row per (bet, stage) now.
  expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_accrual_sets')).rows[0].n).toBe(3);
});
