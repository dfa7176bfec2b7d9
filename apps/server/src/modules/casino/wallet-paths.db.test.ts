import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { fundedMember } from '../../test/members.ts';
import { DEV_HOUSE_VENDOR_SECRET } from '../../platform/config.ts';
import { observe, type Db, type Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { insertSession } from './repo.ts';
import { SESSION_HOURS } from './service.ts';
import { signWalletCall } from './signature.ts';
import type { WalletMethod } from './wallet/answer.ts';
import { walletCall } from './wallet/call.ts';

// Every wallet method has a fast path and a careful path (decision 021). The fast one is a mode
// of the careful one, so random sequences of calls — bets, wins, rollbacks, balances, exact
// replays, the same id with other content, rollbacks before their bet, wins after the session
// expired, concurrent duplicates, zero amounts, stakes above the balance or below the minimum —
// are run once through the fast path as production runs them, and once for a twin member with
// the fast path turned off. Both must answer the same statuses and balances and leave the same
// rows: wallet rows, call logs, bets and ledger postings. WALLET_PATH_SEED and WALLET_PATH_RUNS
// explore further. Checked to fail: the careful bet storing another first answer (seen on its
// replay and in its row), the careful win answering another balance.

const FUNDS = 30_000n;
/** Mostly stakes the fast path takes; else a free round, one below the house slot's minimum, one above what the member holds at first. */
const stake = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('1000', '2500', '7000') }, { weight: 1, arbitrary: fc.constantFrom('0', '500', '40000') });
const PAYOUTS = ['0', '1500', '5000'];
const SLOTS = 2;

type Step =
  | { t: 'round'; amount: string; payout: string }
  | { t: 'bet'; slot: number; amount: string }
  | { t: 'win'; slot: number; bet: number; amount: string }
  | { t: 'rollback'; slot: number; of: 'bet' | 'win'; n: number }
  | { t: 'balance' }
  | { t: 'replay'; k: number }
  | { t: 'conflict'; k: number }
  | { t: 'expire' };

const slot = fc.nat({ max: SLOTS - 1 });
const payout = fc.constantFrom(...PAYOUTS);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('round' as const), amount: stake, payout }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('bet' as const), slot, amount: stake }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('win' as const), slot, bet: slot, amount: payout }) },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('rollback' as const), slot, of: fc.constantFrom('bet' as const, 'win' as const), n: fc.nat({ max: 2 * SLOTS }) }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('balance' as const) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('replay' as const), k: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('conflict' as const), k: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const) }) },
);
/** One call in four is sent twice at once. */
const twice = fc.nat({ max: 3 }).map((n) => n === 0);
const commands = fc.array(fc.record({ step, twice }), { minLength: 1, maxLength: 12 });

/** A call as the sequence describes it, before it is made one member's (ids get the member's prefix). */
type Abstract = { method: WalletMethod; req: string; tx?: string; ref?: string; round?: string; amount?: string };

/**
 * The calls of one step. Bets and wins of the shared slots (b0, b1; w0, w1) meet each other in
 * any order; a round is a fresh bet and its win, the common case; a rollback references a slot's
 * id (perhaps before its bet: a tombstone) or one used before.
 */
function callsOf(s: Step, i: number, done: Abstract[]): Abstract[] {
  const req = `q${i}`;
  if (s.t === 'round')
    return [
      { method: 'bet', req: `${req}b`, tx: `b-${i}`, round: `r-${i}`, amount: s.amount },
      { method: 'win', req: `${req}w`, tx: `w-${i}`, ref: `b-${i}`, round: `r-${i}`, amount: s.payout },
    ];
  if (s.t === 'bet') return [{ method: 'bet', req, tx: `b${s.slot}`, round: `r${s.slot}`, amount: s.amount }];
  if (s.t === 'win') return [{ method: 'win', req, tx: `w${s.slot}`, ref: `b${s.bet}`, round: `r${s.bet}`, amount: s.amount }];
  if (s.t === 'rollback') {
    const used = done.filter((d) => d.method === s.of);
    const ref = s.n < SLOTS || !used.length ? { tx: `${s.of[0]}${s.n % SLOTS}`, round: `r${s.n % SLOTS}` } : used[s.n % used.length];
    return [{ method: 'rollback', req, tx: `x${s.slot}`, ref: ref.tx, round: ref.round }];
  }
  if (s.t === 'balance') return [{ method: 'balance', req }];
  const money = done.filter((d) => d.method !== 'balance');
  if (s.t === 'replay') return done.length ? [{ ...done[s.k % done.length], req }] : [];
  if (s.t === 'conflict' && money.length) {
    const d = money[s.k % money.length];
    return [{ ...d, req, ...(d.amount !== undefined && s.k % 2 ? { amount: String(BigInt(d.amount) + 1n) } : { round: `${d.round}-other` }) }];
  }
  return [];
}

