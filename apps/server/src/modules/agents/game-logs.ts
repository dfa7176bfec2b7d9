import type { CallBody } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { subtreeBets } from '../betting/index.ts';

/**
 * /pa-game-sports and /pa-game-minigame (spec §2): the bets of the agent's whole subtree, one game
 * family, 20 a page with totals over the filter. Betting's history read does the work; the subtree
 * is its `agentId` filter (user_tree rows below the agent, then each member's bets by
 * bets_user_idx), so an `account` outside the subtree finds nothing.
 */
export function gameLogs(deps: Deps, agentId: bigint, b: CallBody<'/api/agent/game/logs'>) {
  return subtreeBets(
    deps,
    { agentId, account: b.account || undefined },
    { gameType: b.game_type, status: b.status, startedAt: b.startedAt, endedAt: b.endedAt, skip: b.skip ?? 0 },
  );
}
