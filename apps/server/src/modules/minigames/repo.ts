import type { MinigameResult } from '@wager/contracts';
import type { Sql } from '../../platform/db.ts';
import type { BetRowDb } from './bet-row.ts';

export type ChainRow = { id: bigint; game: string; first_number: bigint; length: number; anchor: string; secret_seed: string; published_at: Date };
export type RoundRow = {
  id: bigint;
  game: string;
  number: bigint;
  opens_at: Date;
  closes_at: Date;
  draws_at: Date;
  status: 'open' | 'closed' | 'drawn' | 'settled' | 'void';
  chain_id: bigint;
  chain_index: number;
  seed: string | null;
  entropy_source: string | null;
  entropy: string | null;
  result: MinigameResult | null;
  closed_at: Date | null;
  drawn_at: Date | null;
  settled_at: Date | null;
};

// ---- chains
export async function chainCovering(sql: Sql, game: string, number: number) {
  return (
    await sql.query<ChainRow>(
      `SELECT * FROM minigame_chains WHERE game = $1 AND first_number <= $2 AND first_number + length > $2 ORDER BY first_number DESC LIMIT 1`,
      [game, number],
    )
  ).rows[0];
}
export async function lastChain(sql: Sql, game: string) {
  return (await sql.query<ChainRow>(`SELECT * FROM minigame_chains WHERE game = $1 ORDER BY first_number DESC LIMIT 1`, [game])).rows[0];
}
export async function getChain(sql: Sql, id: bigint) {
  return (await sql.query<ChainRow>(`SELECT * FROM minigame_chains WHERE id = $1`, [id])).rows[0];
}
export async function insertChain(sql: Sql, c: Omit<ChainRow, 'id'>) {
  await sql.query(
    `INSERT INTO minigame_chains (game, first_number, length, anchor, secret_seed, published_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (game, first_number) DO NOTHING`,
    [c.game, c.first_number, c.length, c.anchor, c.secret_seed, c.published_at],
  );
}
export async function publicChains(sql: Sql, game: string, at: Date) {
  return (
    await sql.query<{ id: bigint; anchor: string; length: number; published_at: Date; first_round: bigint }>(
      `SELECT c.id, c.anchor, c.length, c.published_at, c.first_number AS first_round
       FROM minigame_chains c WHERE c.game = $1 AND c.published_at <= $2 ORDER BY c.first_number DESC LIMIT 50`,
      [game, at],
    )
  ).rows;
}

