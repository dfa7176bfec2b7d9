import type { Sql } from '../../platform/db.ts';
import { definePart, type Part } from '../ledger/index.ts';

export type BetRowDb = {
  id: bigint;
  user_id: bigint;
  game_type: 'sports' | 'minigame' | 'casino' | 'slot';
  game: string;
  vendor: string | null;
  round: string | null;
  bet_type: 'single' | 'combo';
  selections: { name: string; market?: string; pick: string; odds: string; result?: string }[];
  odds: string;
  amount: bigint;
  potential_win: bigint;
  win_amount: bigint;
  status: 'open' | 'won' | 'lost' | 'draw' | 'cancelled' | 'void' | 'cashout';
  request_id: string;
  money_before: bigint;
  money_after: bigint;
  created_at: Date;
  settled_at: Date | null;
  settled_tx: bigint | null;
  settle_count: number;
  cancelled_by: 'player' | 'admin' | 'feed' | 'system' | null;
};

export async function findByRequest(sql: Sql, userId: bigint, requestId: string) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE user_id = $1 AND request_id = $2', [userId, requestId], 'bets_by_request')).rows[0];
}

export type NewBetRow = Omit<
  BetRowDb,
  'id' | 'win_amount' | 'status' | 'settled_at' | 'money_before' | 'money_after' | 'settled_tx' | 'settle_count' | 'cancelled_by'
>;

const BET_COLS =
  'user_id, game_type, game, vendor, round, bet_type, selections, odds, amount, potential_win, request_id, money_before, money_after, created_at';

/**
 * The bet insert as an attached row of the stake's ledger statement (ledger `Attached`): one
 * round trip for both; money before/after come from the player's posting (`done`).
 */
const BET_INSERT = (more: string) => `INSERT INTO bets (${BET_COLS})
   SELECT :user_id::bigint, :game_type::text, :game::text, :vendor::text, :round::text, :bet_type::text, :selections::jsonb, :odds::numeric,
     :amount::bigint, :potential_win::bigint, :request_id::text, done.before, done.after, :created_at::timestamptz FROM done
   RETURNING id AS bet_id, odds::text AS bet_odds, money_before AS bet_money_before, money_after AS bet_money_after,
     user_id AS owner_id, request_id AS bet_request_id${more}`;
const betInsert = definePart('bets_insert', BET_INSERT(''));

// Rolling credited at placement (setting `rolling_credit`, decision 027): the insert also returns
// what the bet's stage-0 outbox row needs (`withOutbox(then, 'placement')` writes it).
const PLACED_COLS = `, game_type AS ob_game_type, bet_type AS ob_bet_type, game AS ob_game, amount AS ob_amount, created_at AS ob_at, vendor AS ob_vendor`;
const betInsertPlaced = definePart('bets_insert_ob', BET_INSERT(PLACED_COLS));

export const insertAttached = (b: NewBetRow, placed = false) => (placed ? betInsertPlaced : betInsert)({ ...b, selections: JSON.stringify(b.selections) });

/**
 * The bets of a batch as the attached row of ledger `transferBatch`: one array per column, the
 * bet of item `i` at position `i`; only the posted items (`done`) are inserted. Returns the
 * member (`owner_id`) and the request id so each row finds its bet.
 */
const BETS_INSERT = (more: string) => `INSERT INTO bets (${BET_COLS})
   SELECT b.user_id, b.game_type, b.game, b.vendor, b.round, b.bet_type, b.selections::jsonb, b.odds, b.amount, b.potential_win, b.request_id, done.before, done.after, b.created_at
   FROM done JOIN unnest(:user_ids::bigint[], :game_types::text[], :games::text[], :vendors::text[], :rounds::text[], :bet_types::text[], :selections::text[],
     :odds::numeric[], :amounts::bigint[], :potential_wins::bigint[], :request_ids::text[], :created_ats::timestamptz[])
     WITH ORDINALITY AS b(user_id, game_type, game, vendor, round, bet_type, selections, odds, amount, potential_win, request_id, created_at, i) ON b.i = done.i
   RETURNING user_id AS owner_id, request_id AS bet_request_id, id AS bet_id, odds::text AS bet_odds, money_before AS bet_money_before, money_after AS bet_money_after${more}`;
const betsInsert = definePart('bets_many', BETS_INSERT(''));
const betsInsertPlaced = definePart('bets_many_ob', BETS_INSERT(PLACED_COLS));

