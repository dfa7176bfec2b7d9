import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCall, installGuards, type Changes } from '../../platform/http.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';
import { authenticate } from '../auth/index.ts';
import { HOUSE, transfer } from '../ledger/index.ts';

let h: Harness;
let token: string;
let uid: bigint;
beforeAll(async () => {
  h = await harness();
  token = await h.login('user', 'user5');
  uid = (await h.db.query<{ id: bigint }>(`SELECT id FROM users WHERE account = 'user5'`)).rows[0].id;
});
afterAll(() => h?.close());

const poll = async () => {
  const r = await h.call('/api/user/getContext', {}, { token });
  expect(r.status).toBe(200);
  return r.json.data as { context: { money: string; server_time: string }; user: { money: string; point: string } };
};

/** The text of every statement the app sends while `fn` runs (a transaction counts as 'tx'). */
async function statementsDuring(fn: () => Promise<unknown>) {
  const db = h.deps.db;
  const query = db.query;
  const tx = db.tx;
  const texts: string[] = [];
  db.query = ((...a: Parameters<typeof query>) => (texts.push(a[0]), query.apply(db, a))) as typeof query;
  db.tx = ((...a: Parameters<typeof tx>) => (texts.push('tx'), tx.apply(db, a))) as typeof tx;
  try {
    await fn();
  } finally {
    db.query = query;
    db.tx = tx;
  }
  return texts;
}

/**
 * A second app on the same database whose one call declares `changes`; its handler writes
 * nothing, so whatever the poll re-reads afterwards comes from the declaration alone.
 */
async function appDeclaring(changes: Changes) {
  const app = Fastify();
  installGuards(app, {
    checkAddress: async () => {},
    authenticate: (audience, t, ip) => authenticate(h.deps, audience, t, ip),
    isUnderInspection: async () => false,
    authorizeAdmin: async () => {},
  });
  defineCall(app, h.deps, '/api/user/browse', { auth: 'required', changes }, async () => ({ ok: true as const }));
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/browse',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(res.statusCode).toBe(200);
  await app.close();
}

describe(`context poll cache on ${testEngine}`, () => {
  it('a poll with nothing changed runs no SQL statement, and still tells the time', async () => {
    const first = await poll();
    h.clock.advance(5_000);
    let second: Awaited<ReturnType<typeof poll>> | undefined;
    expect(await statementsDuring(async () => (second = await poll()))).toEqual([]);
    expect(second!.context.money).toBe(first.context.money);
    expect(second!.context.server_time).not.toBe(first.context.server_time);
  });

  it("a call declaring changes 'none' keeps the caller's cached context and session", async () => {
    await poll();
    expect((await h.call('/api/user/browse', { path: '/game' }, { token })).status).toBe(200);
    expect(await statementsDuring(poll)).toEqual([]);
    await appDeclaring('none');
    expect(await statementsDuring(poll)).toEqual([]);
  });

  it("a call declaring changes 'member' drops the caller's cached context and session", async () => {
    await poll();
    await appDeclaring('member');
    const texts = await statementsDuring(poll);
    expect(texts.filter((t) => /\bsessions\b/.test(t)).length).toBeGreaterThan(0);
    expect(texts.filter((t) => /\bledger_accounts\b/.test(t)).length).toBeGreaterThan(0);
  });

  it('a poll after a ledger posting sees the new balance (no stale cache)', async () => {
    const before = BigInt((await poll()).user.money);
    await h.db.tx((sql) =>
      transfer(sql, h.clock, {
        idempotencyKey: 'ctx-1',
        kind: 'test',
        from: { house: HOUSE.adjustments, asset: 'money' },
        to: { user: uid, asset: 'money' },
        amount: 1234n,
      }),
    );
    const after = await poll();
    expect(BigInt(after.user.money)).toBe(before + 1234n);
    expect(BigInt(after.context.money)).toBe(before + 1234n);
  });

  it('a posting outside a transaction keeps the cached session: the next poll re-reads the balance, not the session', async () => {
    const before = BigInt((await poll()).user.money);
    await transfer(h.db, h.clock, {
      idempotencyKey: 'ctx-bare-1',
      kind: 'test',
      from: { house: HOUSE.adjustments, asset: 'money' },
      to: { user: uid, asset: 'money' },
      amount: 77n,
    });
    const texts: string[] = [];
    const db = h.deps.db;
    const query = db.query;
    db.query = ((...a: Parameters<typeof query>) => (texts.push(a[0]), query.apply(db, a))) as typeof query;
    let after: Awaited<ReturnType<typeof poll>>;
    try {
      after = await poll();
    } finally {
      db.query = query;
    }
    expect(BigInt(after.user.money)).toBe(before + 77n);
    expect(BigInt(after.context.money)).toBe(before + 77n);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((t) => /\bsessions\b/.test(t))).toEqual([]);
  });

  it('a poll after an admin grant and after a settings change sees them', async () => {
    const admin = await h.login('admin', 'admin');
    const before = BigInt((await poll()).user.point);
    const g = await h.call(
      '/api/admin/ledger/adjust',
      { user_id: Number(uid), asset: 'point', amount: '700', memo: 'x', request_id: 'req-ctx-0001' },
      { token: admin },
    );
    expect(g.status).toBe(200);
    expect(BigInt((await poll()).user.point)).toBe(before + 700n);
    const was = (await h.call('/api/user/getContext', {}, { token })).json.data.context.use_casino as boolean;
    const s = await h.call('/api/admin/settings/update', { settings: { use_casino: !was } }, { token: admin });
    expect(s.status).toBe(200);
    expect((await h.call('/api/user/getContext', {}, { token })).json.data.context.use_casino).toBe(!was);
  });

  it('a revoked session is refused on the next poll even though it was cached', async () => {
    const t2 = await h.login('user', 'user6');
    expect((await h.call('/api/user/getContext', {}, { token: t2 })).json.data.user).not.toBeNull();
    expect((await h.call('/api/user/logout', {}, { token: t2 })).status).toBe(200);
    const r = await h.call('/api/user/getContext', {}, { token: t2 });
    expect(r.json.data.user).toBeNull();
  });
});
