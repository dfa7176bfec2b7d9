import type { Deps } from '../../platform/deps.ts';
import { getSession } from './repo.ts';

/** Whether a session is still open: not logged out or revoked, not past its (idle) expiry. Uploads tie their links to it (decision 051). */
export async function isSessionLive(deps: Deps, sessionId: bigint) {
  const s = await getSession(deps.db, sessionId);
  return s !== undefined && s.revoked_at === null && s.expires_at > deps.clock.now();
}

/** When a session began (its login, on the server clock): the reality check counts from it (decision 058). */
export async function sessionStartedAt(deps: Deps, sessionId: bigint): Promise<Date | undefined> {
  return (await getSession(deps.db, sessionId))?.created_at;
}
