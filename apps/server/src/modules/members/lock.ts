/**
 * The member lock, written once (docs/ARCHITECTURE.md "The member lock"): the member's `users`
 * row locked, so every money action of that member runs one at a time. Every module that needs
 * it — the lock statement of a careful path, a ledger guard that folds it into a posting, a
 * batch that locks many members — takes it from here.
 *
 * `lockedMembers` is a subquery (use it as `FROM ${lockedMembers(…)} u`) answering the locked
 * rows, ascending id (the order every path locks members in):
 * - `ids`: a SQL expression for the member ids, usually a named parameter (`:user_id` or
 *   `:user_ids` with `many`), or positional in a plain query;
 * - `many`: `ids` is an array;
 * - `skipLocked`: a member another transaction holds is left out instead of waited for (a batch
 *   must not wait on one busy member: it leaves that member's work to the one-by-one path);
 * - `keyShare`: only `FOR KEY SHARE` — what a row that references the member needs — for the
 *   paths that must not queue behind the member's other actions (a seamless win).
 */
export type MemberLock = { ids: string; many?: boolean; skipLocked?: boolean; keyShare?: boolean };

export function lockedMembers(l: MemberLock) {
  const where = l.many ? `id = ANY(${l.ids}::bigint[])` : `id = ${l.ids}::bigint`;
  const mode = l.keyShare ? 'FOR KEY SHARE' : 'FOR UPDATE';
  return `(SELECT * FROM users WHERE ${where} ORDER BY id ${mode}${l.skipLocked ? ' SKIP LOCKED' : ''})`;
}
