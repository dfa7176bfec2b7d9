import type { Deps } from '../../platform/deps.ts';
import { totalUserBalance } from '../ledger/service.ts';
import { memberCounts } from '../members/service.ts';
import { countLiveSessions } from '../auth/service.ts';

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
