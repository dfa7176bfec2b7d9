import { afterAll, beforeAll, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { ensureSports } from './feed/job.ts';
import type { Names } from './feed/types.ts';
import { ingest } from './ingest.ts';

// Issue 20 defect 3, the betting history: a sports bet is named "home vs away" in the language of
// the page that placed it (Korean here). The member's history list and detail, and the admin's
// list of every bet, name it in the reader's language (the `language` header), the admin's
// team name winning as everywhere else.
let h: Harness;
let member: string;
let admin: string;
beforeAll(async () => {
  h = await harness();
  member = await h.login('user', 'user1');
  admin = await h.login('admin', 'admin');
  await ensureSports(h.db);
}, 60_000);
afterAll(async () => h?.close());

const n = (ko: string, en: string): Names => ({ ko, ja: en, vi: en, th: en, en });
const HOME = n('히스토리 유나이티드', 'History United');
const AWAY = n('히스토리 시티', 'History City');

it('names a sports bet in the reader language in the history, its detail and the admin list', async () => {
  const base = { provider: 'primary' as const, fixtureRef: 'hist:1', at: h.clock.now().toISOString() };
  await ingest(h.db, h.clock, [
    {
      ...base,
      kind: 'fixture',
      sport: 'soccer',
      league: { ref: 'hist:l', names: n('히스토리 리그', 'History League'), country: null, sort: 0 },
      home: { ref: 'hist:h', name: 'History United', names: HOME },
      away: { ref: 'hist:a', name: 'History City', names: AWAY },
      startsAt: new Date(h.clock.now().getTime() + 3600_000).toISOString(),
    },
    {
      ...base,
      kind: 'odds_change',
      markets: [
        {
          ref: '1x2:ft:',
          kind: '1x2',
          period: 'ft',
          line: null,
          status: 'open',
          outcomes: [
            { code: 'home', odds: 250 },
            { code: 'draw', odds: 320 },
            { code: 'away', odds: 300 },
          ],
        },
      ],
    },
  ]);
  const list = await h.call('/api/user/sports/fixtures', { board: 'europe', sport: 'soccer' }, { token: member });
  const fixture = list.json.data.fixtures.find((f: { home: { name: string } }) => f.home.name === HOME.ko);
  const home = fixture.markets.find((m: { kind: string }) => m.kind === '1x2').outcomes.find((o: { code: string }) => o.code === 'home');
  const placed = await h.call(
    '/api/user/sports/bet/place',
    { request_id: 'hist-names-1', board: 'europe', amount: '5,000', selections: [{ outcome_id: home.id, odds: home.odds }] },
    { token: member },
  );
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);

  const names = async (path: string, body: unknown, token: string, language: string) => {
    const r = await h.call(path, body, { token, headers: { language } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.data;
  };
  const mine = (data: { bets: { selections: { name: string }[]; game_type: string }[] }) => data.bets.find((b) => b.game_type === 'sports')!.selections[0].name;
  expect(mine(await names('/api/user/bet/history', { game_type: 'sports' }, member, 'ko'))).toBe(`${HOME.ko} vs ${AWAY.ko}`);
  const en = await names('/api/user/bet/history', { game_type: 'sports' }, member, 'en');
  expect(mine(en)).toBe(`${HOME.en} vs ${AWAY.en}`);
  const id = en.bets.find((b: { game_type: string }) => b.game_type === 'sports').id;
  expect((await names('/api/user/bet/detail', { id }, member, 'en')).bet.selections[0].name).toBe(`${HOME.en} vs ${AWAY.en}`);
  const all = await names('/api/admin/bet/list', { game_type: 'sports', account: 'user1' }, admin, 'en');
  expect(all.rows.find((r: { id: number }) => r.id === id).selections[0].name).toBe(`${HOME.en} vs ${AWAY.en}`);
});
