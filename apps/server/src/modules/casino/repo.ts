import type { Sql } from '../../platform/db.ts';
import { definePart } from '../ledger/index.ts';
import { lockedMembers } from '../members/index.ts';

export type WalletTxRow = {
  id: bigint;
  vendor: string;
  transaction_uuid: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  user_id: bigint;
  round: string;
  game: string;
  game_type: 'casino' | 'slot';
  wallet: 'money' | 'casino';
  amount: bigint;
  reference_uuid: string | null;
  bet_id: bigint | null;
  win_amount: bigint;
  status: 'open' | 'settled' | 'rolled_back' | 'done';
  request_uuid: string;
  answer_balance: bigint;
  balance_before: bigint;
  balance_after: bigint;
  created_at: Date;
  settled_at: Date | null;
};

export type SessionRow = {
  id: bigint;
  token: string;
  user_id: bigint;
  vendor: string;
  product: string | null;
  game: string | null;
  wallet_mode: 'seamless' | 'transfer' | 'switching';
  created_at: Date;
  expires_at: Date;
  last_seen_at: Date;
  closed_at: Date | null;
};

export type Prelude = {
  fresh: boolean;
  session: Pick<SessionRow, 'user_id' | 'vendor' | 'expires_at' | 'closed_at' | 'wallet_mode' | 'product'> | null;
  tx: WalletTxRow | null;
  ref: WalletTxRow | null;
  user: { id: bigint; level: number; status: string; role: string } | null;
};

const TX_COLS = [
  'id',
  'vendor',
  'transaction_uuid',
  'kind',
  'user_id',
  'round',
  'game',
  'game_type',
  'wallet',
  'amount',
  'reference_uuid',
  'bet_id',
  'win_amount',
  'status',
  'request_uuid',
  'answer_balance',
  'balance_before',
  'balance_after',
  'created_at',
  'settled_at',
] as const;
const prefixed = (alias: string) => TX_COLS.map((c) => `${alias}.${c} AS ${alias}_${c}`).join(', ');
const unprefix = (row: Record<string, unknown>, alias: string): WalletTxRow | null =>
  row[`${alias}_id`] === null || row[`${alias}_id`] === undefined ? null : (Object.fromEntries(TX_COLS.map((c) => [c, row[`${alias}_${c}`]])) as WalletTxRow);

/**
 * Everything a wallet call needs to decide, in one round trip outside any transaction: the
 * nonce is taken (single use: `fresh` false when it was seen before), the session is touched at
 * most once a minute (idle sessions are closed by a job), and the session, the call's own
 * transaction id, the referenced one and the member are read.
 */
export async function prelude(
  sql: Sql,
  p: { vendor: string; nonce: string; at: Date; token: string | null; txUuid: string | null; refUuid: string | null; userId: bigint | null },
): Promise<Prelude> {
  const r = await sql.query(
    `WITH n AS (INSERT INTO casino_wallet_nonces (vendor, nonce, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1),
     touch AS (UPDATE casino_sessions SET last_seen_at = $3 WHERE token = $4 AND closed_at IS NULL AND last_seen_at < $3 - interval '60 seconds' RETURNING 1)
     SELECT (SELECT count(*) FROM n)::int AS fresh,
       s.user_id AS s_user_id, s.vendor AS s_vendor, s.expires_at AS s_expires_at, s.closed_at AS s_closed_at, s.wallet_mode AS s_wallet_mode, s.product AS s_product,
       ${prefixed('t')}, ${prefixed('r')},
       u.id AS u_id, u.level AS u_level, u.status AS u_status, u.role AS u_role
     FROM (SELECT 1) one
     LEFT JOIN casino_sessions s ON s.token = $4
     LEFT JOIN casino_wallet_tx t ON t.vendor = $1 AND t.transaction_uuid = $5
     LEFT JOIN casino_wallet_tx r ON r.vendor = $1 AND r.transaction_uuid = $6
     LEFT JOIN users u ON u.id = $7`,
    [p.vendor, p.nonce, p.at, p.token, p.txUuid, p.refUuid, p.userId],
    'casino_wallet_prelude',
  );
  const row = r.rows[0];
  return {
    fresh: row.fresh === 1,
    session:
      row.s_user_id === null
        ? null
        : {
            user_id: row.s_user_id,
            vendor: row.s_vendor,
            expires_at: row.s_expires_at,
            closed_at: row.s_closed_at,
            wallet_mode: row.s_wallet_mode,
            product: row.s_product,
          },
    tx: unprefix(row, 't'),
    ref: unprefix(row, 'r'),
    user: row.u_id === null ? null : { id: row.u_id, level: Number(row.u_level), status: row.u_status, role: row.u_role },
  };
}