/** Sequences every run goes through first (fast-check's examples), so the rare cases are always met. */
const once = (step: Step, twice = false) => ({ step, twice });
const EXAMPLES: [{ step: Step; twice: boolean }[]][] = [
  // A win after its bet was rolled back; a bet after the rollback that came before it (tombstone).
  [
    [
      once({ t: 'bet', slot: 0, amount: '2500' }),
      once({ t: 'rollback', slot: 0, of: 'bet', n: 0 }),
      once({ t: 'win', slot: 0, bet: 0, amount: '1500' }),
      once({ t: 'rollback', slot: 1, of: 'bet', n: 1 }),
      once({ t: 'bet', slot: 1, amount: '1000' }),
    ],
  ],
  // Wins after the session expired are paid (the first settles the bet, the second is a credit); bets and balances are refused.
  [
    [
      once({ t: 'bet', slot: 0, amount: '7000' }),
      once({ t: 'expire' }),
      once({ t: 'win', slot: 0, bet: 0, amount: '5000' }),
      once({ t: 'win', slot: 1, bet: 0, amount: '1500' }),
      once({ t: 'bet', slot: 1, amount: '1000' }),
      once({ t: 'balance' }),
    ],
  ],
  // Concurrent duplicates of a round, a rollback after the win, replays of both.
  [
    [
      once({ t: 'round', amount: '1000', payout: '5000' }, true),
      once({ t: 'rollback', slot: 0, of: 'bet', n: 2 }, true),
      once({ t: 'replay', k: 1 }, true),
      once({ t: 'conflict', k: 1 }),
    ],
  ],
];

let h: Harness;
let nonce = 0;
let runs = 0;
/** What the runs went through, so the test cannot pass on sequences that never reach a case. */
const statuses = new Set<string>();
const fastAnswers = { balance: 0, bet: 0, win: 0 };
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

type Member = { id: bigint; token: string; prefix: string; fastPath: boolean; deps: Deps; statements: number };

/** The harness's database, counting the statements sent through it and its transactions. */
function counting(db: Db, onQuery: () => void): Db {
  return Object.assign(observe(db, onQuery), {
    engine: db.engine,
    exec: (text: string) => db.exec(text),
    close: () => db.close(),
    tx: <T>(fn: (sql: Sql) => Promise<T>) => db.tx((sql) => fn(observe(sql, onQuery))),
  });
}

async function member(prefix: string, fastPath: boolean): Promise<Member> {
  const id = await fundedMember(h.db, h.clock, `wp_${prefix}`, FUNDS);
  const now = h.clock.now();
  const token = `wp-token-${prefix}`;
  await insertSession(h.db, {
    token,
    user_id: id,
    vendor: 'house',
    product: 'house_slot',
    game: 'fortune5',
    wallet_mode: 'seamless',
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000),
    last_seen_at: now,
  });
  const m: Member = { id, token, prefix, fastPath, deps: h.deps, statements: 0 };
  m.deps = { ...h.deps, db: counting(h.db, () => m.statements++) };
  return m;
}

/** One signed call of `m`, through the entry the wallet route uses (`fastPath: false` for the careful twin). */
async function send(m: Member, a: Abstract) {
  const p = (x: string | undefined) => (x === undefined ? undefined : `${m.prefix}-${x}`);
  const body = {
    request_uuid: p(a.req),
    transaction_uuid: p(a.tx),
    reference_transaction_uuid: p(a.ref),
    user: String(m.id),
    token: m.token,
    round: a.round,
    game_code: a.method === 'balance' ? undefined : 'fortune5',
    amount: a.amount,
    currency: 'KRW',
  };
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(h.clock.now().getTime() / 1000));
  const n = `wp-nonce-${++nonce}-${process.pid}`;
  const headers = { 'x-wallet-timestamp': ts, 'x-wallet-nonce': n, 'x-wallet-signature': signWalletCall(DEV_HOUSE_VENDOR_SECRET, ts, n, raw) };
  const answer = await walletCall(m.deps, 'house', a.method, headers, Buffer.from(raw), { fastPath: m.fastPath });
  return { status: answer.status, balance: answer.balance };
}

