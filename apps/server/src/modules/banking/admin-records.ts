import type { ConversionFamily } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http.ts';
import { findRequestAnswer, saveRequestAnswer } from '../../platform/request-answers.ts';
import { periodOf } from './agent-desk.ts';
import type { ConversionKind } from './conversions.ts';
import { processRequest } from './process-request.ts';
import { adminConversions } from './repo-admin.ts';

/** Which conversion kinds each admin history lists: money is casino money, both ways. */
const KINDS: Record<ConversionFamily, ConversionKind[]> = {
  money: ['money_to_casino', 'casino_to_money'],
  point: ['point_to_money'],
  egg: ['money_to_egg', 'egg_to_money'],
};

export async function conversionHistory(
  deps: Deps,
  f: { family: ConversionFamily; startedAt?: string; endedAt?: string; account?: string; agent?: string; skip: number },
) {
  const [from, to] = await periodOf(deps, f);
  const r = await adminConversions(
    deps.db,
    { kinds: KINDS[f.family], from, to, account: f.account || undefined, agentAccount: f.agent || undefined },
    f.skip,
    20,
  );
  return {
    rows: r.rows.map((c) => ({
      id: Number(c.id),
      user_id: Number(c.user_id),
      account: c.account,
      nickname: c.nickname,
      kind: c.kind,
      amount: c.amount.toString(),
      before: c.before.toString(),
      after: c.after.toString(),
      created_at: c.created_at.toISOString(),
    })),
    total: r.total,
    totals: { amount: r.amount.toString(), count: r.total },
  };
}

type BulkResult = { id: number; ok: boolean; status: string | null; error: { code: string; message: string; params?: Record<string, string | number> } | null };

/**
 * Approves many requests, each through the one transition (`processRequest`: its own member lock,
 * transaction and audit row), so one refusal (already processed, member inactive) stops only its
 * row. The answer is stored under the admin's request_id: a replay (a double click, a retried
 * request) answers the first results and processes nothing again.
 */
export async function bulkApprove(deps: Deps, actor: Actor<'admin'>, type: 'charge' | 'exchange', ids: number[], requestId: string) {
  const scope = `admin:${actor.id}:bank.bulkApprove`;
  const payload = { type, ids };
  const seen = await findRequestAnswer(deps.db, scope, requestId, payload);
  if (seen) return seen as { results: BulkResult[] };
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const r = await processRequest(deps, actor, type, BigInt(id), 'approve');
      results.push({ id, ok: true, status: r.status, error: null });
    } catch (e) {
      if (!(e instanceof AppError) || e.status >= 500) throw e;
      results.push({ id, ok: false, status: null, error: { code: e.code, message: e.message, params: e.details?.params } });
    }
  }
  const answer = { results };
  try {
    await saveRequestAnswer(deps.db, scope, requestId, answer, deps.clock.now(), payload);
  } catch (e) {
    // Two identical bulk requests raced: the rows were each processed once (the second got
    // request_state); the first stored answer is the one every replay gets.
    const again = await findRequestAnswer(deps.db, scope, requestId, payload);
    if (again) return again as { results: BulkResult[] };
    throw e;
  }
  return answer;
}
