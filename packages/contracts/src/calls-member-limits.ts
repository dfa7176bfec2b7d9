import { z } from 'zod';
import { limitPatch, limitsInForce, memberLimits } from './calls-responsible.ts';

const member = z.object({ user_id: z.number().int().positive() });

/**
 * A member's protection limits as staff see and tighten them (issue 23, decision 057): the same
 * service as the member's own calls, which refuses staff any raise or removal (403 limit_raise_forbidden).
 * The admin reads everything the member reads (limits, waiting raises, exclusion, period totals);
 * an agent, for a member of its subtree, only the limits in force: never why or until when a member is excluded.
 */
export const memberLimitCalls = {
  '/api/admin/member/limits/get': { body: member, data: memberLimits },
  '/api/admin/member/limits/set': { body: member.extend({ limits: limitPatch }), data: memberLimits },
  '/api/agent/user/limits/get': { body: member, data: z.object({ limits: limitsInForce }) },
  '/api/agent/user/limits/set': { body: member.extend({ limits: limitPatch }), data: z.object({ limits: limitsInForce }) },
} as const;
