import type { Sql } from '../../platform/db.ts';

export type TwoFactorAudience = 'admin' | 'agent';
export type TwoFactorRow = { secret_enc: string | null; pending_secret_enc: string | null; enabled_at: Date | null; last_step: bigint };

export async function find(sql: Sql, audience: TwoFactorAudience, subjectId: bigint) {
  return (
    await sql.query<TwoFactorRow>('SELECT secret_enc, pending_secret_enc, enabled_at, last_step FROM two_factor WHERE audience = $1 AND subject_id = $2', [
      audience,
      subjectId,
    ])
  ).rows[0];
}

export async function savePending(sql: Sql, audience: TwoFactorAudience, subjectId: bigint, sealed: string) {
  await sql.query(
    `INSERT INTO two_factor (audience, subject_id, pending_secret_enc) VALUES ($1, $2, $3)
     ON CONFLICT (audience, subject_id) DO UPDATE SET pending_secret_enc = EXCLUDED.pending_secret_enc`,
    [audience, subjectId, sealed],
  );
}

/** Makes the pending secret the secret, at the step its first code was accepted at. */
export async function enable(sql: Sql, audience: TwoFactorAudience, subjectId: bigint, sealed: string, step: number, at: Date) {
  const r = await sql.query(
    `UPDATE two_factor SET secret_enc = $3, pending_secret_enc = NULL, enabled_at = $5, last_step = $4
     WHERE audience = $1 AND subject_id = $2 AND secret_enc IS NULL`,
    [audience, subjectId, sealed, step, at],
  );
  return r.rowCount === 1;
}

/** Records a code's step as used; false when that step or a later one was used already (replay). */
export async function useStep(sql: Sql, audience: TwoFactorAudience, subjectId: bigint, step: number) {
  const r = await sql.query('UPDATE two_factor SET last_step = $3 WHERE audience = $1 AND subject_id = $2 AND last_step < $3', [audience, subjectId, step]);
  return r.rowCount === 1;
}

export async function replaceRecoveryCodes(sql: Sql, audience: TwoFactorAudience, subjectId: bigint, hashes: string[]) {
  await sql.query('DELETE FROM two_factor_recovery WHERE audience = $1 AND subject_id = $2', [audience, subjectId]);
  await sql.query(`INSERT INTO two_factor_recovery (audience, subject_id, code_hash) SELECT $1, $2, h FROM unnest($3::text[]) AS h`, [
    audience,
    subjectId,
    hashes,
  ]);
}

/** Spends one unused recovery code; false when there is no such code or it was used. */
export async function useRecoveryCode(sql: Sql, audience: TwoFactorAudience, subjectId: bigint, hash: string, at: Date) {
  const r = await sql.query('UPDATE two_factor_recovery SET used_at = $4 WHERE audience = $1 AND subject_id = $2 AND code_hash = $3 AND used_at IS NULL', [
    audience,
    subjectId,
    hash,
    at,
  ]);
  return r.rowCount === 1;
}

export async function recoveryLeft(sql: Sql, audience: TwoFactorAudience, subjectId: bigint) {
  const r = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM two_factor_recovery WHERE audience = $1 AND subject_id = $2 AND used_at IS NULL', [
    audience,
    subjectId,
  ]);
  return r.rows[0].n;
}

export async function remove(sql: Sql, audience: TwoFactorAudience, subjectId: bigint) {
  await sql.query('DELETE FROM two_factor_recovery WHERE audience = $1 AND subject_id = $2', [audience, subjectId]);
  const r = await sql.query('DELETE FROM two_factor WHERE audience = $1 AND subject_id = $2 AND secret_enc IS NOT NULL', [audience, subjectId]);
  await sql.query('DELETE FROM two_factor WHERE audience = $1 AND subject_id = $2', [audience, subjectId]);
  return r.rowCount === 1;
}

/** Which of these admins have a second factor (the roles screen's list). */
export async function enabledAmong(sql: Sql, audience: TwoFactorAudience, ids: bigint[]) {
  const r = await sql.query<{ subject_id: bigint }>(
    'SELECT subject_id FROM two_factor WHERE audience = $1 AND subject_id = ANY($2::bigint[]) AND secret_enc IS NOT NULL',
    [audience, ids],
  );
  return new Set(r.rows.map((x) => String(x.subject_id)));
}

export async function endPending(sql: Sql, sessionId: bigint) {
  await sql.query('UPDATE sessions SET two_factor_pending = false WHERE id = $1', [sessionId]);
}

// ---- re-authentication proofs (decision 050)

export async function insertProof(sql: Sql, tokenHash: string, sessionId: bigint, expiresAt: Date) {
  await sql.query('INSERT INTO reauth_proofs (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, sessionId, expiresAt]);
}

/** Spends a proof of this session that has not expired; false otherwise. */
export async function useProof(sql: Sql, tokenHash: string, sessionId: bigint, at: Date) {
  const r = await sql.query('UPDATE reauth_proofs SET used_at = $3 WHERE token_hash = $1 AND session_id = $2 AND used_at IS NULL AND expires_at > $3', [
    tokenHash,
    sessionId,
    at,
  ]);
  return r.rowCount === 1;
}
