import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { ensureSports } from './feed/job.ts';
import type { FeedMessage, Names } from './feed/types.ts';
import { ingest } from './ingest.ts';
import { settleJob } from './settle-job.ts';

// Names in the reader's language (the page's `language` header, else the session's) with the
// admin's names winning over the feed's, and the members' results board (decision 046).
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

const HANGUL = /[\uac00-\ud7af]/;
const at = () => h.clock.now().toISOString();
const n = (ko: string, ja: string, vi: string, th: string, en: string): Names => ({ ko, ja, vi, th, en });
const LEAGUE = n('테스트 리그', 'テストリーグ', 'Giải thử', 'ลีกทดสอบ', 'Test League');
const HOME = n('홈 유나이티드', 'ホーム・ユナイテッド', 'Home United', 'โฮม ยูไนเต็ด', 'Home United');
const AWAY = n('어웨이 시티', 'アウェイ・シティ', 'Away City', 'อะเวย์ ซิตี้', 'Away City');

function fixture(ref: string, startsInMs: number): FeedMessage[] {
  const base = { provider: 'primary' as const, fixtureRef: ref, at: at() };
  return [
    {
      ...base,
      kind: 'fixture',
      sport: 'soccer',
      league: { ref: 'names:l', names: LEAGUE, country: null, sort: 0 },
      home: { ref: 'names:h', name: 'Home United', names: HOME },
      away: { ref: 'names:a', name: 'Away City', names: AWAY },
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
        {
          ref: 'over_under:ft:250',
          kind: 'over_under',
          period: 'ft',
          line: 250,
          status: 'open',
          outcomes: [
            { code: 'over', odds: 190 },
            { code: 'under', odds: 190 },
          ],
        },
      ],
    },
  ];
}

const list = async (headers: Record<string, string> = {}, token = member) => {
  const r = await h.call('/api/user/sports/fixtures', { board: 'europe', sport: 'soccer' }, { token, headers });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  const f = r.json.data.fixtures.find((x: any) => x.league.name === LEAGUE.ko || x.league.name === LEAGUE.en || Object.values(LEAGUE).includes(x.league.name));
  return { league: f.league.name as string, home: f.home.name as string, away: f.away.name as string, leagues: r.json.data.leagues.map((l: any) => l.name) };
};

describe('sports names in the reader language', () => {
  it('serves the feed names of the page language, else the session language, else Korean; the admin name wins', async () => {
    await ingest(h.db, h.clock, fixture('names:1', 3600_000));
    expect(await list()).toMatchObject({ league: LEAGUE.ko, home: HOME.ko, away: AWAY.ko });
    for (const lang of ['en', 'ja', 'vi', 'th'] as const)
      expect(await list({ language: lang })).toMatchObject({ league: LEAGUE[lang], home: HOME[lang], away: AWAY[lang] });
    const sports = await h.call('/api/user/sports/sports', { board: 'europe' }, { token: member, headers: { language: 'en' } });
    expect(sports.json.data.sports.map((s: any) => s.name).join(' ')).not.toMatch(HANGUL);
    expect(sports.json.data.sports.find((s: any) => s.code === 'table_tennis').name).toBe('Table tennis');

    // A session that chose Thai reads Thai when the page sends no language.
    const own = await h.login('user', 'user2');
    expect((await h.call('/api/setLanguage', { language: 'th' }, { token: own })).status).toBe(200);
    expect(await list({}, own)).toMatchObject({ home: HOME.th });

    // The admin's English name wins over the feed's; the other languages keep the feed's.
    const teams = await h.call('/api/admin/sports/teams', { search: 'Home United' }, { token: admin });
    const row = teams.json.data.rows[0];
    expect(row).toMatchObject({ feed_name: 'Home United', feed_names: HOME, names: {} });
    expect((await h.call('/api/admin/sports/teams/setNames', { team_id: row.id, names: { en: 'Home Utd' } }, { token: admin })).status).toBe(200);
    expect(await list({ language: 'en' })).toMatchObject({ home: 'Home Utd', away: AWAY.en });
    expect(await list({ language: 'ja' })).toMatchObject({ home: HOME.ja });
    // A feed update of the names leaves the admin's name standing.
    await ingest(h.db, h.clock, fixture('names:1', 3600_000).slice(0, 1));
    expect(await list({ language: 'en' })).toMatchObject({ home: 'Home Utd' });

    // The back office reads its language the same way.
    const adminList = await h.call('/api/admin/sports/fixtures', { filter: 'upcoming', search: 'アウェイ' }, { token: admin, headers: { language: 'ja' } });
    expect(adminList.json.data.rows[0]).toMatchObject({ home: HOME.ja, away: AWAY.ja, league: LEAGUE.ja });
    expect((await h.call('/api/admin/sports/teams/setNames', { team_id: row.id, names: { en: '' } }, { token: admin })).status).toBe(200);
  });
});