export function insertAttachedMany(bets: NewBetRow[], placed = false) {
  const col = <T>(f: (b: NewBetRow) => T) => bets.map(f);
  return (placed ? betsInsertPlaced : betsInsert)({
    user_ids: col((b) => String(b.user_id)),
    game_types: col((b) => b.game_type),
    games: col((b) => b.game),
    vendors: col((b) => b.vendor),
    rounds: col((b) => b.round),
    bet_types: col((b) => b.bet_type),
    selections: col((b) => JSON.stringify(b.selections)),
    odds: col((b) => b.odds),
    amounts: col((b) => String(b.amount)),
    potential_wins: col((b) => String(b.potential_win)),
    request_ids: col((b) => b.request_id),
    created_ats: col((b) => b.created_at),
  });
}

// ---- one-statement settlement (settle-one.ts): the bets' guard and their rows as ledger parts

/** The bet as a settlement saw it: settled only while it is still so. */
export type SeenBetRow = Pick<BetRowDb, 'id' | 'user_id' | 'amount' | 'potential_win' | 'settle_count'>;

const BETS_OPEN = (
  filter: string,
) => `SELECT b.user_id, (b.status = 'open' AND b.amount = x.amount AND b.potential_win = x.potential_win AND b.settle_count = x.settle_count) AS ok
   FROM bets b JOIN unnest(:ids::bigint[], :user_ids::bigint[], :amounts::bigint[], :potential_wins::bigint[], :settle_counts::int[])
     AS x(id, user_id, amount, potential_win, settle_count) ON b.id = x.id AND b.user_id = x.user_id
   ${filter}
   ORDER BY b.id FOR UPDATE OF b`;
const betsOpen = definePart('bets_open', BETS_OPEN(''));
// After a caller's guard (`prior_guard`): a bet whose member it said no for is not even locked.
const betsOpenAfter = definePart('bets_open_after', BETS_OPEN('WHERE EXISTS (SELECT 1 FROM prior_guard g WHERE g.user_id = x.user_id AND g.ok)'));

/**
 * The bets' locks as the posting's guard, for one bet or a batch: each bet locked (ascending id)
 * and let through only while it is open and still as the caller read it (so the amounts posted
 * are the bet's); `(user_id, ok)` per member. After the caller's guard, whose locks come first.
 */
export function betsOpenGuard(bets: SeenBetRow[], prior: Part | undefined) {
  const params = {
    ids: bets.map((b) => String(b.id)),
    user_ids: bets.map((b) => String(b.user_id)),
    amounts: bets.map((b) => String(b.amount)),
    potential_wins: bets.map((b) => String(b.potential_win)),
    settle_counts: bets.map((b) => b.settle_count),
  };
  return prior ? { ...betsOpenAfter(params), prior } : betsOpen(params);
}

// ---- the commission outbox (decision 027): one row per bet change, written by the statement
// that changes the bet. The changed row returns these columns (its new values); the insert reads
// them, so it adds no statement and no read of `bets`.
// `ob_result`/`ob_win` are the settlement's result and payout (statistics, decision 030); a
// re-opening's row gets those of the settlement it undoes (writeSettlements reads them first).
// `ob_vendor`: the casino vendor (null for sports and mini games), for the support rate (decision 043).
const OUTBOX_COLS = `b.settle_count AS ob_stage, b.status AS ob_status, b.user_id AS ob_user, b.game_type AS ob_game_type,
     b.bet_type AS ob_bet_type, b.game AS ob_game, b.amount AS ob_amount, coalesce(b.settled_at, now()) AS ob_at,
     b.status AS ob_result, b.win_amount AS ob_win, b.created_at AS ob_placed, b.vendor AS ob_vendor`;

// A re-opened bet (status 'open', settle_count unchanged) undoes the settlement it had: `reverse`.
const outboxInsert = (
  from: string,
) => `INSERT INTO bet_outbox (bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at, result, win, placed_at, vendor)
     SELECT bet_id, ob_stage, CASE WHEN ob_status = 'open' THEN 'reverse' ELSE 'accrue' END, ob_user, ob_game_type, ob_bet_type, ob_game,
       ob_amount, ob_status, ob_at, ob_result, ob_win, ob_placed, ob_vendor FROM ${from}`;

// A bet placed while rolling is credited at placement: its `accrue` row of stage 0 (decision 027).
const placedOutboxInsert = `INSERT INTO bet_outbox (bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at, result, win, placed_at, vendor)
     SELECT bet_id, 0, 'accrue', owner_id, ob_game_type, ob_bet_type, ob_game, ob_amount, 'open', ob_at, 'open', 0, ob_at, ob_vendor FROM attached`;

