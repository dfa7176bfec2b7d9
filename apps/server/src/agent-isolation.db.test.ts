import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@wager/contracts';
import { harness, type Harness } from './test/app.ts';
import { siblingShop } from './test/sibling-shop.ts';
import { testEngine } from './test/db.ts';

/**
 * Issue 18 acceptance 2, "subtree isolation for every agent call": shop1 aims every agent call
 * that names an account, a row or a search at its sibling shop2's subtree. Each answer is a
 * refusal or holds nothing of the sibling, and the database is as it was. The list of calls is
 * read from the contracts: a new agent call with an id, account or search field and no case here
 * fails the first test, so the wall is checked for calls not written yet.
 */

/** Body fields that name something that may lie outside the caller's subtree. */
const AIMED = [
  'parent_code',
  'user_id',
  'user_ids',
  'targetUserId',
  'parent_id',
  'settlement_id',
  'message_id',
  'message_ids',
  'inquiry_id',
  'id',
  'account',
  'search',
  'q',
];

/** Calls with such a field that cannot reach another subtree, and why. */
const EXEMPT: Record<string, string> = {
  '/api/agent/login': 'the account is the caller itself, checked by its password',
  '/api/agent/board/view': 'notices are published to every agent',
};

type Foreign = { member: number; agent: number; settlement: number; message: number; inquiry: number; round: number };
let n = 0;
const rid = () => `iso-${Date.now()}-${n++}`;

const CASES: Record<string, (f: Foreign) => object> = {
  '/api/agent/user/casino/depositBalance': (f) => ({ balance: '1000', targetUserId: f.member, request_id: rid() }),
  '/api/agent/user/casino/withdrawBalance': (f) => ({ balance: '1000', targetUserId: f.member, request_id: rid() }),
  '/api/agent/casino/history': () => ({ account: 'user9' }),
  '/api/agent/casino/detail': (f) => ({ id: f.round }),
  '/api/agent/user/list': () => ({ search: 'user9' }),
  '/api/agent/user/limits/get': (f) => ({ user_id: f.member }),
  '/api/agent/user/limits/set': (f) => ({ user_id: f.member, limits: { stake_daily: 1000 } }),
  '/api/agent/child/list': () => ({ search: 'shop2' }),
  '/api/agent/star/children': (f) => ({ parent_id: f.agent }),
  '/api/agent/star/search': () => ({ q: 'user9' }),
  '/api/agent/user/point/update': (f) => ({ status: 'grant', point: '100', user_id: f.member, request_id: rid() }),
  '/api/agent/child/money/update': (f) => ({ status: 'grant', money: '100', user_id: f.member, request_id: rid() }),
  '/api/agent/bank/lowerLogs': (f) => ({ type: 'charge', user_id: f.member }),
  '/api/agent/user/create': () => ({ parent_code: 'shop2', account: 'isonew1', password: '1234', nickname: '격리신규' }),
  '/api/agent/user/approve': (f) => ({ user_id: f.agent }),
  '/api/agent/user/stop': (f) => ({ user_id: f.agent }),
  '/api/agent/user/rates/update': (f) => ({ user_id: f.member, rolling_json: { slot_percent: 0.1 } }),
  '/api/agent/losing/pay': (f) => ({ settlement_id: f.settlement, request_id: rid() }),
  '/api/agent/losing/recover': (f) => ({ settlement_id: f.settlement, request_id: rid() }),
  '/api/agent/user/bulk': (f) => ({ action: 'withdraw', user_ids: [f.member], request_id: rid() }),
  '/api/agent/user/sessions': () => ({ search: 'user9' }),
  '/api/agent/user/detail': (f) => ({ user_id: f.member }),
  '/api/agent/user/detail/ledger': (f) => ({ user_id: f.member }),
  '/api/agent/user/detail/bets': (f) => ({ user_id: f.member, game_type: 'sports' }),
  '/api/agent/user/detail/bank': (f) => ({ user_id: f.member, type: 'charge' }),
  '/api/agent/user/detail/sessions': (f) => ({ user_id: f.member }),
  '/api/agent/game/logs': () => ({ game_type: 'sports', account: 'user9' }),
  '/api/agent/statistics/days': (f) => ({ user_id: f.member }),
  '/api/agent/zeus/daily-bettings': (f) => ({ user_id: f.member }),
  '/api/agent/zeus/user-daily-bettings': () => ({ search: 'user9' }),
  '/api/agent/zeus/total-user-bettings': () => ({ search: 'user9' }),
  '/api/agent/message/read': (f) => ({ message_ids: [f.message] }),
  '/api/agent/message/delete': (f) => ({ message_id: f.message }),
  '/api/agent/inquiry/read': (f) => ({ inquiry_id: f.inquiry }),
  '/api/agent/inquiry/delete': (f) => ({ inquiry_id: f.inquiry }),
};

function bodyKeys(schema: unknown): string[] {
  let s = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown; options?: unknown[] } | undefined;
  while (s && !s.shape && typeof s.unwrap === 'function') s = s.unwrap() as typeof s;
  if (s?.options) return s.options.flatMap(bodyKeys);
  return s?.shape ? Object.keys(s.shape) : [];
}

const agentCalls = Object.entries(calls as Record<string, { body?: unknown }>)
  .filter(([path]) => path.startsWith('/api/agent/'))
  .map(([path, c]) => ({ path, keys: bodyKeys(c.body) }));

let h: Harness;
let shop1: string;
let foreign: Foreign;