describe('results board', () => {
  it('lists settled fixtures with score, periods and each market winning picks, by sport and local day, in the reader language', async () => {
    const start = h.clock.now().getTime() + 600_000;
    await ingest(h.db, h.clock, fixture('names:2', 600_000));
    await ingest(h.db, h.clock, fixture('names:3', 7200_000));
    h.clock.advance(3 * 3600_000);
    const base = { provider: 'primary' as const, fixtureRef: 'names:2' };
    const result = { home: 2, away: 1, periods: { '1h': { home: 1, away: 0 }, '2h': { home: 1, away: 1 } }, specials: {} };
    await ingest(h.db, h.clock, [
      { ...base, at: at(), kind: 'score', status: 'result', score: { home: 2, away: 1, period: 'ft', minute: null, periods: [], events: [] } },
      { ...base, at: at(), kind: 'bet_settlement', result, markets: [] },
    ]);
    const job = settleJob(h.deps);
    await job.run();
    await job.run();
    member = await h.login('user', 'user1'); // the idle session ended in the three hours

    const board = await h.call('/api/user/sports/results', {}, { token: member, headers: { language: 'en' } });
    expect(board.status, JSON.stringify(board.json)).toBe(200);
    expect(board.json.data.total).toBe(1); // names:3 is not settled, names:1 not played
    const row = board.json.data.rows[0];
    expect(row).toMatchObject({
      sport: 'soccer',
      league: LEAGUE.en,
      home: HOME.en,
      away: AWAY.en,
      score: { home: 2, away: 1 },
      periods: [
        { period: '1h', home: 1, away: 0 },
        { period: '2h', home: 1, away: 1 },
      ],
      starts_at: new Date(start).toISOString(),
    });
    expect(row.markets).toEqual([
      { kind: '1x2', period: 'ft', line: null, won: ['home'], void: false },
      { kind: 'over_under', period: 'ft', line: '2.50', won: ['over'], void: false },
    ]);
    expect((await h.call('/api/user/sports/results', {}, { token: member, headers: { language: 'ko' } })).json.data.rows[0].home).toBe(HOME.ko);

    // Filters: another sport, the fixture's local (KST) day, the day before.
    const kstDay = (ms: number) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 10);
    expect((await h.call('/api/user/sports/results', { sport: 'tennis' }, { token: member })).json.data.total).toBe(0);
    expect((await h.call('/api/user/sports/results', { day: kstDay(start) }, { token: member })).json.data.total).toBe(1);
    expect((await h.call('/api/user/sports/results', { day: kstDay(start - 86_400_000) }, { token: member })).json.data.total).toBe(0);
    expect((await h.call('/api/user/sports/results', { skip: 20 }, { token: member })).json.data).toMatchObject({ total: 1, rows: [], per_page: 20 });
    expect((await h.call('/api/user/sports/results', { day: '2026-13-45x' }, { token: member })).status).toBe(400);
  });
});
