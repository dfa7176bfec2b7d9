import { createHash } from 'node:crypto';
import type { Sql } from './db.ts';
import { replayOrConflict } from './idempotency.ts';

/**
 * Stored answers of client requests that move no money (the ledger keeps its own keys): one row
 * per (scope, request id) in `idempotency_keys`. `scope` names the caller and the call; the
 * payload's hash tells an exact repeat (answered from the row) from a reuse (409).
 * Pass no payload when it holds secrets (a password change is keyed by its request id alone).
 */
const hashOf = (payload: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('hex');

export async function findRequestAnswer(sql: Sql, scope: string, key: string, payload?: unknown) {
  const row = (
    await sql.query<{ response: Record<string, unknown>; request_hash: string }>(
      'SELECT response, request_hash FROM idempotency_keys WHERE scope = $1 AND key = $2',
      [scope, key],
    )
  ).rows[0];
  return row && replayOrConflict(row.response, row.request_hash === hashOf(payload));
}

export async function saveRequestAnswer(sql: Sql, scope: string, key: string, response: Record<string, unknown>, at: Date, payload?: unknown) {
  await sql.query('INSERT INTO idempotency_keys (scope, key, request_hash, response, created_at) VALUES ($1, $2, $3, $4, $5)', [
    scope,
    key,
    hashOf(payload),
    JSON.stringify(response),
    at,
  ]);
}
