import type { RealityCheck } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Auth } from '../../platform/http.ts';
import { sessionExpired } from '../../platform/errors.ts';
import { sessionStartedAt } from '../auth/index.ts';
import { settledSince } from '../betting/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';

/**
 * The reality check of the caller's session (issue 23, decision 058): due every
 * `reality_check_minutes` of session time on the server clock, counted from the login and then
 * from the last "continue"; with this session's length and the net result of the bets settled in it.
 */
export async function realityCheck(deps: Deps, auth: Auth): Promise<RealityCheck> {
  const s = await getSettings(deps.db);
  const started = await sessionStartedAt(deps, auth.sessionId);
  if (!started) throw sessionExpired();
  const now = deps.clock.now();
  const interval = s.reality_check_minutes;
  const from = (await repo.lastAcknowledged(deps.db, auth.sessionId)) ?? started;
  const next = interval > 0 ? new Date(from.getTime() + interval * 60_000) : null;
  const { stakes, payouts } = await settledSince(deps.db, auth.subjectId, started);
  return {
    interval_minutes: interval,
    session_started_at: started.toISOString(),
    next_due_at: next?.toISOString() ?? null,
    due: next !== null && now >= next,
    session_minutes: Math.max(0, Math.floor((now.getTime() - started.getTime()) / 60_000)),
    stakes: stakes.toString(),
    payouts: payouts.toString(),
    net: (payouts - stakes).toString(),
  };
}

/** The player continues: the next check comes one interval from now. */
export async function continueRealityCheck(deps: Deps, auth: Auth): Promise<RealityCheck> {
  await repo.acknowledge(deps.db, auth.sessionId, deps.clock.now());
  return realityCheck(deps, auth);
}
