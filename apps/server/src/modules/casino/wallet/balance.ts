import { getBalances } from '../../ledger/index.ts';
import * as repo from '../repo.ts';
import { MISS, answered, refused, type CarefulOutcome, type FastOutcome } from './answer.ts';
import { answerOf, type Call, type Checked } from './shared.ts';

// A balance call: the session wallet's balance, while the session is live.

/** Fast: one statement, no transaction (`repo.balanceCall`); it writes nothing unless the session is live and this member's. */
export async function fastBalance(c: Call, nonce: string): Promise<FastOutcome> {
  const balance = await repo.balanceCall(c.deps.db, {
    vendor: c.vendor.code,
    nonce,
    at: c.at,
    token: c.body.token,
    userId: c.userId,
    requestUuid: c.body.request_uuid,
    user: c.body.user,
    currency: c.currency,
    body: c.raw,
  });
  return balance === null ? MISS : answered(answerOf(c, 'RS_OK', balance));
}

/** Careful: after the prelude's checks, a live session answers the balance, stored with its call. */
export async function carefulBalance(c: Call, k: Checked): Promise<CarefulOutcome> {
  if (!k.live) return refused('RS_ERROR_TOKEN_EXPIRED');
  const answer = answerOf(c, 'RS_OK', (await getBalances(c.deps.db, c.userId))[k.sessionWallet]);
  await repo.logCall(c.deps.db, {
    vendor: c.vendor.code,
    method: c.method,
    requestUuid: c.body.request_uuid,
    txUuid: null,
    at: c.at,
    body: c.raw,
    status: 'RS_OK',
    answer,
  });
  return answered(answer);
}
