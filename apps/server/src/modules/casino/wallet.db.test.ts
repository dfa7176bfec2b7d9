import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { getBalances, transfer, HOUSE, verifyLedger } from '../ledger/index.ts';
import { launchToken, walletClient } from './test-wallet.ts';

let h: Harness;
let w: ReturnType<typeof walletClient>;
let userId: bigint;
let token: string;
let seq = 0;
const uid = (p: string) => `${p}-${++seq}`;

const money = async (id = userId) => (await getBalances(h.db, id)).money;

beforeAll(async () => {
  h = await harness();
  w = walletClient(h, DEV_HOUSE_VENDOR_SECRET);
  const r = await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user3'`);
  userId = r.rows[0].id;
  token = (await launchToken(h, await h.login('user', 'user3'), { game: 'fortune5' })).token;
});
afterAll(() => h?.close());

const ledgerOk = async () => expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });

function betBody(o: { tx?: string; amount?: string; round?: string; user?: string; tok?: string; game?: string } = {}) {
  return {
    request_uuid: uid('req'),
    transaction_uuid: o.tx ?? uid('bet'),
    user: o.user ?? String(userId),
    token: o.tok ?? token,
    round: o.round ?? uid('round'),
    game_code: o.game ?? 'fortune5',
    amount: o.amount ?? '1000',
    currency: 'KRW',
  };
}
const winBody = (bet: ReturnType<typeof betBody>, amount: string, tx = uid('win')) => ({
  ...bet,
  request_uuid: uid('req'),
  transaction_uuid: tx,
  reference_transaction_uuid: bet.transaction_uuid,
  amount,
});
const rollbackBody = (ref: { transaction_uuid: string; round: string; game_code: string }, tx = uid('rb')) => ({
  request_uuid: uid('req'),
  transaction_uuid: tx,
  reference_transaction_uuid: ref.transaction_uuid,
  user: String(userId),
  token,
  round: ref.round,
  game_code: ref.game_code,
  currency: 'KRW',
});