const outboxThens = new Map<string, (params: Readonly<Record<string, unknown>>) => Part>();

/**
 * The `then` of the one-statement settlements (and of a placement credited at once, `placement`):
 * the outbox insert reading `attached`, then the caller's own CTEs (same slot, so the caller's
 * parameters keep their names). One part per caller part.
 */
export function withOutbox(then: Part | undefined, at: 'settlement' | 'placement' = 'settlement'): Part {
  const placed = at === 'placement';
  const name = then ? `${placed ? 'obp' : 'ob'}+${then.name}` : placed ? 'bet_outbox_p' : 'bet_outbox';
  let def = outboxThens.get(name);
  if (def === undefined) {
    def = definePart(name, `bet_outbox_w AS (${placed ? placedOutboxInsert : outboxInsert('attached')})${then ? `,\n     ${then.text}` : ''}`);
    outboxThens.set(name, def);
  }
  return def(then?.params ?? {});
}

/** One bet's settlement row, attached to its payout posting; `done` reports the player's account. */
const betSettled = definePart(
  'bet_settle1',
  `UPDATE bets b SET status = :status::text, win_amount = :win::bigint, settled_at = :at::timestamptz, settled_tx = done.tx_id,
     settle_count = b.settle_count + 1, selections = coalesce(:selections::jsonb, b.selections), cancelled_by = :cancelled_by::text
   FROM done WHERE b.id = :id::bigint
   RETURNING b.id AS bet_id, done.after AS player_after, ${OUTBOX_COLS}`,
);

export type SettledRow = { id: bigint; status: string; win: bigint; at: Date; selections: string | null; cancelledBy: string | null };

export const settledOne = (r: SettledRow) =>
  betSettled({ id: r.id, status: r.status, win: r.win, at: r.at, selections: r.selections, cancelled_by: r.cancelledBy });

/** The bets of a settlement batch written as the batch posting's attached rows (the batch form of 'bet_settle1'). */
const betsSettled = definePart(
  'bets_settle',
  `UPDATE bets b SET status = x.status, win_amount = x.win, settled_at = x.at, settled_tx = done.tx_id,
     settle_count = b.settle_count + 1, selections = coalesce(x.selections::jsonb, b.selections), cancelled_by = x.cancelled_by
   FROM done JOIN unnest(:ids::bigint[], :statuses::text[], :wins::bigint[], :ats::timestamptz[], :selections::text[], :cancelled_bys::text[])
     WITH ORDINALITY AS x(bet_id, status, win, at, selections, cancelled_by, i) ON x.i = done.i
   WHERE b.id = x.bet_id
   RETURNING b.id AS bet_id, b.user_id AS owner_id, done.after AS player_after, done.tx_id AS settled_tx, ${OUTBOX_COLS}`,
);

export function settledMany(rows: SettledRow[]) {
  const col = <T>(f: (r: SettledRow) => T) => rows.map(f);
  return betsSettled({
    ids: col((r) => String(r.id)),
    statuses: col((r) => r.status),
    wins: col((r) => String(r.win)),
    ats: col((r) => r.at),
    selections: col((r) => r.selections),
    cancelled_bys: col((r) => r.cancelledBy),
  });
}

/** The inserted bet from what was sent and what the attached insert returned. */
export function attachedRow(b: NewBetRow, r: Record<string, unknown> | undefined): BetRowDb {
  if (!r || typeof r.bet_id !== 'bigint') throw new Error('the bet insert returned no row');
  return {
    ...b,
    id: r.bet_id,
    odds: r.bet_odds as string,
    money_before: r.bet_money_before as bigint,
    money_after: r.bet_money_after as bigint,
    win_amount: 0n,
    status: 'open',
    settled_at: null,
    settled_tx: null,
    settle_count: 0,
    cancelled_by: null,
  };
}

export async function lock(sql: Sql, id: bigint) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE id = $1 FOR UPDATE', [id])).rows[0];
}

export async function settle(sql: Sql, id: bigint, status: string, winAmount: bigint, at: Date, selections?: unknown) {
  return (
    await sql.query<BetRowDb>(
      `UPDATE bets SET status = $2, win_amount = $3, settled_at = $4, selections = coalesce($5::jsonb, selections) WHERE id = $1 RETURNING *`,
      [id, status, winAmount, at, selections === undefined ? null : JSON.stringify(selections)],
    )
  ).rows[0];
}

