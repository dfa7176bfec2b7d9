import type { Deps } from '../../platform/deps.ts';
import { totalUserBalance } from '../ledger/index.ts';
import { memberCounts } from '../members/index.ts';
import { countOnlineSessions } from '../auth/index.ts';
import { siteToday } from '../statistics/index.ts';

/**
 * The admin dashboard: counts, holdings, the sessions seen in the online window (auth) and
 * today's site figures from the statistics day rows and money desk (statistics).
 */
export async function dashboard(deps: Deps) {
  const [c, online, money, point, day] = await Promise.all([
    memberCounts(deps.db),
    countOnlineSessions(deps),
    totalUserBalance(deps.db, 'money'),
    totalUserBalance(deps.db, 'point'),
    siteToday(deps),
  ]);
  return {
    members: c.members,
    agents: c.agents,
    online,
    money_total: money.toString(),
    point_total: point.toString(),
    pending_members: c.pending,
    today: {
      day: day.day,
      charge_count: day.charge_count,
      charge_amount: day.charge_amount,
      exchange_count: day.exchange_count,
      exchange_amount: day.exchange_amount,
      deposit_pl: day.deposit_pl,
      bet_count: day.bet_count,
      bet_amount: day.bet_amount,
      win_amount: day.win_amount,
      betting_pl: day.betting_pl,
    },
  };
}
