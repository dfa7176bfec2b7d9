import type { Sql } from '../../platform/db.ts';

export type HouseGame = 'slot' | 'baccarat';
export type RoundStatus = 'drawn' | 'bet_placed' | 'settled' | 'refused' | 'rolled_back';
export type ChainRow = { id: bigint; anchor: string; terminal_seed: string; length: number; next_use: number };
export type RoundRow = {
  id: bigint;
  game: HouseGame;
  game_code: string;
  user_id: bigint;
  token: string;
  request_id: string;
  chain_id: bigint;
  chain_use: number;
  seed: string;
  client_seed: string;
  bets: Record<string, string>;
  stake: bigint;
  win: bigint;
  result: Record<string, unknown>;
  status: RoundStatus;
  wallet_status: string | null;
  balance: bigint | null;
  attempts: number;
  created_at: Date;
};
export type SessionRow = { token: string; user_id: bigint; game_code: string; currency: string };

export async function findSession(sql: Sql, token: string): Promise<SessionRow | null> {
  const r = await sql.query<SessionRow>('SELECT token, user_id, game_code, currency FROM house_sessions WHERE token = $1', [token]);
  return r.rows[0] ?? null;
}

export async function saveSession(sql: Sql, s: SessionRow, at: Date) {
  await sql.query(
    `INSERT INTO house_sessions (token, user_id, game_code, currency, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (token) DO UPDATE SET currency = EXCLUDED.currency`,
    [s.token, s.user_id, s.game_code, s.currency, at],
  );
}

/** Takes the next seed of the player's open chain for the game (locks that chain row for this transaction). */
export async function takeChainUse(sql: Sql, game: HouseGame, user: bigint): Promise<ChainRow | null> {
  const r = await sql.query<ChainRow>(
    `UPDATE house_seed_chains SET next_use = next_use + 1
     WHERE id = (SELECT id FROM house_seed_chains WHERE game = $1 AND user_id = $2 AND next_use <= length ORDER BY id LIMIT 1 FOR UPDATE)
     RETURNING id, anchor, terminal_seed, length, next_use - 1 AS next_use`,
    [game, user],
    'house_take_chain_use',
  );
  return r.rows[0] ?? null;
}

export async function openChain(sql: Sql, game: HouseGame, user: bigint): Promise<ChainRow | null> {
  const r = await sql.query<ChainRow>(
    `SELECT id, anchor, terminal_seed, length, next_use FROM house_seed_chains WHERE game = $1 AND user_id = $2 AND next_use <= length ORDER BY id LIMIT 1`,
    [game, user],
  );
  return r.rows[0] ?? null;
}

export async function insertChain(sql: Sql, c: { game: HouseGame; user: bigint; anchor: string; terminalSeed: string; length: number; at: Date }) {
  await sql.query('INSERT INTO house_seed_chains (game, user_id, anchor, terminal_seed, length, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    c.game,
    c.user,
    c.anchor,
    c.terminalSeed,
    c.length,
    c.at,
  ]);
}

export async function chainAnchor(sql: Sql, id: bigint): Promise<string | null> {
  const r = await sql.query<{ anchor: string }>('SELECT anchor FROM house_seed_chains WHERE id = $1', [id]);
  return r.rows[0]?.anchor ?? null;
}

const ROUND_COLS = `id, game, game_code, user_id, token, request_id, chain_id, chain_use, seed, client_seed, bets, stake, win, result, status,
  wallet_status, balance, attempts, created_at`;

/** Inserts a drawn round; null when (token, request_id) already exists. */
export async function insertRound(
  sql: Sql,
  r: Omit<RoundRow, 'id' | 'status' | 'wallet_status' | 'balance' | 'attempts' | 'created_at'>,
  at: Date,
): Promise<RoundRow | null> {
  const res = await sql.query<RoundRow>(
    `INSERT INTO house_rounds (game, game_code, user_id, token, request_id, chain_id, chain_use, seed, client_seed, bets, stake, win, result, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'drawn', $14)
     ON CONFLICT (token, request_id) DO NOTHING RETURNING ${ROUND_COLS}`,
    [
      r.game,
      r.game_code,
      r.user_id,
      r.token,
      r.request_id,
      r.chain_id,
      r.chain_use,
      r.seed,
      r.client_seed,
      JSON.stringify(r.bets),
      r.stake,
      r.win,
      JSON.stringify(r.result),
      at,
    ],
  );
  return res.rows[0] ?? null;
}

export async function findRoundByRequest(sql: Sql, token: string, requestId: string): Promise<RoundRow | null> {
  const r = await sql.query<RoundRow>(`SELECT ${ROUND_COLS} FROM house_rounds WHERE token = $1 AND request_id = $2`, [token, requestId]);
  return r.rows[0] ?? null;
}

export async function findRound(sql: Sql, id: bigint): Promise<RoundRow | null> {
  const r = await sql.query<RoundRow>(`SELECT ${ROUND_COLS} FROM house_rounds WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

/** Moves a round on from the status it was read in (a concurrent mover wins; returns false then). */
export async function moveRound(
  sql: Sql,
  id: bigint,
  from: RoundStatus,
  to: RoundStatus,
  fields: { walletStatus: string | null; balance: bigint | null; at: Date },
): Promise<boolean> {
  const r = await sql.query(
    `UPDATE house_rounds SET status = $3, wallet_status = $4, balance = COALESCE($5, balance), attempts = attempts + 1,
       settled_at = CASE WHEN $3 IN ('settled', 'refused', 'rolled_back') THEN $6::timestamptz ELSE settled_at END
     WHERE id = $1 AND status = $2`,
    [id, from, to, fields.walletStatus, fields.balance, fields.at],
  );
  return r.rowCount === 1;
}

export async function countAttempt(sql: Sql, id: bigint, walletStatus: string | null) {
  await sql.query('UPDATE house_rounds SET attempts = attempts + 1, wallet_status = COALESCE($2, wallet_status) WHERE id = $1', [id, walletStatus]);
}

/** Rounds whose wallet calls are unfinished and older than `before` (the retry job). */
export async function pendingRounds(sql: Sql, before: Date, limit: number): Promise<RoundRow[]> {
  const r = await sql.query<RoundRow>(
    `SELECT ${ROUND_COLS} FROM house_rounds WHERE status IN ('drawn', 'bet_placed') AND created_at < $1 AND attempts < 50 ORDER BY id LIMIT $2`,
    [before, limit],
  );
  return r.rows;
}

export async function recentRounds(sql: Sql, userId: bigint, gameCode: string, limit: number): Promise<RoundRow[]> {
  const r = await sql.query<RoundRow>(
    `SELECT ${ROUND_COLS} FROM house_rounds WHERE user_id = $1 AND game_code = $2 AND status = 'settled' ORDER BY id DESC LIMIT $3`,
    [userId, gameCode, limit],
  );
  return r.rows;
}

export async function logWalletCall(
  sql: Sql,
  c: { roundId: bigint | null; method: string; request: string; httpStatus?: number; answer?: string; error?: string; at: Date },
) {
  await sql.query('INSERT INTO house_wallet_calls (round_id, method, request, http_status, answer, error, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    c.roundId,
    c.method,
    c.request,
    c.httpStatus ?? null,
    c.answer ?? null,
    c.error ?? null,
    c.at,
  ]);
}
