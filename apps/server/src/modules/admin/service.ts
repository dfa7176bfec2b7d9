import type { Deps } from '../../platform/deps.ts';
import { totalUserBalance } from '../ledger/index.ts';
import { memberCounts } from '../members/index.ts';
import { countLiveSessions } from '../auth/index.ts';

export async function dashboard(deps: Deps) {
  const [c, online, money, point] = await Promise.all([
    memberCounts(deps.db),
    countLiveSessions(deps),
    totalUserBalance(deps.db, 'money'),
    totalUserBalance(deps.db, 'point'),
  ]);
  return {
    members: c.members,
    agents: c.agents,
    online,
    money_total: money.toString(),
    point_total: point.toString(),
    pending_members: c.pending,
  };
}
