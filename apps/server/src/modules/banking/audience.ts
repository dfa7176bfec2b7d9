import { notFound } from '../../platform/errors.ts';
import { statusError } from '../members/index.ts';

/**
 * Who asks for money: a member on the member site, or an agent for itself on the partner site
 * (spec §6 "request charge and exchange for themselves; convert own points to money"). Both are
 * rows of `users` with one ledger account per asset, so one set of rules serves both (decision 032).
 */
export type Audience = 'member' | 'agent';

/**
 * Checked on the locked `users` row before any rule. A member's status is checked by every signed-in
 * call already; an agent's is checked again here, under the lock, so a stop that lands while its
 * session is cached cannot slip a request in (the same check as its grants, decision 029).
 */
export function checkRequester<Row extends { status: string }>(row: Row | undefined, audience: Audience): Row {
  if (!row) throw notFound('Member not found.', 'member_not_found');
  if (audience === 'agent') {
    const denied = statusError(row.status);
    if (denied) throw denied;
  }
  return row;
}