// ---- rounds: schedule
export async function lastNumber(sql: Sql, game: string) {
  const r = (await sql.query<{ n: bigint | null }>(`SELECT max(number) AS n FROM minigame_rounds WHERE game = $1`, [game])).rows[0];
  return r.n === null ? null : Number(r.n);
}
export async function insertRound(
  sql: Sql,
  r: { game: string; number: number; opensAt: Date; closesAt: Date; drawsAt: Date; chainId: bigint; chainIndex: number },
) {
  await sql.query(
    `INSERT INTO minigame_rounds (game, number, opens_at, closes_at, draws_at, chain_id, chain_index) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (game, number) DO NOTHING`,
    [r.game, r.number, r.opensAt, r.closesAt, r.drawsAt, r.chainId, r.chainIndex],
  );
}
/** Rounds of a game still to close, draw or settle, oldest first. */
export async function pending(sql: Sql, game: string, limit: number) {
  return (
    await sql.query<RoundRow>(`SELECT * FROM minigame_rounds WHERE game = $1 AND status IN ('open','closed','drawn') ORDER BY number LIMIT $2`, [game, limit])
  ).rows;
}
/** Holds the round for a scheduler step: waits for bets in flight (they hold it FOR SHARE). */
export async function lockRound(sql: Sql, id: bigint) {
  return (await sql.query<RoundRow>(`SELECT * FROM minigame_rounds WHERE id = $1 FOR UPDATE`, [id])).rows[0];
}
/** Closes betting: waits for bets holding the round (FOR SHARE) and fixes the entropy. */
export async function closeRound(sql: Sql, id: bigint, source: string, entropy: string, at: Date) {
  return (
    await sql.query(`UPDATE minigame_rounds SET status = 'closed', entropy_source = $2, entropy = $3, closed_at = $4 WHERE id = $1 AND status = 'open'`, [
      id,
      source,
      entropy,
      at,
    ])
  ).rowCount;
}
/** sha256 (hex) of the round's bet list at closing: id, member, stake and pick of every bet, in id order. */
export async function betListDigest(sql: Sql, game: string, round: string) {
  return (
    await sql.query<{ digest: string }>(
      `SELECT encode(sha256(convert_to(coalesce(string_agg(id || ':' || user_id || ':' || amount || ':' || (selections->0->>'market') || ':' || (selections->0->>'pick'), ',' ORDER BY id), ''), 'UTF8')), 'hex') AS digest
       FROM bets WHERE game_type = 'minigame' AND game = $1 AND round = $2`,
      [game, round],
    )
  ).rows[0].digest;
}
/** The round's bets as the chained entropy hashes them (decision 049): `id:stake:market:pick`, in id order. */
export async function betLines(sql: Sql, game: string, round: string) {
  return (
    await sql.query<{ line: string }>(
      `SELECT id || ':' || amount || ':' || coalesce(selections->0->>'market', '') || ':' || coalesce(selections->0->>'pick', '') AS line
       FROM bets WHERE game_type = 'minigame' AND game = $1 AND round = $2 ORDER BY id`,
      [game, round],
    )
  ).rows.map((r) => r.line);
}
export async function drawRound(sql: Sql, id: bigint, seed: string, result: MinigameResult, at: Date) {
  return (
    await sql.query(`UPDATE minigame_rounds SET status = 'drawn', seed = $2, result = $3, drawn_at = $4 WHERE id = $1 AND status = 'closed'`, [
      id,
      seed,
      JSON.stringify(result),
      at,
    ])
  ).rowCount;
}
export async function markSettled(sql: Sql, id: bigint, at: Date) {
  await sql.query(`UPDATE minigame_rounds SET status = 'settled', settled_at = $2 WHERE id = $1 AND status = 'drawn'`, [id, at]);
}

export type OpenBet = { id: bigint; market: string | null; pick: string };
export async function openBets(sql: Sql, game: string, round: string) {
  return (
    await sql.query<OpenBet>(
      `SELECT id, selections->0->>'market' AS market, selections->0->>'pick' AS pick
       FROM bets WHERE game_type = 'minigame' AND game = $1 AND round = $2 AND status = 'open' ORDER BY id`,
      [game, round],
    )
  ).rows;
}
export async function hasOpenBets(sql: Sql, game: string, round: string) {
  return (
    await sql.query<{ open: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM bets WHERE game_type = 'minigame' AND game = $1 AND round = $2 AND status = 'open') AS open`,
      [game, round],
    )
  ).rows[0].open;
}

// ---- rounds: reading
export async function getRound(sql: Sql, id: bigint) {
  return (await sql.query<RoundRow>(`SELECT * FROM minigame_rounds WHERE id = $1`, [id])).rows[0];
}
export async function roundByNumber(sql: Sql, game: string, number: number) {
  return (await sql.query<RoundRow>(`SELECT * FROM minigame_rounds WHERE game = $1 AND number = $2`, [game, number])).rows[0];
}
/** The next draw after `at` (open or closed), and the newest drawn round. */
export async function currentAndLast(sql: Sql, game: string, at: Date) {
  const rows = (
    await sql.query<RoundRow & { which: string }>(
      `(SELECT 'current' AS which, * FROM minigame_rounds WHERE game = $1 AND status IN ('open','closed') AND draws_at > $2 ORDER BY number LIMIT 1)
       UNION ALL
       (SELECT 'last' AS which, * FROM minigame_rounds WHERE game = $1 AND status IN ('drawn','settled') ORDER BY number DESC LIMIT 1)`,
      [game, at],
    )
  ).rows;
  return { current: rows.find((r) => r.which === 'current'), last: rows.find((r) => r.which === 'last') };
}
export async function history(sql: Sql, game: string, skip: number, limit: number) {
  const rows = (
    await sql.query<RoundRow>(
      `SELECT * FROM minigame_rounds WHERE game = $1 AND status IN ('drawn','settled','void') ORDER BY number DESC OFFSET $2 LIMIT $3`,
      [game, skip, limit],
    )
  ).rows;
  const total = (
    await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM minigame_rounds WHERE game = $1 AND status IN ('drawn','settled','void')`, [game])
  ).rows[0].n;
  return { rows, total };
}
export async function previousSeed(sql: Sql, chainId: bigint, index: number) {
  return (
    (await sql.query<{ seed: string | null }>(`SELECT seed FROM minigame_rounds WHERE chain_id = $1 AND chain_index = $2`, [chainId, index])).rows[0]?.seed ??
    null
  );
}