/** What `m` left behind, with its own ids and prefix taken out so the twins compare. */
async function stored(m: Member) {
  // Ids carry the member's prefix; ledger keys and memos may carry its user id and bet ids (as
  // B1, B2 … in the member's order), a settlement's (or its undoing's) key a hash of its bet ids (betting's own: the
  // same for either path, settle-one.db.test.ts).
  const betIds = (await h.db.query<{ id: bigint }>('SELECT id FROM bets WHERE user_id = $1 ORDER BY id', [m.id])).rows.map((r) => r.id);
  const ids = new Map<string, string>([[String(m.id), 'U'], ...betIds.map((b, n) => [String(b), `B${n + 1}`] as [string, string])]);
  const ledgerText = (v: string) => v.replace(/(?<![\w-])[0-9]+(?![\w-])/g, (d) => ids.get(d) ?? d).replace(/^(bet:[a-z]+:.*):[\w-]{32}$/, '$1:#');
  const strip = (k: string, v: unknown) => {
    if (typeof v !== 'string') return v;
    const own = v.replaceAll(m.prefix, '');
    return k === 'idempotency_key' || k === 'memo' ? ledgerText(own) : own;
  };
  const clean = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, strip(k, v)])));
  const q = async (text: string) => clean((await h.db.query(text, [m.id])).rows);
  return {
    money: (await getBalances(h.db, m.id)).money,
    walletRows: await q(
      `SELECT transaction_uuid, kind, round, game, game_type, wallet, amount, reference_uuid, bet_id IS NOT NULL AS has_bet, win_amount, status,
         request_uuid, answer_balance, balance_before, balance_after, created_at, settled_at
       FROM casino_wallet_tx WHERE user_id = $1 ORDER BY transaction_uuid, kind`,
    ),
    calls: await q(
      `SELECT c.method, c.request_uuid, c.transaction_uuid, c.status, c.answer->>'balance' AS balance
       FROM casino_wallet_calls c WHERE c.answer->>'user' = $1::text ORDER BY c.request_uuid, c.id`,
    ),
    bets: await q(
      `SELECT request_id, game_type, game, round, amount, win_amount, status, money_before, money_after, settled_at FROM bets WHERE user_id = $1 ORDER BY id`,
    ),
    postings: await q(
      `SELECT t.kind, t.memo, t.reason_type, t.idempotency_key, p.asset, p.amount, p.balance_before, p.balance_after
       FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE a.owner_type = 'user' AND a.owner_id = $1 ORDER BY p.id`,
    ),
  };
}

describe(`wallet: the fast and the careful path agree (${testEngine})`, () => {
  it('random sequences of calls answer the same and leave the same rows through either path', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const run = ++runs;
        const fast = await member(`wp${run}f`, true);
        const careful = await member(`wp${run}c`, false);
        const done: Abstract[] = [];
        let expired = false;
        for (const [i, { step: s, twice }] of cmds.entries()) {
          if (s.t === 'expire') {
            h.clock.advance((SESSION_HOURS + 1) * 3_600_000);
            expired = true;
            continue;
          }
          for (const a of callsOf(s, i, done)) {
            done.push(a);
            // Concurrent duplicates: the same call twice at once (each with its own nonce).
            const both = async (m: Member) => (twice ? Promise.all([send(m, a), send(m, a)]) : [await send(m, a)]);
            fast.statements = 0;
            const f = await both(fast);
            // The fast path answers a bet, a win or a balance in one or two statements. The careful
            // path sends three or more (prelude, the method, the call log), or two for a replay
            // that the fast path missed without a statement: a free round's bet (no fast path).
            const freeRound = a.method === 'bet' && a.amount === '0';
            if (!twice && !freeRound && a.method !== 'rollback' && fast.statements <= 2 && f[0].status === 'RS_OK') fastAnswers[a.method]++;
            const c = await both(careful);
            expect(f, `${i}: ${JSON.stringify(a)}`).toEqual(c);
            for (const x of f) statuses.add(`${a.method} ${x.status}${expired ? ' (expired)' : ''}`);
          }
        }
        const [sf, sc] = [await stored(fast), await stored(careful)];
        expect(sf).toEqual(sc);
        expect(sf.money).toBeGreaterThanOrEqual(0n);
        expect(await verifyLedger(h.db)).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: Number(process.env.WALLET_PATH_RUNS ?? 30), seed: Number(process.env.WALLET_PATH_SEED ?? 20261127), examples: EXAMPLES },
    );
    expect(fastAnswers.bet).toBeGreaterThan(10);
    expect(fastAnswers.win).toBeGreaterThan(5);
    expect(fastAnswers.balance).toBeGreaterThan(0);
    expect([...statuses].map((x) => x.replace(' (expired)', ''))).toEqual(
      expect.arrayContaining([
        'balance RS_OK',
        'balance RS_ERROR_TOKEN_EXPIRED',
        'bet RS_OK',
        'bet RS_ERROR_NOT_ENOUGH_MONEY',
        'bet RS_ERROR_LIMIT_REACHED',
        'bet RS_ERROR_TOKEN_EXPIRED',
        'bet RS_ERROR_TRANSACTION_ROLLED_BACK',
        'bet RS_ERROR_DUPLICATE_TRANSACTION',
        'win RS_OK',
        'win RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'win RS_ERROR_TRANSACTION_ROLLED_BACK',
        'rollback RS_OK',
        'rollback RS_ERROR_DUPLICATE_TRANSACTION',
      ]),
    );
    expect([...statuses]).toEqual(expect.arrayContaining(['win RS_OK (expired)', 'rollback RS_OK (expired)']));
  }, 300_000);
});
