import type { Deps } from '../../platform/deps.ts';
import * as repo from './repo.ts';

// Banking's reads of one member's requests for the agent's member detail (issue 18, decision 034):
// the same statements as the member's own pages, with the back office's page size.

/** The member's charge or exchange requests, newest first, 20 a page. */
export const memberBankLogs = (deps: Deps, userId: bigint, type: 'charge' | 'exchange', from: Date, to: Date, skip: number) =>
  repo.userLogs(deps.db, userId, type, from, to, skip, 20);

/** The member's last charge that was paid (approved or completed): spec §3 "last charge". */
export const lastPaidCharge = (deps: Deps, userId: bigint) => repo.lastRequest(deps.db, userId, 'charge', ['waiting', 'refused', 'cancelled']);