export async function findTx(sql: Sql, vendor: string, uuid: string) {
  return (
    await sql.query<WalletTxRow>(
      `SELECT ${TX_COLS.join(', ')} FROM casino_wallet_tx WHERE vendor = $1 AND transaction_uuid = $2`,
      [vendor, uuid],
      'casino_tx_find',
    )
  ).rows[0];
}

export type NewTx = Omit<WalletTxRow, 'id' | 'settled_at' | 'win_amount'> & { win_amount?: bigint };
export type CallLog = { method: string; body: string; status: string; answer: object };

const TX_INSERT_COLS = `vendor, transaction_uuid, kind, user_id, round, game, game_type, wallet, amount, reference_uuid, bet_id, win_amount, status,
  request_uuid, answer_balance, balance_before, balance_after, created_at`;
const txValues = (t: NewTx) => [
  t.vendor,
  t.transaction_uuid,
  t.kind,
  t.user_id,
  t.round,
  t.game,
  t.game_type,
  t.wallet,
  t.amount,
  t.reference_uuid,
  t.bet_id,
  t.win_amount ?? 0n,
  t.status,
  t.request_uuid,
  t.answer_balance,
  t.balance_before,
  t.balance_after,
  t.created_at,
];

/**
 * Inserts a wallet transaction and its call log in one statement. Returns the new id, or null
 * when the (vendor, transaction_uuid) key was taken meanwhile (nothing is logged then).
 */
export async function insertTx(sql: Sql, t: NewTx, log: CallLog | null, settle?: { id: bigint; win: bigint; balance: bigint; status: WalletTxRow['status'] }) {
  const r = await sql.query<{ id: bigint }>(
    `WITH t AS (
       INSERT INTO casino_wallet_tx (${TX_INSERT_COLS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       ON CONFLICT (vendor, transaction_uuid) DO NOTHING RETURNING id),
     c AS (INSERT INTO casino_wallet_calls (vendor, method, request_uuid, transaction_uuid, body, status, answer, at)
       SELECT $1, $19, $14, $2, $20, $21, $22, $18 FROM t WHERE $19::text IS NOT NULL),
     s AS (UPDATE casino_wallet_tx SET win_amount = win_amount + $24, balance_after = $25, status = $26, settled_at = $18
       WHERE id = $23 AND EXISTS (SELECT 1 FROM t))
     SELECT id FROM t`,
    [
      ...txValues(t),
      log?.method ?? null,
      log?.body ?? null,
      log?.status ?? null,
      log ? JSON.stringify(log.answer) : null,
      settle?.id ?? null,
      settle?.win ?? 0n,
      settle?.balance ?? 0n,
      settle?.status ?? 'open',
    ],
    'casino_tx_insert',
  );
  return r.rows[0]?.id ?? null;
}

/** A referenced transaction locked and read again (its status may have changed since the prelude). */
export const lockTx = (sql: Sql, id: bigint) =>
  sql.query<WalletTxRow>(`SELECT ${TX_COLS.join(', ')} FROM casino_wallet_tx WHERE id = $1 FOR UPDATE`, [id], 'casino_tx_lock').then((r) => r.rows[0]);

/** The wins paid on a bet (not rolled back), oldest first. */
export const winsOf = (sql: Sql, vendor: string, betUuid: string) =>
  sql
    .query<WalletTxRow>(
      `SELECT ${TX_COLS.join(', ')} FROM casino_wallet_tx WHERE vendor = $1 AND reference_uuid = $2 AND kind = 'win' AND status <> 'rolled_back' ORDER BY id`,
      [vendor, betUuid],
    )
    .then((r) => r.rows);

export async function markRolledBack(sql: Sql, ids: bigint[]) {
  await sql.query(`UPDATE casino_wallet_tx SET status = 'rolled_back' WHERE id = ANY($1::bigint[])`, [ids]);
}

/** A bet row's round result after a win was undone. */
export async function setRoundResult(sql: Sql, id: bigint, win: bigint, balance: bigint, status: WalletTxRow['status'], at: Date | null) {
  await sql.query(`UPDATE casino_wallet_tx SET win_amount = $2, balance_after = $3, status = $4, settled_at = $5 WHERE id = $1`, [
    id,
    win,
    balance,
    status,
    at,
  ]);
}

// ---- hot path (decision 021, "Hot path"): the checks ride in the money transaction's statements

/** The constraint a bet's wallet row breaks on purpose when a hot-path check fails (see `betThenMany`). */
export const REFUSED_CONSTRAINT = 'casino_wallet_tx_status_check';
/** The wallet row's idempotency key: a taken transaction id (replay, tombstone, concurrent duplicate). */
export const TAKEN_CONSTRAINT = 'casino_wallet_tx_vendor_transaction_uuid_key';

