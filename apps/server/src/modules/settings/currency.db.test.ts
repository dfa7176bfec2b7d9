import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

/** Decision 013: one operating currency (a setting) shown in every language; codes, not English. */
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`operating currency and coded texts on ${testEngine}`, () => {
  it('every context carries the operating currency, KRW by default', async () => {
    const player = await h.login('user', 'user1');
    expect((await h.call('/api/user/getContext', {}, { token: player })).json.data.context.currency).toBe('KRW');
    expect((await h.call('/api/user/getContext', {})).json.data.context.currency).toBe('KRW');
    expect((await h.call('/api/agent/getContext', {})).json.data.context.currency).toBe('KRW');
    expect((await h.call('/api/admin/getContext', {}, { token: admin })).json.data.context.currency).toBe('KRW');
  });

  it('an operator switches it; a currency with minor units (or no currency) is refused and changes nothing', async () => {
    const bad = await h.call('/api/admin/settings/update', { settings: { currency: 'USD' } }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.json.result).toBe(false);
    expect((await h.call('/api/admin/settings/update', { settings: { currency: 'won' } }, { token: admin })).status).toBe(400);
    expect((await h.call('/api/user/getContext', {})).json.data.context.currency).toBe('KRW');

    const ok = await h.call('/api/admin/settings/update', { settings: { currency: 'JPY' } }, { token: admin });
    expect(ok.status).toBe(200);
    expect((await h.call('/api/user/getContext', {})).json.data.context.currency).toBe('JPY');
    await h.call('/api/admin/settings/update', { settings: { currency: 'KRW' } }, { token: admin });
    expect((await h.call('/api/user/getContext', {})).json.data.context.currency).toBe('KRW');
  });

  it('point-log rows carry a kind code the web translates; seed rows carry no English memo', async () => {
    const player = await h.login('user', 'user3');
    const logs = await h.call('/api/user/bank/getPointLogs', { startedAt: '2020-01-01', endedAt: '2030-12-31' }, { token: player });
    expect(logs.status).toBe(200);
    const seeded = logs.json.data.logs.find((l: { kind: string }) => l.kind === 'seed.points');
    expect(seeded).toBeDefined();
    expect(seeded.content).toBe('seed.points');
    for (const log of logs.json.data.logs) expect(log.content).not.toMatch(/demo/i);
  });
});
