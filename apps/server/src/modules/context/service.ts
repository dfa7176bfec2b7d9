import type { PlayerLoginInfo, SystemContext } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { homeOf } from '../../platform/db.ts';
import { changeCache } from '../../platform/change-cache.ts';
import { getSettings } from '../settings/index.ts';
import { contextContent } from '../board/index.ts';
import { getBalances } from '../ledger/index.ts';
import { unreadCounts } from '../messaging/index.ts';
import { memberLoginInfo } from '../members/index.ts';

/** A member's login info (spec §3): the member's row, balances and settings plus the unread counts. */
export async function playerLoginInfo(deps: Deps, id: bigint): Promise<PlayerLoginInfo> {
  const [info, unread] = await Promise.all([memberLoginInfo(deps, id), unreadCounts(deps.db, id)]);
  return { ...info, unread_message_total: unread.messages, unread_reply_total: unread.replies };
}

/** The system context of spec §3, for a guest (`userId` null) or a signed-in member/agent. */
export async function systemContext(deps: Deps, userId: bigint | null): Promise<SystemContext> {
  const [s, content] = await Promise.all([getSettings(deps.db), contextContent(deps.db, userId !== null)]);
  const [bal, unread] = userId !== null ? await Promise.all([getBalances(deps.db, userId), unreadCounts(deps.db, userId)]) : [null, null];
  return {
    inspection: s.inspection,
    agent_inspection: s.agent_inspection,
    is_seamless: s.is_seamless,
    use_user_join: s.use_user_join,
    use_exchange_password: s.use_exchange_password,
    use_casino: s.use_casino,
    use_slot: s.use_slot,
    use_sports: s.use_sports,
    use_minigame: s.use_minigame,
    loaded: true,
    currency: s.currency,
    timezone_offset_minutes: s.timezone_offset_minutes,
    money: (bal?.money ?? 0n).toString(),
    unread_reply_total: unread?.replies ?? 0,
    unread_message_total: unread?.messages ?? 0,
    ...content,
    server_time: deps.clock.now().toISOString(),
  };
}

// Answers of the context polls, per member (or guest), until a change notice: ledger postings
// for the member, audited admin changes, settings, the member's own calls (each call declares
// what it changes: `changes` of defineCall). 60 s backstop.
const contexts = changeCache<unknown>(60_000, { balances: true });

export async function cachedContext<T>(deps: Deps, key: string, member: bigint | null, load: () => Promise<T>): Promise<T> {
  return (await contexts.get(homeOf(deps.db), key, deps.clock.now().getTime(), async () => ({
    value: await load(),
    member: member === null ? null : String(member),
  }))) as T;
}