describe(`seamless wallet contract (house vendor, ${testEngine})`, () => {
  it('answers the balance of the member money in the operating currency', async () => {
    const r = await w.send('balance', { request_uuid: 'b-1', user: String(userId), token, currency: 'KRW' });
    expect(r).toEqual({ http: 200, status: 'RS_OK', request_uuid: 'b-1', user: String(userId), currency: 'KRW', balance: String(await money()) });
  });

  it('a bet takes the stake through betting.placeBet; an exact replay answers the first balance; another payload is a duplicate', async () => {
    const start = await money();
    const bet = betBody({ amount: '5000' });
    const first = await w.send('bet', bet);
    expect(first.status).toBe('RS_OK');
    expect(first.balance).toBe(String(start - 5000n));
    // money moves again in between: the replay still answers the balance of the first answer
    await w.send('bet', betBody({ amount: '1000' }));
    const replay = await w.send('bet', { ...bet, request_uuid: uid('req') });
    expect(replay.status).toBe('RS_OK');
    expect(replay.balance).toBe(first.balance);
    expect(await money()).toBe(start - 6000n);
    for (const other of [{ amount: '5001' }, { round: 'other-round' }, { game: 'baccarat1' }]) {
      const dup = await w.send('bet', { ...bet, ...(other.game ? { game_code: other.game } : other), request_uuid: uid('req') });
      expect(dup.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      expect(dup.balance).toBe(String(start - 6000n));
    }
    const row = await h.db.query(`SELECT game_type, vendor, game, round, amount, status FROM bets WHERE request_id = $1`, [`house:${bet.transaction_uuid}`]);
    expect(row.rows).toEqual([{ game_type: 'slot', vendor: 'house', game: 'fortune5', round: bet.round, amount: 5000n, status: 'open' }]);
    await ledgerOk();
  });

  it('a win settles its bet (replay safe); a win for an unknown bet is refused', async () => {
    const bet = betBody({ amount: '2000' });
    await w.send('bet', bet);
    const before = await money();
    const win = winBody(bet, '7000');
    const r = await w.send('win', win);
    expect(r.status).toBe('RS_OK');
    expect(r.balance).toBe(String(before + 7000n));
    expect((await w.send('win', { ...win, request_uuid: uid('req') })).balance).toBe(r.balance);
    expect((await w.send('win', { ...win, amount: '7001', request_uuid: uid('req') })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await money()).toBe(before + 7000n);
    const b = await h.db.query(`SELECT status, win_amount FROM bets WHERE request_id = $1`, [`house:${bet.transaction_uuid}`]);
    expect(b.rows[0]).toEqual({ status: 'won', win_amount: 7000n });

    const lost = betBody({ amount: '1000' });
    await w.send('bet', lost);
    expect((await w.send('win', winBody(lost, '0'))).status).toBe('RS_OK');
    const l = await h.db.query(`SELECT status FROM bets WHERE request_id = $1`, [`house:${lost.transaction_uuid}`]);
    expect(l.rows[0].status).toBe('lost');

    const unknown = await w.send('win', winBody(betBody({ tx: 'never-placed' }), '1000'));
    expect(unknown.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(unknown.balance).toBe(String(await money()));
    await ledgerOk();
  });

  it('a rollback before its bet leaves a tombstone: the late bet is refused and no money moves', async () => {
    const before = await money();
    const bet = betBody({ amount: '3000' });
    const rb = await w.send('rollback', rollbackBody(bet));
    expect(rb.status).toBe('RS_OK');
    expect(rb.balance).toBe(String(before));
    const late = await w.send('bet', bet);
    expect(late.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await money()).toBe(before);
    await ledgerOk();
  });

  it('a rollback after a bet refunds the stake (once); after a win it takes the win back too', async () => {
    const before = await money();
    const bet = betBody({ amount: '4000' });
    await w.send('bet', bet);
    const rb = rollbackBody(bet);
    expect((await w.send('rollback', rb)).balance).toBe(String(before));
    expect((await w.send('rollback', { ...rb, request_uuid: uid('req') })).balance).toBe(String(before));
    expect((await w.send('rollback', rollbackBody(bet))).status).toBe('RS_OK'); // another rollback id: nothing left to undo
    expect(await money()).toBe(before);
    const b = await h.db.query(`SELECT status FROM bets WHERE request_id = $1`, [`house:${bet.transaction_uuid}`]);
    expect(b.rows[0].status).toBe('cancelled');
    expect((await w.send('win', winBody(bet, '1000'))).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');

    const won = betBody({ amount: '2000' });
    await w.send('bet', won);
    await w.send('win', winBody(won, '5000'));
    expect(await money()).toBe(before + 3000n);
    expect((await w.send('rollback', rollbackBody(won))).status).toBe('RS_OK');
    expect(await money()).toBe(before);
    await ledgerOk();
  });

  it('refuses a bad signature, a stale timestamp, a reused nonce, an unknown player, a wrong currency and bad syntax', async () => {
    const before = await money();
    expect((await w.send('bet', betBody(), { secret: 'not-the-secret' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const now = Math.floor(h.clock.now().getTime() / 1000);
    expect((await w.send('bet', betBody(), { timestamp: now - 31 })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await w.send('bet', betBody(), { timestamp: now + 31 })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await w.send('bet', betBody({ amount: '1000' }), { nonce: 'nonce-used-once' })).status).toBe('RS_OK');
    expect((await w.send('bet', betBody({ amount: '1000' }), { nonce: 'nonce-used-once' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await w.send('bet', betBody({ user: '999999' }))).status).toBe('RS_ERROR_UNKNOWN_USER');
    expect((await w.send('bet', { ...betBody(), currency: 'USD' })).status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect((await w.send('bet', { ...betBody(), amount: '-5' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await w.send('bet', {}, { raw: '{not json' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await w.send('bet', betBody({ tok: 'someone-elses-token' }))).status).toBe('RS_ERROR_INVALID_TOKEN');
    const unknownVendor = await w.send('bet', betBody(), { vendor: 'nobody' });
    expect(unknownVendor.http).toBe(404);
    expect(await money()).toBe(before - 1000n);
    await ledgerOk();
  });

  it('insufficient funds answers with the current balance; limits per level answer limit reached', async () => {
    const held = await money();
    const r = await w.send('bet', betBody({ amount: String(held + 1n) }));
    expect(r).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: String(held) });
    expect((await w.send('bet', betBody({ amount: '999' }))).status).toBe('RS_ERROR_LIMIT_REACHED'); // min_bet 1,000
    expect(await money()).toBe(held);
    await ledgerOk();
  });

  it('stores every raw request and its answer', async () => {
    const before = (await h.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM casino_wallet_calls')).rows[0].n;
    const body = betBody({ amount: '1000' });
    await w.send('bet', body);
    await w.send('bet', body, { secret: 'wrong' });
    const rows = await h.db.query('SELECT method, body, status, answer FROM casino_wallet_calls ORDER BY id DESC LIMIT 2');
    expect(rows.rows.map((x) => x.status)).toEqual(['RS_ERROR_INVALID_SIGNATURE', 'RS_OK']);
    expect(JSON.parse(rows.rows[1].body as string)).toEqual(body);
    expect(rows.rows[1].answer).toMatchObject({ status: 'RS_OK', request_uuid: body.request_uuid });
    const after = (await h.db.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM casino_wallet_calls')).rows[0].n;
    expect(after - before).toBe(2n);
  });

  it('50 concurrent debits on one member never overdraw', async () => {
    const r = await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user5'`);
    const poor = r.rows[0].id;
    const tok = (await launchToken(h, await h.login('user', 'user5'))).token;
    const held = await money(poor);
    // leave exactly 20 stakes of 10,000 in the account
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: 'drain-user5',
        kind: 'test.drain',
        from: { user: poor, asset: 'money' },
        to: { house: HOUSE.adjustments, asset: 'money' },
        amount: held - 200_000n,
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => w.send('bet', { ...betBody({ amount: '10000', user: String(poor), tok, game: 'baccarat1' }) })),
    );
    const ok = answers.filter((a) => a.status === 'RS_OK').length;
    expect(ok).toBe(20);
    expect(answers.filter((a) => a.status === 'RS_ERROR_NOT_ENOUGH_MONEY').length).toBe(30);
    expect(await money(poor)).toBe(0n);
    await ledgerOk();
  });

  it('the same bet sent 10 times at once is taken once; a rollback racing its bet never leaves the stake taken', async () => {
    const before = await money();
    const bet = betBody({ amount: '1000' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => w.send('bet', { ...bet, request_uuid: uid('req') })));
    expect(new Set(answers.map((a) => `${a.status}:${a.balance}`))).toEqual(new Set([`RS_OK:${before - 1000n}`]));
    expect(await money()).toBe(before - 1000n);

    const raced = betBody({ amount: '1000' });
    const [b, rb] = await Promise.all([w.send('bet', raced), w.send('rollback', rollbackBody(raced))]);
    expect(rb.status).toBe('RS_OK');
    expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(b.status);
    expect(await money()).toBe(before - 1000n);
    await ledgerOk();
  });

  it('an expired session refuses bets but still takes wins and rollbacks', async () => {
    const bet = betBody({ amount: '1000' });
    expect((await w.send('bet', bet)).status).toBe('RS_OK');
    const other = betBody({ amount: '1000' });
    expect((await w.send('bet', other)).status).toBe('RS_OK');
    h.clock.advance(13 * 3_600_000);
    const before = await money();
    expect((await w.send('bet', betBody())).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect((await w.send('balance', { request_uuid: uid('req'), user: String(userId), token, currency: 'KRW' })).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    const win = await w.send('win', winBody(bet, '2500'));
    expect(win.status).toBe('RS_OK');
    expect((await w.send('rollback', rollbackBody(other))).status).toBe('RS_OK');
    expect(await money()).toBe(before + 2500n + 1000n);
    await ledgerOk();
  });
});

describe('a fault of ours', () => {
  it('answers RS_ERROR_UNKNOWN with HTTP 200 and moves nothing', async () => {
    const before = await money();
    await h.db.query('ALTER TABLE casino_wallet_nonces RENAME TO casino_wallet_nonces_away');
    try {
      const r = await w.send('bet', betBody({ amount: '1000' }));
      expect(r).toMatchObject({ http: 200, status: 'RS_ERROR_UNKNOWN' });
    } finally {
      await h.db.query('ALTER TABLE casino_wallet_nonces_away RENAME TO casino_wallet_nonces');
    }
    expect(await money()).toBe(before);
    await ledgerOk();
  });
});