export async function byId(sql: Sql, id: bigint) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE id = $1', [id])).rows[0];
}

export async function get(sql: Sql, userId: bigint, id: bigint) {
  return (await sql.query<BetRowDb>('SELECT * FROM bets WHERE id = $1 AND user_id = $2', [id, userId])).rows[0];
}

/**
 * Whose bets a history read covers: one member's, an agent's whole subtree (closure table
 * user_tree, decision 026; each member's rows then come from bets_user_idx), or both (one member,
 * checked to be in the subtree). `account` narrows to one member by account; `agentAccount` to
 * the subtree of an agent named by account (the admin's list); none of them = every member.
 */
export type BetsOf = { userId?: bigint; agentId?: bigint; account?: string; agentAccount?: string };
export type HistoryRowDb = BetRowDb & { account: string };

export async function history(
  sql: Sql,
  who: BetsOf,
  f: { gameType?: string; game?: string; status?: string; from: Date; to: Date },
  skip: number,
  limit: number,
) {
  const params: unknown[] = [f.from, f.to, f.gameType ?? null, f.status ?? null, f.game ?? null];
  const where = [
    'b.created_at >= $1',
    'b.created_at < $2',
    '($3::text IS NULL OR b.game_type = $3)',
    '($4::text IS NULL OR b.status = $4)',
    '($5::text IS NULL OR b.game = $5)',
  ];
  const add = (clause: (n: number) => string, v: unknown) => where.push(clause(params.push(v)));
  if (who.userId !== undefined) add((n) => `b.user_id = $${n}`, who.userId);
  if (who.agentId !== undefined) add((n) => `b.user_id IN (SELECT descendant_id FROM user_tree WHERE ancestor_id = $${n} AND depth > 0)`, who.agentId);
  if (who.account !== undefined) add((n) => `b.user_id = (SELECT id FROM users WHERE account = $${n})`, who.account);
  if (who.agentAccount !== undefined)
    add(
      (n) => `b.user_id IN (SELECT descendant_id FROM user_tree WHERE ancestor_id = (SELECT id FROM users WHERE account = $${n}) AND depth > 0)`,
      who.agentAccount,
    );
  const cond = where.join(' AND ');
  const n = params.length;
  const rows = (
    await sql.query<HistoryRowDb>(
      `SELECT b.*, u.account FROM (SELECT b.* FROM bets b WHERE ${cond} ORDER BY b.id DESC OFFSET $${n + 1} LIMIT $${n + 2}) b
       JOIN users u ON u.id = b.user_id ORDER BY b.id DESC`,
      [...params, skip, limit],
    )
  ).rows;
  const sum = (
    await sql.query<{ n: number; amount: bigint | null; win: bigint | null }>(
      `SELECT count(*)::int AS n, sum(amount)::bigint AS amount, sum(win_amount)::bigint AS win FROM bets b WHERE ${cond}`,
      params,
    )
  ).rows[0];
  return { rows, total: sum.n, amount: sum.amount ?? 0n, win: sum.win ?? 0n };
}

export type LockedBet = Pick<BetRowDb, 'id' | 'user_id' | 'game_type' | 'game' | 'amount' | 'potential_win' | 'win_amount' | 'status'> & {
  settle_count: number;
};