/**
 * The call log of a batch's money calls (`cw_c`): one row per wallet row the statement inserted
 * (`cw_t`), joined to the calls (`calls`: vendor, tx_uuid, request_uuid, body, usr, currency, at)
 * with the answer built in SQL from the wallet row's balance, as `answerOf` builds it.
 */
const callLogCte = (method: 'bet' | 'win', calls: string) =>
  `cw_c AS (INSERT INTO casino_wallet_calls (vendor, method, request_uuid, transaction_uuid, body, status, answer, at)
       SELECT x.vendor, '${method}', x.request_uuid, x.tx_uuid, x.body, 'RS_OK',
         jsonb_build_object('status', 'RS_OK', 'request_uuid', x.request_uuid, 'user', x.usr, 'currency', x.currency, 'balance', t.answer_balance::text),
         x.at
       FROM cw_t t JOIN ${calls} x ON x.vendor = t.vendor AND x.tx_uuid = t.transaction_uuid)`;

/** One seamless bet for `betThenMany`: its wallet row and the call's checks, levels as a bit mask. */
export type BatchBetItem = {
  t: NewTx;
  nonce: string;
  token: string;
  /** Bit n set: level n may stake this amount. */
  levelMask: number;
  body: string;
  user: string;
  currency: string;
  /** The bet's request id (`<vendor>:<transaction_uuid>`), to find it in the batch's `attached`. */
  betRequestId: string;
};

/**
 * Seamless bets' own rows, riding in `placeBet`'s statement (betting's `then`: CTEs after the bet
 * rows, reading `attached`), for one bet or a batch placed together (betting's group commit),
 * joined to `attached` by member and request id so a bet the statement did not post gets
 * nothing: the nonce, the session touch, the wallet row and the call log (the answer built in
 * SQL with the bet's balance after). The checks the prelude made (a live seamless session of this
 * member and vendor, a player in an active status, a level that may stake this amount, a fresh
 * nonce) decide each wallet row's status: a failed check writes a status its CHECK refuses
 * (`REFUSED_CONSTRAINT`), a taken id breaks the unique key (`TAKEN_CONSTRAINT`) — either aborts
 * the whole statement, stakes and bet rows included, and the caller decides on the careful path
 * (a batch: every bet one by one first). On a ledger replay `attached` is empty and nothing here
 * runs (not even the nonce: `nonceTaken` tells the caller). The checks read the statement's
 * snapshot, from before the member lock its guard waits for: a session closed or a member
 * suspended at that very moment may still take this one bet, as if it had come a moment earlier.
 *
 * The session touch inside a money statement skips a session row another call holds (that call
 * is touching it): waiting there while holding the member's accounts could deadlock.
 */
const betThenManyPart = definePart(
  'casino_bet',
  `cw_a AS (
       SELECT x.*, a.bet_id, a.bet_money_before, a.bet_money_after FROM attached a
       JOIN unnest(:vendors::text[], :nonces::text[], :ats::timestamptz[], :tokens::text[], :user_ids::bigint[], :levels::int[], :tx_uuids::text[], :rounds::text[], :games::text[], :game_types::text[],
         :amounts::bigint[], :request_uuids::text[], :bodies::text[], :usrs::text[], :currencies::text[], :bet_request_ids::text[])
         AS x(vendor, nonce, at, token, user_id, levels, tx_uuid, round, game, game_type, amount, request_uuid, body, usr, currency, bet_request_id)
         ON x.user_id = a.owner_id AND x.bet_request_id = a.bet_request_id),
     cw_n AS (INSERT INTO casino_wallet_nonces (vendor, nonce, at) SELECT vendor, nonce, at FROM cw_a ON CONFLICT DO NOTHING RETURNING vendor, nonce),
     cw_ok AS (
       SELECT x.bet_id, s.id AS session_id FROM cw_a x
       JOIN casino_sessions s ON s.token = x.token AND s.user_id = x.user_id AND s.vendor = x.vendor AND s.wallet_mode = 'seamless'
         AND s.closed_at IS NULL AND s.expires_at > x.at
       JOIN users u ON u.id = x.user_id AND u.role = 'user' AND u.status = ANY(:statuses::text[]) AND (x.levels >> u.level) & 1 = 1),
     cw_touch AS (UPDATE casino_sessions c SET last_seen_at = v.at FROM (
       SELECT s.id, x.at FROM casino_sessions s JOIN cw_ok o ON o.session_id = s.id JOIN cw_a x ON x.bet_id = o.bet_id
       WHERE s.last_seen_at < x.at - interval '60 seconds' FOR UPDATE OF s SKIP LOCKED) v WHERE c.id = v.id),
     cw_t AS (
       INSERT INTO casino_wallet_tx (${TX_INSERT_COLS})
       SELECT x.vendor, x.tx_uuid, 'bet', x.user_id, x.round, x.game, x.game_type, 'money', x.amount, NULL, x.bet_id, 0,
         CASE WHEN EXISTS (SELECT 1 FROM cw_n n WHERE n.vendor = x.vendor AND n.nonce = x.nonce) AND EXISTS (SELECT 1 FROM cw_ok o WHERE o.bet_id = x.bet_id)
           THEN 'open' ELSE 'refused' END,
         x.request_uuid, x.bet_money_after, x.bet_money_before, x.bet_money_after, x.at
       FROM cw_a x RETURNING vendor, transaction_uuid, answer_balance),
     ${callLogCte('bet', 'cw_a')}`,
);

