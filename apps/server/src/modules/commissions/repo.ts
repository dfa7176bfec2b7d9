import { DRAIN_LOCK } from '../../platform/advisory-locks.ts';
import type { Sql } from '../../platform/db.ts';
import { pathsToRoot } from '../agents/index.ts';

export async function tryDrainLock(sql: Sql) {
  return (await sql.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [DRAIN_LOCK], 'commission_drain_lock')).rows[0].got;
}

export type OutboxRow = {
  id: bigint;
  bet_id: bigint;
  stage: number;
  kind: 'accrue' | 'reverse';
  user_id: bigint;
  game_type: string;
  bet_type: string;
  game: string;
  amount: bigint;
  status: string;
  at: Date;
  /** The settlement's result and payout (a reverse row: those it undoes) and the bet's placement (migration 025). */
  result: string | null;
  win: bigint;
  placed_at: Date | null;
  /** The casino vendor (null for sports and mini games; migration 059): outside vendors earn support. */
  vendor: string | null;
};

/**
 * Takes (deletes) the oldest outbox rows, in id order. No cursor: a row whose transaction commits
 * late is simply still there for the next batch (decision 027); a rollback puts them all back.
 */
export async function takeOutbox(sql: Sql, limit: number) {
  const rows = (
    await sql.query<OutboxRow>(
      // The bets behind the rows also go to the losing journal (decision 031), in this statement.
      `WITH d AS (DELETE FROM bet_outbox WHERE id IN (SELECT id FROM bet_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING *),
       j AS (INSERT INTO losing_journal (bet_id, at) SELECT bet_id, at FROM d)
       SELECT * FROM d`,
      [limit],
      'commission_take_outbox',
    )
  ).rows;
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export type PathRow = { member_id: bigint; agent_id: bigint; depth: number; rolling_json: Record<string, number | string> };

/**
 * Every member's agents, from its direct agent (depth 1) up to the top, with their rolling rates:
 * one lookup in the closure table, through the agents module's door (it owns user_tree).
 */
export async function pathsOf(sql: Sql, memberIds: bigint[]): Promise<PathRow[]> {
  const rows = await pathsToRoot(sql, memberIds);
  return rows.map((r) => ({ member_id: r.user_id, agent_id: r.ancestor_id, depth: r.depth, rolling_json: r.rolling_json }));
}

/** Rolling, or the support rate (decision 043): one row each per (bet, stage) (migration 059). */
export type AccrualKind = 'rolling' | 'support';

export type NewAccrual = {
  kind: AccrualKind;
  betId: bigint;
  stage: number;
  agentId: bigint;
  memberId: bigint;
  gameType: string;
  base: bigint;
  rate: bigint;
  amount: bigint;
  /** `amount` is in units of 10^-decimals won. */
  decimals: number;
  /** Written only if the bet has no standing placement accrual (stage 0; decision 027). */
  ifNotPlaced: boolean;
};

/** Which part of which accrual row. */
export type AccrualKey = { bet_id: bigint; stage: number; kind: AccrualKind; part: number };

/** One agent's part of a (bet, stage) accrual: `part` is its place in the row's arrays (1 = direct agent). */
export type AccrualRow = {
  bet_id: bigint;
  stage: number;
  kind: AccrualKind;
  part: number;
  agent_id: bigint;
  amount: bigint;
  decimals: number;
  member_id: bigint;
  game_type: string;
};

// A (bet, stage) row spread into its parts (migration 052: one row per settlement, the chain as arrays).
const SPREAD = (s: string) =>
  `SELECT ${s}.bet_id, ${s}.stage, ${s}.kind, p.n::int AS part, p.agent_id, p.amount, ${s}.decimals, ${s}.member_id, ${s}.game_type
   FROM ${s} CROSS JOIN LATERAL unnest(${s}.agent_ids, ${s}.amounts) WITH ORDINALITY AS p(agent_id, amount, n)`;
// Whether any placement accrual stands: one probe of the partial index (migration 052), a one-time filter.
const ANY_PLACED = 'EXISTS (SELECT FROM commission_accrual_sets WHERE stage = 0 AND reversed_at IS NULL)';

/** An array literal PostgreSQL casts (`{1,2,3}`): a set's arrays travel as one text each, not as 30,000 elements a batch. */
const arrayText = (xs: readonly (bigint | number)[]) => `{${xs.join(',')}}`;

/**
 * Writes accruals, one row per (bet, stage) holding every agent's part, and takes back the
 * standing placement accruals (stage 0) of the `unplaced` bets, in one statement: both see the
 * table as it was before it, so an accrual that must wait for no standing placement accrual checks
 * the same state the take-back acts on. Only parts answered are new (the (bet, stage) key is the
 * proof of once): the statement answers the keys it wrote, and the parts come from `rows`.
 */
export async function insertAccruals(sql: Sql, batch: bigint, rows: NewAccrual[], unplaced: bigint[], at: Date) {
  if (rows.length === 0 && unplaced.length === 0) return { paid: [], unplaced: [] };
  const sets = new Map<string, NewAccrual[]>();
  for (const r of rows) {
    const key = `${r.betId}:${r.stage}:${r.kind}`;
    const set = sets.get(key);
    if (set) set.push(r);
    else sets.set(key, [r]);
  }
  const heads = [...sets.values()];
  const col = <T>(f: (set: NewAccrual[]) => T) => heads.map(f);
  const checked = [...new Set(rows.filter((r) => r.ifNotPlaced).map((r) => String(r.betId)))];
  const got = (
    await sql.query<AccrualRow & { taken_back: boolean }>(
      // ANY_PLACED gates both look-ups: while no placement accrual stands (the setting off) neither runs.
      `WITH placed AS (SELECT bet_id FROM commission_accrual_sets WHERE stage = 0 AND reversed_at IS NULL AND bet_id = ANY($11::bigint[]) AND ${ANY_PLACED}),
       undone AS (UPDATE commission_accrual_sets SET reversed_at = $12, reversed_batch = $13
         WHERE stage = 0 AND reversed_at IS NULL AND bet_id = ANY($14::bigint[]) AND ${ANY_PLACED} RETURNING *),
       added AS (INSERT INTO commission_accrual_sets (bet_id, stage, kind, member_id, game_type, base, decimals, agent_ids, rates, amounts, accrued_at, batch_id)
         SELECT x.bet_id, x.stage, x.kind, x.member_id, x.game_type, x.base, x.decimals, x.agent_ids::bigint[], x.rates::bigint[], x.amounts::bigint[], $12, $13
         FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::text[], $5::bigint[], $6::smallint[], $7::text[], $8::text[], $9::text[], $10::boolean[], $15::text[])
           AS x(bet_id, stage, member_id, game_type, base, decimals, agent_ids, rates, amounts, checked, kind)
         WHERE NOT (x.checked AND x.bet_id IN (SELECT bet_id FROM placed))
         ON CONFLICT (bet_id, stage, kind) DO NOTHING
         RETURNING bet_id, stage, kind)
       SELECT bet_id, stage, kind, 0 AS part, NULL::bigint AS agent_id, NULL::bigint AS amount, NULL::smallint AS decimals, NULL::bigint AS member_id,
         NULL::text AS game_type, false AS taken_back FROM added
       UNION ALL SELECT u.*, true FROM (${SPREAD('undone')}) u`,
      [
        col((set) => String(set[0].betId)),
        col((set) => set[0].stage),
        col((set) => String(set[0].memberId)),
        col((set) => set[0].gameType),
        col((set) => String(set[0].base)),
        col((set) => set[0].decimals),
        col((set) => arrayText(set.map((r) => r.agentId))),
        col((set) => arrayText(set.map((r) => r.rate))),
        col((set) => arrayText(set.map((r) => r.amount))),
        col((set) => set[0].ifNotPlaced),
        checked,
        at,
        String(batch),
        unplaced.map(String),
        col((set) => set[0].kind),
      ],
      'commission_insert_accruals',
    )
  ).rows;
  const paid: AccrualRow[] = [];
  for (const g of got) {
    if (g.taken_back) continue;
    sets.get(`${g.bet_id}:${g.stage}:${g.kind}`)!.forEach((r, i) =>
      paid.push({
        bet_id: r.betId,
        stage: r.stage,
        kind: r.kind,
        part: i + 1,
        agent_id: r.agentId,
        amount: r.amount,
        decimals: r.decimals,
        member_id: r.memberId,
        game_type: r.gameType,
      }),
    );
  }
  const strip = ({ taken_back: _, ...a }: AccrualRow & { taken_back: boolean }): AccrualRow => a;
  return { paid, unplaced: got.filter((r) => r.taken_back).map(strip) };
}

/** Marks the accruals of these (bet, stage) pairs reversed by `batch`, each once; returns the parts to undo. */
export async function reverseAccruals(sql: Sql, batch: bigint, keys: { betId: bigint; stage: number }[], at: Date) {
  if (keys.length === 0) return [];
  return (
    await sql.query<AccrualRow>(
      `WITH r AS (UPDATE commission_accrual_sets c SET reversed_at = $3, reversed_batch = $4
         FROM unnest($1::bigint[], $2::int[]) AS k(bet_id, stage)
         WHERE c.bet_id = k.bet_id AND c.stage = k.stage AND c.reversed_at IS NULL
         RETURNING c.*)
       ${SPREAD('r')}`,
      [keys.map((k) => String(k.betId)), keys.map((k) => k.stage), at, String(batch)],
      'commission_reverse_accruals',
    )
  ).rows;
}

/**
 * Opens the drain batch (migration 042): its accruals carry its id from their insert, its
 * reversals set it in their reversing update, so the ledger transaction is written once, on it.
 */
export async function openBatch(sql: Sql, at: Date) {
  return (await sql.query<{ id: bigint }>('INSERT INTO commission_batches (created_at) VALUES ($1) RETURNING id', [at], 'commission_open_batch')).rows[0].id;
}

/**
 * Records the batch's ledger transaction on the batch row (what it paid and took back trace to it
 * through batch_id / reversed_batch), and what each reversed part wrote off: only the (bet, stage)
 * rows with a part above 0 are written, each with its whole array.
 */
export async function recordPosting(sql: Sql, batch: bigint, tx: bigint, reversed: (AccrualKey & { writtenOff: bigint })[], kind: AccrualKind = 'rolling') {
  // A batch's support is its own ledger transaction (decision 043), on the same batch row.
  if (kind === 'rolling') await sql.query('UPDATE commission_batches SET ledger_tx = $2 WHERE id = $1', [String(batch), tx], 'commission_mark_batch');
  else await sql.query('UPDATE commission_batches SET support_tx = $2 WHERE id = $1', [String(batch), tx], 'commission_mark_batch_support');
  const sets = new Map<string, { betId: bigint; stage: number; offs: bigint[] }>();
  for (const r of reversed) {
    const key = `${r.bet_id}:${r.stage}`;
    const set = sets.get(key) ?? { betId: r.bet_id, stage: r.stage, offs: [] };
    set.offs[r.part - 1] = r.writtenOff;
    sets.set(key, set);
  }
  const off = [...sets.values()].filter((s) => s.offs.some((o) => o > 0n));
  if (off.length)
    await sql.query(
      `UPDATE commission_accrual_sets c SET written_off = r.offs::bigint[]
       FROM unnest($1::bigint[], $2::int[], $3::text[]) AS r(bet_id, stage, offs) WHERE c.bet_id = r.bet_id AND c.stage = r.stage AND c.kind = $4`,
      [off.map((s) => String(s.betId)), off.map((s) => s.stage), off.map((s) => `{${Array.from(s.offs, (o) => String(o ?? 0n)).join(',')}}`), kind],
      'commission_mark_written_off',
    );
}

/**
 * Adds each agent's net of accruals with decimals (carry units, 10^-4 won) to its carry
 * (migration 033) and returns the carries after: one statement per batch, only for batches
 * that accrued or reversed with decimals.
 */
export async function addCarry(sql: Sql, deltas: Map<bigint, bigint>, at: Date) {
  const rows = (
    await sql.query<{ agent_id: bigint; units: bigint }>(
      // Update, else insert (not ON CONFLICT: the CHECK would judge a negative delta as the new row).
      // One drainer at a time (the advisory lock), so no other insert races this one.
      `WITH d AS (SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS x(agent_id, units)),
       up AS (UPDATE commission_carry c SET units = c.units + d.units, updated_at = $3 FROM d WHERE c.agent_id = d.agent_id RETURNING c.agent_id, c.units),
       ins AS (INSERT INTO commission_carry (agent_id, units, updated_at)
         SELECT d.agent_id, d.units, $3 FROM d WHERE d.agent_id NOT IN (SELECT agent_id FROM up) RETURNING agent_id, units)
       SELECT * FROM up UNION ALL SELECT * FROM ins`,
      [[...deltas.keys()].map(String), [...deltas.values()].map(String), at],
      'commission_add_carry',
    )
  ).rows;
  return new Map(rows.map((r) => [r.agent_id, r.units]));
}
