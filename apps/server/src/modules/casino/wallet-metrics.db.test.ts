import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { metricsText } from '../../platform/metrics.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { betCall, launchToken, walletClient } from './test-wallet.ts';

// Issue 21 metrics: each mechanism's one owner counts what it did in process memory (the wallet
// call owner, betting's placeBet, the ledger's posting); /metrics shows it.
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

/** The value of one series in the exposition text (0 when the series does not exist yet). */
async function value(series: string) {
  const text = (await metricsText()).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe(`counters of the mechanisms' owners on ${testEngine}`, () => {
  it('a seamless bet counts one wallet call, one bet of its game type and one ledger transaction; a replay counts the call only', async () => {
    const w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
    const session = await h.login('user', 'user2');
    const id = BigInt((await h.call('/api/user/getContext', {}, { token: session })).json.data.user.id);
    const player = { id, token: (await launchToken(h, session, { game: 'fortune5' })).token };
    const series = {
      ok: 'wallet_calls_total{method="bet",status="RS_OK"}',
      bets: 'bets_placed_total{game_type="slot"}',
      ledger: 'ledger_transactions_total{kind="bet.place"}',
      syntax: 'wallet_calls_total{method="bet",status="RS_ERROR_WRONG_SYNTAX"}',
    };
    const before = Object.fromEntries(await Promise.all(Object.entries(series).map(async ([k, s]) => [k, await value(s)])));

    const call = betCall(player, '1000');
    expect((await w.send('bet', call)).status).toBe('RS_OK');
    expect((await w.send('bet', call)).status).toBe('RS_OK'); // the vendor's retry: answered again, nothing posted
    expect((await w.send('bet', { ...call, game_code: 'evilgame' })).status).toBe('RS_ERROR_WRONG_SYNTAX');

    expect(await value(series.ok)).toBe(before.ok + 2);
    expect(await value(series.bets)).toBe(before.bets + 1);
    expect(await value(series.ledger)).toBe(before.ledger + 1);
    expect(await value(series.syntax)).toBe(before.syntax + 1);
  });
});
