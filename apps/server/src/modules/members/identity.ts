import type { IdentityStatus } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as identityRepo from './repo-identity.ts';
import { lockMember } from './service.ts';

/** A member's identity status (issue 23, decision 058); 'unverified' until an admin sets one. */
export async function identityStatus(sql: Sql, userId: bigint): Promise<IdentityStatus> {
  return (await identityRepo.getIdentity(sql, userId))?.status ?? 'unverified';
}

/** The admin member detail's identity panel: the status, the note of the document seen, and every change. */
export async function memberIdentity(deps: Deps, userId: bigint) {
  const [current, history] = await Promise.all([identityRepo.getIdentity(deps.db, userId), identityRepo.identityHistory(deps.db, userId)]);
  const line = (r: identityRepo.IdentityRow) => ({
    status: r.status,
    document_note: r.document_note,
    admin_id: Number(r.admin_id),
    at: r.updated_at.toISOString(),
  });
  return { status: current?.status ?? ('unverified' as const), current: current ? line(current) : null, history: history.map(line) };
}

/**
 * An admin sets a player's identity status with a note of the document seen; audited with the
 * status before and after. Only admins (the route is an admin call; an agent or player actor is refused here too).
 */
export async function setMemberIdentity(deps: Deps, actor: Actor, userId: bigint, input: { status: IdentityStatus; note: string }) {
  if (actor.type !== 'admin' || actor.id == null) throw forbidden();
  const adminId = BigInt(actor.id);
  await deps.db.tx(async (sql) => {
    const user = await lockMember(sql, userId);
    if (!user || user.role !== 'user') throw notFound('The member could not be found.');
    const before = await identityRepo.getIdentity(sql, userId);
    const at = deps.clock.now();
    await identityRepo.setIdentity(sql, userId, { status: input.status, note: input.note, adminId, at });
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'member.identity',
      target: `user:${userId}`,
      before: { status: before?.status ?? 'unverified', document_note: before?.document_note ?? null },
      after: { status: input.status, document_note: input.note },
    });
  });
  return memberIdentity(deps, userId);
}
