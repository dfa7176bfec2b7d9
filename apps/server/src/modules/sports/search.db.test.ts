import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { ensureSports } from './feed/job.ts';
import type { FeedMessage, Names } from './feed/types.ts';
import { ingest } from './ingest.ts';

// The member home page's strips and the match search over names in every language (decision 053).
let h: Harness;
let member: string;
beforeAll(async () => {
  h = await harness();
  member = await h.login('user', 'user1');
  await ensureSports(h.db);
}, 60_000);
afterAll(async () => h?.close());

const at = () => h.clock.now().toISOString();
const n = (ko: string, ja: string, vi: string, th: string, en: string): Names => ({ ko, ja, vi, th, en });
const LEAGUE = n('검색 리그', '検索リーグ', 'Giải tìm kiếm', 'ลีกค้นหา', 'Search League');
const OTHER_LEAGUE = n('다른 리그', '別のリーグ', 'Giải khác', 'ลีกอื่น', 'Other League');
const team = (key: string, ko: string, en: string) => ({ ref: `search:${key}`, name: en, names: n(ko, `${en}JA`, en, `${en}TH`, en) });
const FALCONS = team('falcons', '서치 팰컨스', 'Searchton Falcons');
const ROVERS = team('rovers', '퀘리 로버스', 'Query Rovers');

function fixture(ref: string, startsInMs: number, home: typeof FALCONS, away: typeof FALCONS, league = LEAGUE): FeedMessage[] {
  const base = { provider: 'primary' as const, fixtureRef: ref, at: at() };
  return [
    {
      ...base,
      kind: 'fixture',
      sport: 'soccer',
      league: { ref: `search:${league.en}`, names: league, country: null, sort: 0 },
      home,
      away,
      startsAt: new Date(h.clock.now().getTime() + startsInMs).toISOString(),
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
  ];
}

const search = async (q: string, language = 'ko') => {
  const r = await h.call('/api/user/sports/search', { q }, { token: member, headers: { language } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.fixtures as { id: number; live: boolean; home: { name: string }; away: { name: string }; league: { name: string }; markets: unknown[] }[];
};

describe('match search', () => {
  it('finds open and live fixtures by an English or a Korean team name, or a league name, answering in the reader language', async () => {
    await ingest(h.db, h.clock, fixture('search:pre', 2 * 3600_000, FALCONS, ROVERS));
    await ingest(h.db, h.clock, fixture('search:live', 60_000, ROVERS, FALCONS, OTHER_LEAGUE));
    const score = { home: 1, away: 0, period: '1h', minute: 12, periods: [], events: [] };
    h.clock.advance(120_000);
    await ingest(h.db, h.clock, [{ provider: 'primary', fixtureRef: 'search:live', at: at(), kind: 'score', status: 'progress', score }]);
    // Finished: not offered, so not found.
    await ingest(h.db, h.clock, fixture('search:done', 60_000, FALCONS, ROVERS));
    h.clock.advance(120_000);
    await ingest(h.db, h.clock, [
      { provider: 'primary', fixtureRef: 'search:done', at: at(), kind: 'score', status: 'result', score: { ...score, period: 'ft' } },
    ]);

    // English name, any case, read in Korean: live first, then by kick-off.
    const en = await search('searchton falcons');
    expect(en.map((f) => [f.home.name, f.away.name, f.live])).toEqual([
      ['퀘리 로버스', '서치 팰컨스', true],
      ['서치 팰컨스', '퀘리 로버스', false],
    ]);
    expect(en[0].markets).toHaveLength(1);
    // A Korean name, read in English.
    const ko = await search('팰컨스', 'en');
    expect(ko.map((f) => f.home.name)).toEqual(['Query Rovers', 'Searchton Falcons']);
    // A league name in Japanese finds only that league's open fixture.
    const league = await search('検索リーグ', 'ja');
    expect(league.map((f) => [f.league.name, f.live])).toEqual([['検索リーグ', false]]);
    expect(await search('nobody plays here')).toEqual([]);
  });

  it('answers at most 20 and refuses a query shorter than two characters', async () => {
    for (let i = 0; i < 23; i++)
      await ingest(
        h.db,
        h.clock,
        fixture(
          `search:many:${i}`,
          (3 + i) * 3600_000,
          team(`m${i}`, `다수 ${i}`, `Many ${i}`),
          ROVERS,
          n('대량 리그', '大量リーグ', 'Giải nhiều', 'ลีกมาก', 'Bulk League'),
        ),
      );
    const bulk = await search('bulk league');
    expect(bulk).toHaveLength(20);
    expect(bulk.map((f) => f.home.name)).toEqual(Array.from({ length: 20 }, (_, i) => `다수 ${i}`));
    const short = await h.call('/api/user/sports/search', { q: 'a' }, { token: member });
    expect(short.status).toBe(400);
  });

  it('the home call lists live and upcoming fixtures, a handful each, with totals', async () => {
    const r = await h.call('/api/user/sports/home', {}, { token: member, headers: { language: 'en' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = r.json.data;
    expect(d.live.map((f: any) => f.home.name)).toContain('Query Rovers');
    expect(d.live.every((f: any) => f.live)).toBe(true);
    expect(d.soon).toHaveLength(6);
    expect(d.soon_total).toBeGreaterThan(6);
    const starts = d.soon.map((f: any) => Date.parse(f.starts_at));
    expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b));
    expect(d.soon.every((f: any) => !f.live && f.markets.length === 1)).toBe(true);
  });
});
