import type { AgentLoginInfo } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { getBalances } from '../ledger/index.ts';
import { getSettings } from '../settings/index.ts';
import { getUser } from '../members/index.ts';
import { unreadCounts } from '../messaging/index.ts';
import * as repo from './repo.ts';

export const listRoles = (sql: Sql) => repo.listRoles(sql);

export async function agentLoginInfo(deps: Deps, id: bigint): Promise<AgentLoginInfo> {
  const u = await getUser(deps.db, id);
  if (!u || u.role === 'user') throw notFound('Agent not found.', 'agent_not_found');
  const [bal, unread, s, propirty] = await Promise.all([
    getBalances(deps.db, id),
    unreadCounts(deps.db, id),
    getSettings(deps.db),
    repo.propirtyOf(deps.db, u.role),
  ]);
  return {
    id: Number(u.id),
    account: u.account,
    nickname: u.nickname,
    role: u.role,
    propirty: propirty ?? 99,
    role_setting: {
      isOpenPartnerPage: u.role_setting.isOpenPartnerPage ?? true,
      isOpenLosing: u.role_setting.isOpenLosing ?? false,
    },
    settings_json: { visibled_partner: u.settings_json.visibled_partner ?? 1 },
    point: bal.point.toString(),
    money: bal.money.toString(),
    bank_name: u.bank_name,
    bank_account: u.bank_account,
    bank_account_holder: u.bank_holder,
    new_message_total: unread.messages,
    unread_reply_total: unread.replies,
    agent_theme: (u.agent_theme === 'B' ? 'B' : s.agent_theme) as 'A' | 'B',
  };
}
