import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest, forbidden, tooMany } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { writeAudit } from '../audit/index.ts';
import { lockMember, setPasswordHash } from '../members/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';
import { findRequestAnswer, saveRequestAnswer } from '../../platform/request-answers.ts';

/** Wrong current passwords per member in a quarter hour before the change is refused for a while. */
const MAX_WRONG = 5;
const WRONG_WINDOW_MS = 15 * 60_000;

export type PasswordChange = { current: string; next: string; confirm: string; requestId: string };

/**
 * Spec §5/§6 member password change: current, new, confirm-new, allowed only while the setting
 * users_can_change_password is on. Decided under the member lock; the member's other sessions
 * end (whoever knew the old password is signed out); audited without any password in it.
 */
export async function changePassword(deps: Deps, userId: bigint, sessionId: bigint, ip: string, input: PasswordChange) {
  const s = await getSettings(deps.db);
  if (!s.users_can_change_password) throw forbidden('Password change is not available. Please contact customer service.', 'password_change_disabled');
  if (input.next !== input.confirm) throw badRequest('The new password and its confirmation do not match.', 'confirm_password', 'password_mismatch');
  const guard = `password-change:${userId}`;
  if ((await deps.limiter.count(guard)) >= MAX_WRONG) throw tooMany('Too many wrong passwords. Please try again later.', 'password_attempts_locked');
  const scope = `password.change:${userId}`;
  const wrong = await deps.db.tx(async (sql) => {
    const member = await lockMember(sql, userId);
    if (!member) throw new AppError(404, 'member_not_found', 'Member not found.');
    if (await findRequestAnswer(sql, scope, input.requestId)) return false;
    if (!(await verifyPassword(member.password_hash, input.current))) return true;
    const at = deps.clock.now();
    await setPasswordHash(sql, userId, await hashPassword(input.next), at);
    await repo.revokeOthers(sql, 'user', userId, sessionId, at, 'password_changed');
    await saveRequestAnswer(sql, scope, input.requestId, { ok: true }, at);
    await writeAudit(sql, deps.clock, { actor: { type: 'user', id: userId, ip }, action: 'member.password_change', target: `user:${userId}` });
    return false;
  });
  if (wrong) {
    await deps.limiter.add(guard, WRONG_WINDOW_MS);
    throw badRequest('Change failed: the current password is incorrect.', 'current_password', 'password_current_wrong');
  }
}
