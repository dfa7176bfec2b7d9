import type { Deps } from '../../platform/deps.ts';
import { addDays, kstStart, resolveRange } from './day.ts';
import { memberRanking } from './repo-ranking.ts';

/** The admin's member ranking over a KST day range (default today), read from the pre-aggregated figures. */
export async function rankMembers(deps: Deps, by: 'stake' | 'win' | 'deposit', range: { from?: string; to?: string } | undefined, limit: number) {
  const r = resolveRange(deps.clock.now(), range);
  const rows = await memberRanking(deps.db, by, { ...r, start: kstStart(r.from), end: kstStart(addDays(r.to, 1)) }, limit);
  return { ...r, rows };
}