// ---- bets
export type BetGate = {
  id: bigint;
  game: string;
  number: bigint;
  opens_at: Date;
  closes_at: Date;
  status: RoundRow['status'];
  staked: bigint;
  potential: bigint;
  same_market: number;
  replay: boolean;
};
/**
 * The round a bet goes on, held FOR SHARE until the bet commits (closing waits for it, and a bet
 * after closing sees the closed status), with the member's stakes, potential winnings and bets on
 * the same market in this round, and whether the request id was used already. One statement,
 * run under the member lock.
 */
export async function betGate(sql: Sql, roundId: bigint, userId: bigint, requestId: string, market: string) {
  return (
    await sql.query<BetGate>(
      `WITH r AS (SELECT id, game, number, opens_at, closes_at, status FROM minigame_rounds WHERE id = $1 FOR SHARE)
       SELECT r.*, b.staked, b.potential, b.same_market,
              EXISTS (SELECT 1 FROM bets WHERE user_id = $2 AND request_id = $3) AS replay
       FROM r CROSS JOIN LATERAL (
         SELECT coalesce(sum(amount), 0)::bigint AS staked, coalesce(sum(potential_win), 0)::bigint AS potential,
                (count(*) FILTER (WHERE selections->0->>'market' = $4))::int AS same_market
         FROM bets WHERE user_id = $2 AND game_type = 'minigame' AND game = r.game AND round = r.number::text AND status <> 'cancelled'
       ) b`,
      [roundId, userId, requestId, market],
      'minigame_bet_gate',
    )
  ).rows[0];
}

/** A member's bet with its round (held FOR SHARE like a new bet), for cancellation. */
export async function betWithRound(sql: Sql, betId: bigint, userId: bigint) {
  return (
    await sql.query<BetRowDb & { round_status: RoundRow['status']; closes_at: Date; draws_at: Date }>(
      `SELECT b.*, r.status AS round_status, r.closes_at, r.draws_at
       FROM bets b JOIN minigame_rounds r ON r.game = b.game AND r.number::text = b.round
       WHERE b.id = $1 AND b.user_id = $2 AND b.game_type = 'minigame' FOR SHARE OF r`,
      [betId, userId],
    )
  ).rows[0];
}
export async function playerCancelsSince(sql: Sql, userId: bigint, game: string, since: Date) {
  return (
    await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bets WHERE user_id = $1 AND game_type = 'minigame' AND game = $2 AND status = 'cancelled' AND cancelled_by = 'player' AND settled_at >= $3`,
      [userId, game, since],
    )
  ).rows[0].n;
}
export async function memberBets(sql: Sql, userId: bigint, game: string, round: string | null, skip: number, limit: number) {
  const where = `user_id = $1 AND game_type = 'minigame' AND game = $2 AND ($3::text IS NULL OR round = $3)`;
  const rows = (await sql.query<BetRowDb>(`SELECT * FROM bets WHERE ${where} ORDER BY id DESC OFFSET $4 LIMIT $5`, [userId, game, round, skip, limit])).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM bets WHERE ${where}`, [userId, game, round])).rows[0].n;
  return { rows, total };
}