export function betThenMany(items: BatchBetItem[], statuses: string[]) {
  const col = <T>(f: (i: BatchBetItem) => T) => items.map(f);
  return betThenManyPart({
    vendors: col((i) => i.t.vendor),
    nonces: col((i) => i.nonce),
    ats: col((i) => i.t.created_at),
    tokens: col((i) => i.token),
    user_ids: col((i) => String(i.t.user_id)),
    levels: col((i) => i.levelMask),
    tx_uuids: col((i) => i.t.transaction_uuid),
    rounds: col((i) => i.t.round),
    games: col((i) => i.t.game),
    game_types: col((i) => i.t.game_type),
    amounts: col((i) => String(i.t.amount)),
    request_uuids: col((i) => i.t.request_uuid),
    bodies: col((i) => i.body),
    usrs: col((i) => i.user),
    currencies: col((i) => i.currency),
    bet_request_ids: col((i) => i.betRequestId),
    statuses: statuses,
  });
}

/** Whether this call's nonce is stored (after a bet whose `betThenMany` rows may not have run). */
export const nonceTaken = (sql: Sql, vendor: string, nonce: string) =>
  sql.query(`SELECT 1 FROM casino_wallet_nonces WHERE vendor = $1 AND nonce = $2`, [vendor, nonce], 'casino_nonce_taken').then((r) => r.rows.length > 0);

/**
 * A win locks its member's row FOR KEY SHARE before anything else (materialised, read in the
 * locking query's filter, so taken before the wallet row): the win row's foreign key needs that
 * lock at the end anyway, and taking it last, while holding the member's accounts, deadlocks with
 * a bet or rollback that holds the member row and waits for those accounts. Wins of one member
 * do not block each other on it; bets and rollbacks (member lock) do, briefly.
 */
const memberKeyShare = (ids: string) => `SELECT id, role FROM ${lockedMembers({ ids, keyShare: true })} u`;

/** A win's bet wallet row locked on the careful path, after its member (see memberKeyShare). */
export const lockForWin = (sql: Sql, id: bigint, userId: bigint) =>
  sql
    .query<WalletTxRow>(
      `WITH member AS MATERIALIZED (${memberKeyShare('$2')})
       SELECT ${TX_COLS.join(', ')} FROM casino_wallet_tx WHERE id = $1 AND EXISTS (SELECT 1 FROM member) FOR UPDATE`,
      [id, userId],
      'casino_tx_lock_win',
    )
    .then((r) => r.rows[0]);

/**
 * A win's first statement, inside its transaction: takes the nonce, touches the session, and
 * locks the referenced bet's wallet row when the call is plainly valid (the token is this
 * member's for this vendor, the member a player, the call's own id unused, the bet this member's
 * and not rolled back). No row: the caller rolls back and decides on the careful path.
 */
export async function startWin(sql: Sql, p: { vendor: string; nonce: string; at: Date; token: string; userId: bigint; txUuid: string; refUuid: string }) {
  const r = await sql.query<WalletTxRow>(
    `WITH member AS MATERIALIZED (${memberKeyShare('$5')}),
     n AS (INSERT INTO casino_wallet_nonces (vendor, nonce, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1),
     touch AS (UPDATE casino_sessions SET last_seen_at = $3 WHERE id IN (
       SELECT x.id FROM casino_sessions x WHERE x.token = $4 AND x.closed_at IS NULL AND x.last_seen_at < $3 - interval '60 seconds' AND EXISTS (SELECT 1 FROM n)
       FOR UPDATE SKIP LOCKED))
     SELECT ${TX_COLS.map((c) => `r.${c}`).join(', ')} FROM casino_wallet_tx r
     WHERE r.vendor = $1 AND r.transaction_uuid = $7 AND r.kind = 'bet' AND r.user_id = $5 AND r.status <> 'rolled_back'
       AND EXISTS (SELECT 1 FROM n)
       AND EXISTS (SELECT 1 FROM casino_sessions s WHERE s.token = $4 AND s.user_id = $5 AND s.vendor = $1)
       AND EXISTS (SELECT 1 FROM member WHERE role = 'user')
       AND NOT EXISTS (SELECT 1 FROM casino_wallet_tx o WHERE o.vendor = $1 AND o.transaction_uuid = $6)
     FOR UPDATE OF r`,
    [p.vendor, p.nonce, p.at, p.token, p.userId, p.txUuid, p.refUuid],
    'casino_start_win',
  );
  return r.rows[0] ?? null;
}

