import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@wager/contracts';
import { ACCESS } from './authorization-matrix.ts';
import { audienceOf } from './platform/http.ts';
import { harness, type Harness } from './test/app.ts';
import { testEngine } from './test/db.ts';

// Issue 21 "Authorization matrix": every registered route × {no token, garbage, expired, each
// audience's session}. The table (authorization-matrix.ts) has one row per route, so a route
// added without one fails here. Roles per admin call: roles.db.test.ts; an agent's ids outside
// its subtree: agent-isolation.db.test.ts.
type Audience = 'user' | 'agent' | 'admin';
let h: Harness;
let tokens: Record<Audience, string>;
beforeAll(async () => {
  h = await harness();
  tokens = { user: await h.login('user', 'user1'), agent: await h.login('agent', 'shop1'), admin: await h.login('admin', 'admin') };
}, 60_000);
afterAll(() => h?.close());

const paths = (Object.keys(calls) as (keyof typeof ACCESS)[]).sort();
// Calls that end the caller's own session go last, so the others still have one.
const signedIn = paths.filter((p) => ACCESS[p] === 'signed-in').sort((a, b) => Number(a.includes('logout')) - Number(b.includes('logout')));
const call = (path: string, token?: string) => h.call(path, {}, token ? { token } : {});

describe(`the authorization matrix on ${testEngine}`, () => {
  it('has one row per registered route, and none for a route that is gone', () => {
    expect(Object.keys(ACCESS).sort()).toEqual([...paths]);
    for (const p of paths) expect(h.app.hasRoute({ method: 'POST', url: p }), `${p} is in the contract but not registered`).toBe(true);
  });

  it('refuses every signed-in route without a token, with a garbage token and with another audience’s session: 401, never 5xx', async () => {
    const wrong: string[] = [];
    for (const p of signedIn) {
      const own = audienceOf(p) as Audience;
      const attempts: [string, string | undefined][] = [
        ['none', undefined],
        ['garbage', 'garbage.token.value'],
        ...(['user', 'agent', 'admin'] as const).filter((a) => a !== own).map((a): [string, string] => [a, tokens[a]]),
      ];
      for (const [who, token] of attempts) {
        const r = await call(p, token);
        if (r.status !== 401) wrong.push(`${p} as ${who}: ${r.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('serves public routes to anyone (no 401, never 5xx) and its own audience’s session on every signed-in route (never 401 or 5xx)', async () => {
    const wrong: string[] = [];
    for (const p of paths.filter((x) => ACCESS[x] !== 'signed-in')) {
      const r = await call(p);
      if (r.status === 401 || r.status >= 500) wrong.push(`${p} as guest: ${r.status}`);
    }
    for (const p of signedIn) {
      const r = await call(p, tokens[audienceOf(p) as Audience]);
      if (r.status === 401 || r.status >= 500) wrong.push(`${p} as its audience: ${r.status} ${JSON.stringify(r.json.error ?? {})}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses an expired session on every audience’s routes', async () => {
    const fresh = { user: await h.login('user', 'user2'), agent: await h.login('agent', 'dist1'), admin: await h.login('admin', 'operator1') };
    h.clock.advance(24 * 3600_000); // past any idle limit
    for (const [audience, path] of [
      ['user', '/api/user/updateSession'],
      ['agent', '/api/agent/getAgentInfo'],
      ['admin', '/api/admin/dashboard'],
    ] as const)
      expect((await call(path, fresh[audience])).status, path).toBe(401);
  });
});