/** Locks bets in id order (every settler locks in the same order, so batches never deadlock). */
export async function lockMany(sql: Sql, ids: bigint[]) {
  return (
    await sql.query<LockedBet>(
      `SELECT id, user_id, game_type, game, amount, potential_win, win_amount, status, settle_count FROM bets
       WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [ids.map(String)],
      'bets_lock_many',
    )
  ).rows;
}

/** Writes a batch of settlements (or re-openings: status 'open', win 0, no settled_at). */
export async function writeSettlements(
  sql: Sql,
  rows: { id: bigint; status: string; win: bigint; selections: string | null; cancelledBy: string | null }[],
  at: Date | null,
  tx: bigint | null,
  countStep: number,
) {
  // The outbox rows ride in the same statement (decision 027). A bet going from one result
  // straight to another (resettleBets writes it once) also undoes the settlement it had: `prior`
  // reads the rows as they were before this statement's update.
  await sql.query(
    `WITH prior AS MATERIALIZED (SELECT id, status, settle_count, win_amount FROM bets WHERE id = ANY($1::bigint[]) AND status <> 'open'),
     w AS (
       UPDATE bets b SET status = u.status, win_amount = u.win, settled_at = $6::timestamptz, settled_tx = $7::bigint,
         settle_count = b.settle_count + $8::int, selections = coalesce(u.selections, b.selections), cancelled_by = u.cancelled_by
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::jsonb[], $5::text[]) AS u(id, status, win, selections, cancelled_by)
       WHERE b.id = u.id
       RETURNING b.id AS bet_id, ${OUTBOX_COLS}),
     undone AS (
       SELECT w.bet_id, p.settle_count AS ob_stage, 'open' AS ob_status, w.ob_user, w.ob_game_type, w.ob_bet_type, w.ob_game, w.ob_amount, w.ob_at,
         p.status AS ob_result, p.win_amount AS ob_win, w.ob_placed, w.ob_vendor
       FROM w JOIN prior p ON p.id = w.bet_id WHERE w.ob_status <> 'open'
       UNION ALL
       SELECT w.bet_id, w.ob_stage, w.ob_status, w.ob_user, w.ob_game_type, w.ob_bet_type, w.ob_game, w.ob_amount, w.ob_at,
         CASE WHEN w.ob_status = 'open' THEN p.status ELSE w.ob_result END, CASE WHEN w.ob_status = 'open' THEN coalesce(p.win_amount, 0) ELSE w.ob_win END,
         w.ob_placed, w.ob_vendor
       FROM w LEFT JOIN prior p ON p.id = w.bet_id)
     ${outboxInsert('undone')}`,
    [
      rows.map((r) => String(r.id)),
      rows.map((r) => r.status),
      rows.map((r) => String(r.win)),
      rows.map((r) => r.selections),
      rows.map((r) => r.cancelledBy),
      at,
      tx === null ? null : String(tx),
      countStep,
    ],
    'bets_write_settlements',
  );
}

// ---- cash-out (decision 048)

/**
 * A partial cash-out in one statement: the bet keeps the rest of its stake and potential win (a
 * new settle stage, so a settlement that read the bet before finds it changed), and the cashed
 * part is the outbox row of that stage (`accrue`, status and result 'cashout', its stake and value).
 */
export async function writePartialCashout(sql: Sql, p: { id: bigint; amount: bigint; potential: bigint; stake: bigint; value: bigint; at: Date }) {
  await sql.query(
    `WITH w AS (UPDATE bets b SET amount = $2::bigint, potential_win = $3::bigint, settle_count = b.settle_count + 1 WHERE b.id = $1::bigint
       RETURNING b.id, b.settle_count, b.user_id, b.game_type, b.bet_type, b.game, b.created_at)
     INSERT INTO bet_outbox (bet_id, stage, kind, user_id, game_type, bet_type, game, amount, status, at, result, win, placed_at)
     SELECT w.id, w.settle_count, 'accrue', w.user_id, w.game_type, w.bet_type, w.game, $4::bigint, 'cashout', $6::timestamptz, 'cashout', $5::bigint, w.created_at
       FROM w`,
    [p.id, p.amount, p.potential, p.stake, p.value, p.at],
    'bets_partial_cashout',
  );
}

export type CashoutRowDb = {
  id: bigint;
  bet_id: bigint;
  user_id: bigint;
  request_id: string;
  stake: bigint;
  value: bigint;
  full_cashout: boolean;
  remaining_stake: bigint;
  remaining_potential: bigint;
  ledger_tx: bigint;
  created_at: Date;
};

export async function insertCashout(
  sql: Sql,
  c: {
    betId: bigint;
    userId: bigint;
    requestId: string;
    stake: bigint;
    value: bigint;
    full: boolean;
    remainingStake: bigint;
    remainingPotential: bigint;
    tx: bigint;
    at: Date;
  },
) {
  await sql.query(
    `INSERT INTO bet_cashouts (bet_id, user_id, request_id, stake, value, full_cashout, remaining_stake, remaining_potential, ledger_tx, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [c.betId, c.userId, c.requestId, c.stake, c.value, c.full, c.remainingStake, c.remainingPotential, c.tx, c.at],
  );
}

/** The member's cash-out of a request id (a retried call answers it). */
export async function cashoutByRequest(sql: Sql, userId: bigint, requestId: string) {
  return (await sql.query<CashoutRowDb>('SELECT * FROM bet_cashouts WHERE user_id = $1 AND request_id = $2', [userId, requestId])).rows[0];
}