/** One seamless win for `winGuardMany` and `winThenMany`: its wallet row and the call's checks. */
export type BatchWinItem = {
  t: NewTx;
  nonce: string;
  token: string;
  body: string;
  user: string;
  currency: string;
  /** The bet it settles (its wallet row is found by `t.reference_uuid`, locked while open). */
  betId: bigint;
};

/**
 * Seamless wins' checks as the guard of betting's settlement (`settleOneBet`, alone or in a
 * batch), run first, before the bets and the accounts are locked, answering `(user_id, ok)` per
 * member: key-shares the members (see memberKeyShare), then locks each round's bet wallet row
 * while it is open, the member's and the bet's being settled (ascending id), and checks what `startWin` checks (the token
 * this member's for this vendor, the member a player, the call's own id unused). Rows another
 * call holds are skipped (that member's win says no and goes its careful path, which waits),
 * so one busy member never holds up the batch. Read-only but for the locks: the nonce and the
 * session touch go in `winThenMany`. No means nothing is written for that member.
 */
const winGuardManyPart = definePart(
  'cw_win_guard',
  `WITH x AS MATERIALIZED (
         SELECT * FROM unnest(:vendors::text[], :user_ids::bigint[], :ref_uuids::text[], :tokens::text[], :tx_uuids::text[], :bet_ids::bigint[]) AS x(vendor, user_id, ref_uuid, token, tx_uuid, bet_id)),
       member AS MATERIALIZED (SELECT u.id, u.role FROM ${lockedMembers({ ids: 'ARRAY(SELECT user_id FROM x)', many: true, keyShare: true, skipLocked: true })} u),
       w AS MATERIALIZED (SELECT r.user_id FROM casino_wallet_tx r JOIN x ON r.vendor = x.vendor AND r.transaction_uuid = x.ref_uuid
         WHERE r.kind = 'bet' AND r.user_id = x.user_id AND r.wallet = 'money' AND r.bet_id = x.bet_id
           AND r.status = 'open' AND EXISTS (SELECT 1 FROM member m WHERE m.id = x.user_id AND m.role = 'user')
         ORDER BY r.id FOR UPDATE OF r SKIP LOCKED)
     SELECT x.user_id, (EXISTS (SELECT 1 FROM w WHERE w.user_id = x.user_id)
       AND EXISTS (SELECT 1 FROM casino_sessions s WHERE s.token = x.token AND s.user_id = x.user_id AND s.vendor = x.vendor)
       AND NOT EXISTS (SELECT 1 FROM casino_wallet_tx o WHERE o.vendor = x.vendor AND o.transaction_uuid = x.tx_uuid)) AS ok
     FROM x`,
);

export function winGuardMany(items: BatchWinItem[]) {
  const col = <T>(f: (i: BatchWinItem) => T) => items.map(f);
  return winGuardManyPart({
    vendors: col((i) => i.t.vendor),
    user_ids: col((i) => String(i.t.user_id)),
    ref_uuids: col((i) => i.t.reference_uuid),
    tokens: col((i) => i.token),
    tx_uuids: col((i) => i.t.transaction_uuid),
    bet_ids: col((i) => String(i.betId)),
  });
}

/**
 * Seamless wins' own rows after their bets' settlement rows (betting's `then`, reading
 * `attached`: bet_id, player_after), joined by bet so a bet the statement did not settle gets
 * nothing: the nonce, the session touch, the win row and its call log with the balance after,
 * and the round's result on the bet wallet row. A taken nonce writes a status the CHECK refuses
 * (`REFUSED_CONSTRAINT`), a taken id breaks the unique key: either aborts the whole statement,
 * settlements included (a batch: every win one by one first). The session touch skips a row
 * another call holds (see `betThenMany`).
 */