/** What a refused call must leave as it was: accounts, money, rates, states, boxes, settlements. */
async function fingerprint() {
  const r = await h.db.query<{ f: string }>(
    `SELECT concat_ws('|',
       (SELECT md5(string_agg(concat_ws(',', id, status, parent_id, rolling_json::text), ';' ORDER BY id)) FROM users),
       (SELECT count(*) FROM ledger_postings),
       (SELECT md5(string_agg(concat_ws(',', id, readed_at, deleted_at), ';' ORDER BY id)) FROM messages),
       (SELECT md5(string_agg(concat_ws(',', id, readed_at, deleted_at), ';' ORDER BY id)) FROM inquiries),
       (SELECT md5(string_agg(concat_ws(',', id, status), ';' ORDER BY id)) FROM losing_settlements)) AS f`,
  );
  return r.rows[0].f;
}

beforeAll(async () => {
  h = await harness();
  const admin = await h.login('admin', 'admin');
  // shop2 beside shop1 under dist1, with its own member user9.
  const sibling = await siblingShop(h.db, { shopRolling: { slot_percent: 1 } });
  const member = Number(sibling.user9);
  const agent = Number(sibling.shop2);
  const shop2Token = await h.login('agent', 'shop2');
  const sent = await h.call('/api/admin/message/send', { target: 'user', user_id: agent, subject: '격리', content: '<p>shop2</p>' }, { token: admin });
  expect(sent.status).toBe(200);
  const asked = await h.call(
    '/api/inquiry/create',
    { subject: '격리 문의', content: '<p>shop2</p>' },
    { token: shop2Token, headers: { pathname: '/pa-customer' } },
  );
  expect(asked.status).toBe(200);
  const round = await h.db.query<{ id: bigint }>(
    `INSERT INTO casino_wallet_tx (vendor, transaction_uuid, kind, user_id, round, game, game_type, wallet, amount, win_amount, status,
       request_uuid, answer_balance, balance_before, balance_after, created_at)
     VALUES ('evolution', 'iso-r9', 'bet', $1, 'iso-r9', 'baccarat', 'casino', 'money', 5000, 0, 'settled', 'iso-r9', 0, 100000, 95000, $2) RETURNING id`,
    [member, h.clock.now()],
  );
  const period = await h.db.query<{ id: bigint }>(
    `INSERT INTO losing_periods (from_day, to_day, starts_at, ends_at, run_at) VALUES ('2026-11-01', '2026-11-07', $1, $1, $1) RETURNING id`,
    [h.clock.now()],
  );
  const settlement = await h.db.query<{ id: bigint }>(
    `INSERT INTO losing_settlements (period_id, agent_id, net_loss, rate, own, amount, status, created_at)
     VALUES ($1, $2, 100000, 10000, 1000, 1000, 'pending', $3) RETURNING id`,
    [period.rows[0].id, agent, h.clock.now()],
  );
  const message = await h.db.query<{ id: bigint }>('SELECT id FROM messages WHERE user_id = $1', [agent]);
  const inquiry = await h.db.query<{ id: bigint }>('SELECT id FROM inquiries WHERE user_id = $1', [agent]);
  foreign = {
    member,
    agent,
    settlement: Number(settlement.rows[0].id),
    message: Number(message.rows[0].id),
    inquiry: Number(inquiry.rows[0].id),
    round: Number(round.rows[0].id),
  };
  shop1 = await h.login('agent', 'shop1');
}, 180_000);
afterAll(() => h?.close());

describe(`every agent call stays inside the caller's subtree on ${testEngine}`, () => {
  it('every agent call that names an account, a row or a search has a case here (or a stated reason)', () => {
    const aimed = agentCalls.filter((c) => c.keys.some((k) => AIMED.includes(k))).map((c) => c.path);
    expect(aimed.length).toBeGreaterThan(25);
    expect(aimed.filter((p) => !(p in CASES) && !(p in EXEMPT))).toEqual([]);
    // A case for a call that no longer exists is a stale wall.
    expect(Object.keys(CASES).filter((p) => !(p in calls))).toEqual([]);
  });

  it.each(Object.keys(CASES))('%s aimed at the sibling subtree is refused or answers nothing of it, and changes nothing', async (path) => {
    const before = await fingerprint();
    const r = await h.call(path, CASES[path](foreign), { token: shop1, headers: { pathname: '/pa' } });
    expect(r.status, JSON.stringify(r.json)).toBeLessThan(500);
    if (r.status >= 400) {
      expect([403, 404]).toContain(r.status);
    } else {
      // An answer may only be empty of the sibling's rows (a filter that matched nothing).
      const text = JSON.stringify(r.json.data);
      for (const mark of ['user9', 'shop2', '회원9', '매장2', '격리', 'iso-r9']) expect(text, `${path} answered ${mark}`).not.toContain(mark);
      if (path === '/api/agent/user/bulk') expect(r.json.data.changed).toBe(0);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('the same calls aimed inside the subtree are not refused by the wall (the cases are real)', async () => {
    // dist1 owns shop2 and user9: a refusal above would then be the subtree wall, not a bad body.
    const dist1 = await h.login('agent', 'dist1');
    for (const path of [
      '/api/agent/user/detail',
      '/api/agent/star/children',
      '/api/agent/casino/detail',
      '/api/agent/user/list',
      '/api/agent/statistics/days',
    ]) {
      const r = await h.call(path, CASES[path](foreign), { token: dist1, headers: { pathname: '/pa' } });
      expect(r.status, `${path} ${JSON.stringify(r.json)}`).toBe(200);
    }
  });
});
