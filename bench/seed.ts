/**
 * What the bench sections set up alike: a scratch database on the PostgreSQL server, funded
 * players, and the money of bets inserted in bulk. Imports server modules: the load children
 * (wallet.ts, sports.ts `load`) must not load this file.
 */
import pg from 'pg';
import type { Clock } from '../apps/server/src/platform/clock.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import type { Db, Sql } from '../apps/server/src/platform/db.ts';
import { HOUSE, postTransaction, transfer, type Posting } from '../apps/server/src/modules/ledger/index.ts';
import { placeBet } from '../apps/server/src/modules/betting/index.ts';
import { minigameBetInput } from '../apps/server/src/test/bets.ts';
import { fundedMember, insertMember, type MemberOpts } from '../apps/server/src/test/members.ts';

async function onServer(baseUrl: string, text: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A database of its own on the server at `baseUrl` (one left over from a killed run is dropped first): its URL, and `drop`. */
export async function scratchPgDb(baseUrl: string, name: string) {
  await onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(baseUrl, `CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** `count` players (accounts `${prefix}0` …), each holding `money` when given (the tests' member helpers). */
export async function seedPlayers(db: Db, o: { prefix: string; count: number; money?: bigint } & MemberOpts) {
  const ids: bigint[] = [];
  for (let i = 0; i < o.count; i++) {
    const account = `${o.prefix}${i}`;
    ids.push(o.money ? await fundedMember(db, systemClock, account, o.money, o) : await insertMember(db, account, o));
  }
  return ids;
}

/**
 * The money of `bets` stakes of `stake`, spread round-robin over `members`, as two postings
 * (house:deposits → players, players → house:stakes): what placing them one by one would leave,
 * for bets then inserted in bulk.
 */
export async function stakeInBulk(db: Db, clock: Clock, members: bigint[], bets: number, stake: bigint, key: string) {
  const perMember = new Map<bigint, bigint>();
  for (let i = 0; i < bets; i++) perMember.set(members[i % members.length], (perMember.get(members[i % members.length]) ?? 0n) + stake);
  const total = BigInt(bets) * stake;
  const fund: Posting[] = [{ account: { house: HOUSE.deposits, asset: 'money' }, amount: -total }];
  const staked: Posting[] = [{ account: { house: HOUSE.stakes, asset: 'money' }, amount: total }];
  for (const [u, a] of perMember) {
    fund.push({ account: { user: u, asset: 'money' }, amount: a });
    staked.push({ account: { user: u, asset: 'money' }, amount: -a });
  }
  await db.tx(async (sql) => {
    await postTransaction(sql, clock, { idempotencyKey: `${key}:fund`, kind: 'bench', reason: { type: 'bench', id: key }, postings: fund });
    await postTransaction(sql, clock, { idempotencyKey: `${key}:stake`, kind: 'bet.place', reason: { type: 'bench', id: key }, postings: staked });
  });
}

/** The ledger figures' unit of work: 1,000 of a player's money to house:stakes. */
export const stakeTransfer = (sql: Sql, userId: bigint, key: string) =>
  transfer(sql, systemClock, {
    idempotencyKey: key,
    kind: 'bench',
    from: { user: userId, asset: 'money' },
    to: { house: HOUSE.stakes, asset: 'money' },
    amount: 1_000n,
  });

/** The placeBet figures' unit of work: a 1,000 single on a mini-game pick (no game rules, betting's own path). */
export const minigameBet = (sql: Sql, userId: bigint, requestId: string) => placeBet(sql, systemClock, minigameBetInput(userId, requestId));