const winThenManyPart = definePart(
  'casino_win',
  `cw_x AS (
       SELECT x.*, a.player_after AS balance FROM attached a
       JOIN unnest(:vendors::text[], :nonces::text[], :ats::timestamptz[], :tokens::text[], :user_ids::bigint[], :tx_uuids::text[], :rounds::text[], :games::text[], :game_types::text[], :amounts::bigint[],
         :ref_uuids::text[], :request_uuids::text[], :bodies::text[], :usrs::text[], :currencies::text[], :bet_ids::bigint[])
         AS x(vendor, nonce, at, token, user_id, tx_uuid, round, game, game_type, amount, ref_uuid, request_uuid, body, usr, currency, bet_id)
         ON x.bet_id = a.bet_id),
     cw_n AS (INSERT INTO casino_wallet_nonces (vendor, nonce, at) SELECT vendor, nonce, at FROM cw_x ON CONFLICT DO NOTHING RETURNING vendor, nonce),
     cw_touch AS (UPDATE casino_sessions c SET last_seen_at = v.at FROM (
       SELECT s.id, x.at FROM casino_sessions s JOIN cw_x x ON s.token = x.token
       WHERE s.closed_at IS NULL AND s.last_seen_at < x.at - interval '60 seconds' AND EXISTS (SELECT 1 FROM cw_n n WHERE n.vendor = x.vendor AND n.nonce = x.nonce)
       FOR UPDATE OF s SKIP LOCKED) v WHERE c.id = v.id),
     cw_t AS (
       INSERT INTO casino_wallet_tx (${TX_INSERT_COLS})
       SELECT x.vendor, x.tx_uuid, 'win', x.user_id, x.round, x.game, x.game_type, 'money', x.amount, x.ref_uuid, x.bet_id, 0,
         CASE WHEN EXISTS (SELECT 1 FROM cw_n n WHERE n.vendor = x.vendor AND n.nonce = x.nonce) THEN 'done' ELSE 'refused' END,
         x.request_uuid, x.balance, x.balance - x.amount, x.balance, x.at
       FROM cw_x x RETURNING vendor, transaction_uuid, answer_balance),
     ${callLogCte('win', 'cw_x')},
     cw_s AS (UPDATE casino_wallet_tx w SET win_amount = w.win_amount + x.amount, balance_after = t.answer_balance, status = 'settled', settled_at = x.at
       FROM cw_t t JOIN cw_x x ON x.vendor = t.vendor AND x.tx_uuid = t.transaction_uuid WHERE w.vendor = x.vendor AND w.transaction_uuid = x.ref_uuid)`,
);

export function winThenMany(items: BatchWinItem[]) {
  const col = <T>(f: (i: BatchWinItem) => T) => items.map(f);
  return winThenManyPart({
    vendors: col((i) => i.t.vendor),
    nonces: col((i) => i.nonce),
    ats: col((i) => i.t.created_at),
    tokens: col((i) => i.token),
    user_ids: col((i) => String(i.t.user_id)),
    tx_uuids: col((i) => i.t.transaction_uuid),
    rounds: col((i) => i.t.round),
    games: col((i) => i.t.game),
    game_types: col((i) => i.t.game_type),
    amounts: col((i) => String(i.t.amount)),
    ref_uuids: col((i) => i.t.reference_uuid),
    request_uuids: col((i) => i.t.request_uuid),
    bodies: col((i) => i.body),
    usrs: col((i) => i.user),
    currencies: col((i) => i.currency),
    bet_ids: col((i) => String(i.betId)),
  });
}

/**
 * A win's last statement: reads the member's balance after the payment (this transaction's own
 * write; the ledger's account row, read-only here), inserts the win row and its call log with
 * that balance, and records the round's result on the bet row. Returns the balance, or null when
 * the win's transaction id was taken meanwhile (nothing written).
 */
export async function finishWin(
  sql: Sql,
  t: NewTx,
  answer: { request_uuid: string; user: string; currency: string },
  log: { method: string; body: string },
  betRowId: bigint,
) {
  // Parameters: the wallet row's first 14 columns, then its time ($15); every one is used (pg
  // cannot type an unused parameter).
  const r = await sql.query<{ balance: bigint }>(
    `WITH b AS (SELECT balance FROM ledger_accounts WHERE owner_type = 'user' AND owner_id = $4 AND asset = $8),
     t AS (
       INSERT INTO casino_wallet_tx (${TX_INSERT_COLS})
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, b.balance, b.balance - $9, b.balance, $15 FROM b
       ON CONFLICT (vendor, transaction_uuid) DO NOTHING RETURNING id, answer_balance),
     c AS (INSERT INTO casino_wallet_calls (vendor, method, request_uuid, transaction_uuid, body, status, answer, at)
       SELECT $1, $16, $14, $2, $17, 'RS_OK',
         jsonb_build_object('status', 'RS_OK', 'request_uuid', $18::text, 'user', $19::text, 'currency', $20::text, 'balance', t.answer_balance::text), $15 FROM t),
     s AS (UPDATE casino_wallet_tx w SET win_amount = w.win_amount + $9, balance_after = t.answer_balance, status = 'settled', settled_at = $15
       FROM t WHERE w.id = $21)
     SELECT answer_balance AS balance FROM t`,
    [...txValues(t).slice(0, 14), t.created_at, log.method, log.body, answer.request_uuid, answer.user, answer.currency, betRowId],
    'casino_finish_win',
  );
  return r.rows[0]?.balance ?? null;
}

