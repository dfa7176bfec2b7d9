import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { betCall, launchToken, walletClient } from './test-wallet.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { harness, type Harness } from '../../test/app.ts';
import { ledgerState as ledgerStateOf } from '../../test/ledger-state.ts';

// Issue 21 "Fuzz … and for the vendor wallet": correctly signed seamless-wallet calls whose bodies
// start from a valid bet, win, rollback or balance and have fields replaced by hostile values
// (NUL, lone surrogates, huge and negative amounts, wrong types), removed, or added. Every answer
// is HTTP 200 with a protocol status, never a fault; a call answered anything but RS_OK moves no
// money. FUZZ_RUNS per method (6 in `npm test`, 60 in `npm run test:fuzz`).
const RUNS = Number(process.env.FUZZ_RUNS ?? 6) * 4;
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const STATUSES = new Set([
  'RS_OK',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_UNKNOWN_USER',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_WRONG_SYNTAX',
]);
const hostile = fc.constantFrom<unknown>(
  'a\u0000b',
  'x\ud800',
  '\udc00y',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1.5',
  '12345678901234567890',
  '1e21',
  ' 100',
  '',
  "' OR 1=1 --",
  'evilgame',
  'krw',
  null,
  true,
  12,
  -1,
  2 ** 53,
  {},
  [],
);

let h: Harness;
let w: ReturnType<typeof walletClient>;
let player: { id: bigint; token: string };
beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  const session = await h.login('user', 'user4');
  const id = BigInt((await h.call('/api/user/getContext', {}, { token: session })).json.data.user.id);
  player = { id, token: (await launchToken(h, session, { game: 'fortune5' })).token };
});
afterAll(() => h?.close());

const ledgerState = () => ledgerStateOf(h.db);

it('answers every signed wallet call with a protocol status, and moves no money on a refusal', async () => {
  // A real bet first, so wins and rollbacks have a transaction to refer to.
  const placed = betCall(player, '1000');
  expect((await w.send('bet', placed)).status).toBe('RS_OK');
  const valid: Record<string, Record<string, unknown>> = {
    balance: { request_uuid: 'fz-b', user: String(player.id), token: player.token, currency: 'KRW' },
    bet: betCall(player, '500'),
    win: { ...betCall(player, '700'), reference_transaction_uuid: placed.transaction_uuid, round: placed.round },
    rollback: { ...betCall(player), reference_transaction_uuid: placed.transaction_uuid, round: placed.round },
  };
  const counts: Record<string, number> = {};
  const failures: string[] = [];
  for (const [i, method] of Object.keys(valid).entries()) {
    const fields = Object.keys(valid[method]);
    const mutation = fc.record({
      replace: fc.subarray(fields, { maxLength: 3 }),
      values: fc.array(hostile, { minLength: 3, maxLength: 3 }),
      drop: fc.option(fc.constantFrom(...fields), { nil: undefined }),
      extra: fc.option(fc.constantFrom<Record<string, unknown>>({ amount: '-5' }, { user: '1' }, { __proto__x: 1 }, { game_code: 'baccarat1' }), {
        nil: undefined,
      }),
    });
    for (const [k, m] of fc.sample(mutation, { numRuns: RUNS, seed: SEED + i }).entries()) {
      const body: Record<string, unknown> = { ...valid[method], request_uuid: `fz-${method}-${k}`, ...(m.extra ?? {}) };
      if ('transaction_uuid' in body) body.transaction_uuid = `fz-tx-${method}-${k}`;
      m.replace.forEach((f, j) => (body[f] = m.values[j]));
      if (m.drop) delete body[m.drop];
      const before = await ledgerState();
      const r = await w.send(method, body);
      counts[method] = (counts[method] ?? 0) + 1;
      const shown = JSON.stringify(body).slice(0, 200);
      if (r.http !== 200 || !STATUSES.has(r.status)) failures.push(`${method} → ${r.http} ${r.status} for ${shown}`);
      else if (r.status !== 'RS_OK' && (await ledgerState()) !== before) failures.push(`${method} → ${r.status} moved money for ${shown}`);
    }
  }
  console.log(
    `wallet fuzz: ${Object.entries(counts)
      .map(([m, n]) => `${m} ${n}`)
      .join(', ')}`,
  );
  expect(failures).toEqual([]);
}, 240_000);