/**
 * A balance call in one statement (no transaction: a statement is atomic on its own): when the
 * session is live and this member's for this vendor, takes the nonce, touches the session, reads
 * the session wallet's balance and stores the call and its answer. No row: nothing was written
 * (not even the nonce), and the caller decides on the careful path.
 */
export async function balanceCall(
  sql: Sql,
  p: { vendor: string; nonce: string; at: Date; token: string; userId: bigint; requestUuid: string; user: string; currency: string; body: string },
) {
  const r = await sql.query<{ balance: bigint }>(
    `WITH ok AS (
       SELECT s.id, CASE WHEN s.wallet_mode = 'seamless' THEN 'money' ELSE 'casino' END AS wallet
       FROM casino_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token = $4 AND s.user_id = $5 AND s.vendor = $1 AND s.closed_at IS NULL AND s.expires_at > $3 AND u.role = 'user'),
     n AS (INSERT INTO casino_wallet_nonces (vendor, nonce, at) SELECT $1, $2, $3 FROM ok ON CONFLICT DO NOTHING RETURNING 1),
     touch AS (UPDATE casino_sessions SET last_seen_at = $3 WHERE id IN (
       SELECT x.id FROM casino_sessions x JOIN ok ON x.id = ok.id WHERE x.last_seen_at < $3 - interval '60 seconds' AND EXISTS (SELECT 1 FROM n)
       FOR UPDATE OF x SKIP LOCKED)),
     b AS (
       SELECT coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.owner_type = 'user' AND a.owner_id = $5 AND a.asset = ok.wallet), 0)::int8 AS balance
       FROM ok WHERE EXISTS (SELECT 1 FROM n)),
     c AS (INSERT INTO casino_wallet_calls (vendor, method, request_uuid, transaction_uuid, body, status, answer, at)
       SELECT $1, 'balance', $6, NULL, $9, 'RS_OK',
         jsonb_build_object('status', 'RS_OK', 'request_uuid', $6::text, 'user', $7::text, 'currency', $8::text, 'balance', b.balance::text), $3 FROM b)
     SELECT balance FROM b`,
    [p.vendor, p.nonce, p.at, p.token, p.userId, p.requestUuid, p.user, p.currency, p.body],
    'casino_balance_call',
  );
  return r.rows[0]?.balance ?? null;
}

export async function logCall(sql: Sql, c: { vendor: string; requestUuid: string | null; txUuid: string | null; at: Date } & CallLog) {
  await sql.query(
    `INSERT INTO casino_wallet_calls (vendor, method, request_uuid, transaction_uuid, body, status, answer, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [c.vendor, c.method.slice(0, 40), c.requestUuid?.slice(0, 200) ?? null, c.txUuid?.slice(0, 200) ?? null, c.body, c.status, JSON.stringify(c.answer), c.at],
    'casino_call_log',
  );
}

export async function pruneNonces(sql: Sql, before: Date) {
  return (await sql.query('DELETE FROM casino_wallet_nonces WHERE at < $1', [before])).rowCount;
}

// ---- sessions

export async function insertSession(sql: Sql, s: Omit<SessionRow, 'id' | 'closed_at'>) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO casino_sessions (token, user_id, vendor, product, game, wallet_mode, created_at, expires_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [s.token, s.user_id, s.vendor, s.product, s.game, s.wallet_mode, s.created_at, s.expires_at, s.last_seen_at],
  );
  return r.rows[0].id;
}

export const sessionByToken = (sql: Sql, token: string) =>
  sql.query<SessionRow>('SELECT * FROM casino_sessions WHERE token = $1', [token]).then((r) => r.rows[0]);

/** Open sessions of a member, locked (the member lock is already held). */
export const openSessions = (sql: Sql, userId: bigint) =>
  sql.query<SessionRow>('SELECT * FROM casino_sessions WHERE user_id = $1 AND closed_at IS NULL ORDER BY id FOR UPDATE', [userId]).then((r) => r.rows);

export async function closeSessions(sql: Sql, ids: bigint[], at: Date) {
  await sql.query('UPDATE casino_sessions SET closed_at = $2 WHERE id = ANY($1::bigint[]) AND closed_at IS NULL', [ids, at]);
}

/** Members with an open switching session idle since `before` (or expired). */
export const idleSwitchingMembers = (sql: Sql, before: Date, now: Date, limit: number) =>
  sql
    .query<{ user_id: bigint }>(
      `SELECT DISTINCT user_id FROM casino_sessions WHERE closed_at IS NULL AND wallet_mode = 'switching' AND (last_seen_at < $1 OR expires_at < $2) LIMIT $3`,
      [before, now, limit],
    )
    .then((r) => r.rows.map((x) => x.user_id));

/** Idle open sessions of the other modes are simply closed (no money is parked with them). */
export async function closeIdleOthers(sql: Sql, before: Date, now: Date) {
  return (
    await sql.query(
      `UPDATE casino_sessions SET closed_at = $2 WHERE closed_at IS NULL AND wallet_mode <> 'switching' AND (last_seen_at < $1 OR expires_at < $2)`,
      [before, now],
    )
  ).rowCount;
}

// ---- vendor settings

export type VendorSettingsRow = { vendor: string; enabled: boolean; wallet_mode: SessionRow['wallet_mode']; skin: number };

export const vendorSettings = (sql: Sql) =>
  sql.query<VendorSettingsRow>('SELECT vendor, enabled, wallet_mode, skin FROM casino_vendor_settings').then((r) => r.rows);

export async function upsertVendorSettings(sql: Sql, s: VendorSettingsRow, at: Date, by: string) {
  await sql.query(
    `INSERT INTO casino_vendor_settings (vendor, enabled, wallet_mode, skin, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (vendor) DO UPDATE SET enabled = $2, wallet_mode = $3, skin = $4, updated_at = $5, updated_by = $6`,
    [s.vendor, s.enabled, s.wallet_mode, s.skin, at, by],
  );
}

// ---- agent pay-in / pay-out

export type AgentMoveRow = { id: bigint; agent_id: bigint; user_id: bigint; direction: 'deposit' | 'withdraw'; amount: bigint; request_id: string };

export const findAgentMove = (sql: Sql, agentId: bigint, requestId: string) =>
  sql.query<AgentMoveRow>('SELECT * FROM casino_agent_moves WHERE agent_id = $1 AND request_id = $2', [agentId, requestId]).then((r) => r.rows[0]);

export async function insertAgentMove(sql: Sql, m: Omit<AgentMoveRow, 'id'> & { memo: string | null; at: Date }) {
  await sql.query('INSERT INTO casino_agent_moves (agent_id, user_id, direction, amount, memo, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    m.agent_id,
    m.user_id,
    m.direction,
    m.amount,
    m.memo,
    m.request_id,
    m.at,
  ]);
}

// ---- history

export type HistoryFilter = {
  userId?: bigint;
  agentId?: bigint;
  account?: string;
  vendor?: string;
  game?: string;
  gameType?: string;
  from: Date;
  to: Date;
};

export type HistoryRow = WalletTxRow & { account: string };

function historyWhere(f: HistoryFilter) {
  const where = [`t.kind = 'bet'`, 't.created_at >= $1', 't.created_at < $2'];
  const params: unknown[] = [f.from, f.to];
  const add = (clause: (n: number) => string, v: unknown) => {
    params.push(v);
    where.push(clause(params.length));
  };
  if (f.userId !== undefined) add((n) => `t.user_id = $${n}`, f.userId);
  if (f.vendor) add((n) => `t.vendor = $${n}`, f.vendor);
  if (f.game) add((n) => `t.game = $${n}`, f.game);
  if (f.gameType) add((n) => `t.game_type = $${n}`, f.gameType);
  if (f.account) add((n) => `u.account = $${n}`, f.account);
  if (f.agentId !== undefined)
    add(
      (n) => `t.user_id IN (SELECT descendant_id FROM user_tree WHERE ancestor_id = $${n} AND depth > 0)`, // closure table, decision 026
      f.agentId,
    );
  return { where: where.join(' AND '), params };
}

export async function history(sql: Sql, f: HistoryFilter, skip: number, limit: number) {
  const { where, params } = historyWhere(f);
  const rows = await sql.query<HistoryRow>(
    `SELECT t.*, u.account FROM casino_wallet_tx t JOIN users u ON u.id = t.user_id WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${skip}`,
    params,
  );
  const sums = await sql.query<{ n: bigint; amount: bigint; win: bigint }>(
    `SELECT count(*)::int8 AS n, coalesce(sum(t.amount) FILTER (WHERE t.status <> 'rolled_back'), 0)::int8 AS amount,
       coalesce(sum(t.win_amount) FILTER (WHERE t.status <> 'rolled_back'), 0)::int8 AS win
     FROM casino_wallet_tx t JOIN users u ON u.id = t.user_id WHERE ${where}`,
    params,
  );
  return { rows: rows.rows, total: Number(sums.rows[0].n), amount: sums.rows[0].amount, win: sums.rows[0].win };
}

/** One round's bet row (the id history lists) with the member's account. */
export async function historyRow(sql: Sql, id: bigint) {
  return (
    await sql.query<HistoryRow>(`SELECT t.*, u.account FROM casino_wallet_tx t JOIN users u ON u.id = t.user_id WHERE t.id = $1 AND t.kind = 'bet'`, [id])
  ).rows[0];
}
