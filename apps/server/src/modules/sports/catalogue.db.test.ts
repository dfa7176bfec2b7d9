import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { updateGameSettings } from '../settings/index.ts';
import { ensureSports } from './feed/job.ts';
import type { FeedMarket, FeedMessage, FixtureMessage } from './feed/types.ts';
import { ingest, repriceAll } from './ingest.ts';
import { cachedViewCount, fixtureDetail } from './catalogue.ts';
import { receiveChange } from '../../platform/events.ts';
import { homeOf } from '../../platform/db.ts';

let h: Harness;
let token: string;
const at = () => h.clock.now().toISOString();
const inHours = (n: number) => new Date(h.clock.now().getTime() + n * 3600_000).toISOString();

const names = { ko: '테스트 리그', ja: 'テストリーグ', vi: 'Giải thử', th: 'ลีกทดสอบ', en: 'Test League' };
const fixture = (ref: string, startsAt: string): FixtureMessage => ({
  kind: 'fixture',
  provider: 'primary',
  fixtureRef: ref,
  at: at(),
  sport: 'soccer',
  league: { ref: 'test:league', names, country: 'KR', sort: 0 },
  home: { ref: 'test:home', name: 'Home FC', names: { ko: '홈 FC' } },
  away: { ref: 'test:away', name: 'Away FC', names: { ko: '원정 FC' } },
  startsAt,
});
const markets = (home: number, draw: number, away: number): FeedMarket[] => [
  {
    ref: '1x2:ft:',
    kind: '1x2',
    period: 'ft',
    line: null,
    status: 'open' as const,
    outcomes: [
      { code: 'home', odds: home },
      { code: 'draw', odds: draw },
      { code: 'away', odds: away },
    ],
  },
  {
    ref: 'handicap:ft:-25',
    kind: 'handicap',
    period: 'ft',
    line: -25,
    status: 'open' as const,
    outcomes: [
      { code: 'home', odds: 190 },
      { code: 'away', odds: 195 },
    ],
  },
  {
    ref: 'over_under:ft:250',
    kind: 'over_under',
    period: 'ft',
    line: 250,
    status: 'open' as const,
    outcomes: [
      { code: 'over', odds: 200 },
      { code: 'under', odds: 180 },
    ],
  },
  {
    ref: 'first_score:ft:',
    kind: 'first_score',
    period: 'ft',
    line: null,
    status: 'open' as const,
    outcomes: [
      { code: 'home', odds: 180 },
      { code: 'none', odds: 1000 },
      { code: 'away', odds: 230 },
    ],
  },
  {
    ref: 'over_under:1h:150',
    kind: 'over_under',
    period: '1h',
    line: 150,
    status: 'open' as const,
    outcomes: [
      { code: 'over', odds: 250 },
      { code: 'under', odds: 150 },
    ],
  },
];
const odds = (ref: string, provider: 'primary' | 'secondary', m = markets(250, 320, 300)): FeedMessage => ({
  kind: 'odds_change',
  provider,
  fixtureRef: ref,
  at: at(),
  markets: m,
});
const base = (ref: string) => ({ provider: 'primary' as const, fixtureRef: ref, at: at() });
const fx = async (ref: string) => (await h.db.query(`SELECT * FROM fixtures WHERE feed_ref = $1`, [ref])).rows[0];
const queue = async (id: bigint) =>
  (await h.db.query<{ action: string; params: any }>(`SELECT action, params FROM sports_settle_queue WHERE fixture_id = $1 ORDER BY id`, [id])).rows;
const score = {
  home: 1,
  away: 0,
  period: '2h',
  minute: 60,
  periods: [{ period: '1h', home: 1, away: 0 }],
  events: [{ kind: 'goal', side: 'home' as const, minute: 12 }],
};

beforeAll(async () => {
  h = await harness();
  token = await h.login('user', 'user1');
  await ensureSports(h.db);
}, 60_000);
afterAll(async () => h?.close());

describe('ingestion of each message kind', () => {
  it('fixture + both providers: catalogue rows, provider prices, player odds, release, version', async () => {
    await ingest(h.db, h.clock, [fixture('t:1', inHours(2)), odds('t:1', 'primary'), odds('t:1', 'secondary', markets(260, 310, 290))]);
    const f = await fx('t:1');
    expect(f.status).toBe('release');
    expect(Number(f.version)).toBeGreaterThan(0);
    const o = await h.db.query(
      `SELECT o.code, o.primary_odds::text p, o.secondary_odds::text s, o.odds::text odds, o.active FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = $1 AND m.feed_ref = '1x2:ft:' ORDER BY o.id`,
      [f.id],
    );
    expect(o.rows).toEqual([
      { code: 'home', p: '2.50', s: '2.60', odds: '2.50', active: true },
      { code: 'draw', p: '3.20', s: '3.10', odds: '3.20', active: true },
      { code: 'away', p: '3.00', s: '2.90', odds: '3.00', active: true },
    ]);
    expect((await h.db.query(`SELECT count(*)::int n FROM feed_messages WHERE fixture_ref = 't:1'`)).rows[0].n).toBe(3);
    // the same prices again change nothing; a suspended market does
    const v = Number((await fx('t:1')).version);
    await ingest(h.db, h.clock, [odds('t:1', 'primary')]);
    expect(Number((await fx('t:1')).version)).toBe(v);
    const suspended = markets(250, 320, 300).map((mk) => (mk.ref === 'first_score:ft:' ? { ...mk, status: 'suspended' as const } : mk));
    await ingest(h.db, h.clock, [odds('t:1', 'primary', suspended)]);
    expect(Number((await fx('t:1')).version)).toBe(v + 1);
    await ingest(h.db, h.clock, [odds('t:1', 'primary')]);
    expect(Number((await fx('t:1')).version)).toBe(v + 2);
  });

  it('settings choose the provider and shape the odds (margin, adjustment, cap) on re-pricing', async () => {
    const actor = { type: 'admin' as const, id: 1n, ip: '127.0.0.1' };
    await updateGameSettings(h.db, h.clock, actor, 'sports:europe', { provider: 'secondary', odds_adjust: -10, highest_odds: 3 });
    const before = Number((await fx('t:1')).version);
    await repriceAll(h.db, h.clock);
    const o = await h.db.query(
      `SELECT o.odds::text odds FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN fixtures f ON f.id = m.fixture_id WHERE f.feed_ref = 't:1' AND m.feed_ref = '1x2:ft:' ORDER BY o.id`,
    );
    expect(o.rows.map((r) => r.odds)).toEqual(['2.50', '3.00', '2.80']);
    expect(Number((await fx('t:1')).version)).toBeGreaterThan(before);
    await updateGameSettings(h.db, h.clock, actor, 'sports:europe', { provider: 'primary', odds_adjust: 0, highest_odds: 100 });
    await repriceAll(h.db, h.clock);
  });

  it('bet stop / start flag the fixture and bump its version; score moves it in play', async () => {
    const v0 = Number((await fx('t:1')).version);
    await ingest(h.db, h.clock, [{ ...base('t:1'), kind: 'score', status: 'progress', score }]);
    expect((await fx('t:1')).status).toBe('progress');
    await ingest(h.db, h.clock, [{ ...base('t:1'), kind: 'bet_stop', reason: 'goal' }]);
    const stopped = await fx('t:1');
    expect(stopped.bet_stop).toBe(true);
    expect(Number(stopped.version)).toBeGreaterThan(v0);
    await ingest(h.db, h.clock, [{ ...base('t:1'), kind: 'bet_start' }]);
    expect((await fx('t:1')).bet_stop).toBe(false);
    expect((await fx('t:1')).score.minute).toBe(60);
  });

  it('bet settlement writes the result, grades outcomes and queues settle; rollback and resend', async () => {
    const result = { home: 2, away: 1, periods: { '1h': { home: 1, away: 0 }, '2h': { home: 1, away: 1 } }, specials: { first_score: 'home' } };
    await ingest(h.db, h.clock, [
      { ...base('t:1'), kind: 'score', status: 'result', score: { ...score, home: 2, away: 1, period: 'ft' } },
      { ...base('t:1'), kind: 'bet_settlement', result, markets: [] },
    ]);
    const f = await fx('t:1');
    expect(f.status).toBe('result');
    expect(f.result).toEqual(result);
    const graded = await h.db.query(
      `SELECT m.feed_ref, o.code, o.result FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = $1 ORDER BY m.id, o.id`,
      [f.id],
    );
    const r = (ref: string, code: string) => graded.rows.find((x) => x.feed_ref === ref && x.code === code)?.result;
    expect(r('1x2:ft:', 'home')).toBe('won');
    expect(r('1x2:ft:', 'draw')).toBe('lost');
    expect(r('handicap:ft:-25', 'home')).toBe('won');
    expect(r('over_under:ft:250', 'over')).toBe('won');
    expect(r('first_score:ft:', 'home')).toBe('won');
    expect(r('over_under:1h:150', 'under')).toBe('won');
    expect((await queue(f.id)).map((q) => q.action)).toEqual(['settle']);

    await ingest(h.db, h.clock, [{ ...base('t:1'), kind: 'rollback_settlement' }]);
    const rolled = await fx('t:1');
    expect(rolled.result).toBeNull();
    expect(
      (await h.db.query(`SELECT count(*)::int n FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE m.fixture_id = $1 AND o.result IS NOT NULL`, [f.id]))
        .rows[0].n,
    ).toBe(0);
    await ingest(h.db, h.clock, [{ ...base('t:1'), kind: 'bet_settlement', result, markets: [] }]);
    expect((await queue(f.id)).map((q) => [q.action, q.params.what ?? null, q.params.by])).toEqual([
      ['settle', null, 'feed'],
      ['rollback', 'settlement', 'feed'],
      ['settle', null, 'feed'],
    ]);
    // a corrected result without a rollback re-grades and re-settles
    await ingest(h.db, h.clock, [{ ...base('t:1'), kind: 'bet_settlement', result: { ...result, home: 1, away: 1 }, markets: [] }]);
    expect((await queue(f.id)).at(-1)!.action).toBe('resettle');
  });

  it('bet cancel (markets, time window), its rollback, and a void fixture', async () => {
    await ingest(h.db, h.clock, [fixture('t:2', inHours(3)), odds('t:2', 'primary')]);
    const f = await fx('t:2');
    await ingest(h.db, h.clock, [{ ...base('t:2'), kind: 'bet_cancel', markets: ['first_score:ft:'], reason: 'feed error' }]);
    const m = await h.db.query(`SELECT status FROM markets WHERE fixture_id = $1 AND feed_ref = 'first_score:ft:'`, [f.id]);
    expect(m.rows[0].status).toBe('void');
    const start = at();
    const end = inHours(0.01);
    await ingest(h.db, h.clock, [{ ...base('t:2'), kind: 'bet_cancel', start, end, reason: 'missed goal' }]);
    await ingest(h.db, h.clock, [{ ...base('t:2'), kind: 'rollback_cancel', markets: ['first_score:ft:'] }]);
    expect((await h.db.query(`SELECT status FROM markets WHERE fixture_id = $1 AND feed_ref = 'first_score:ft:'`, [f.id])).rows[0].status).toBe('suspended');
    await ingest(h.db, h.clock, [{ ...base('t:2'), kind: 'void', reason: 'abandoned' }]);
    expect((await fx('t:2')).status).toBe('cancelled');
    expect((await h.db.query(`SELECT count(*)::int n FROM markets WHERE fixture_id = $1 AND status <> 'void'`, [f.id])).rows[0].n).toBe(0);
    expect((await queue(f.id)).map((q) => [q.action, q.params.markets ?? null, q.params.start ?? null, q.params.what ?? null])).toEqual([
      ['resettle', ['first_score:ft:'], null, null],
      ['cancel_window', null, start, null],
      ['resettle', ['first_score:ft:'], null, null],
      ['resettle', null, null, null],
    ]);
  });

  it('messages for an unknown fixture are logged and skipped', async () => {
    const r = await ingest(h.db, h.clock, [{ ...base('t:nope'), kind: 'bet_stop', reason: 'x' }]);
    expect(r.queued).toBe(0);
    expect((await h.db.query(`SELECT count(*)::int n FROM feed_messages WHERE fixture_ref = 't:nope'`)).rows[0].n).toBe(1);
  });
});

describe('member read calls', () => {
  beforeAll(async () => {
    await ingest(h.db, h.clock, [
      fixture('t:3', inHours(1)),
      odds('t:3', 'primary'),
      odds('t:3', 'secondary'),
      fixture('t:4', inHours(-0.5)),
      odds('t:4', 'primary'),
    ]);
    await ingest(h.db, h.clock, [{ ...base('t:4'), kind: 'score', status: 'progress', score }]);
  });

  it("keeps only the current minute's rendered lists", async () => {
    for (const board of ['europe', 'cross', 'special']) expect((await h.call('/api/user/sports/fixtures', { board }, { token })).status).toBe(200);
    expect(cachedViewCount(h.db)).toBeGreaterThanOrEqual(3);
    h.clock.advance(61_000);
    expect((await h.call('/api/user/sports/fixtures', { board: 'europe' }, { token })).status).toBe(200);
    expect(cachedViewCount(h.db)).toBe(1);
  });

  it('lists per board with the board markets, filters by sport and league, names in the caller language', async () => {
    const eu = await h.call('/api/user/sports/fixtures', { board: 'europe' }, { token });
    expect(eu.status).toBe(200);
    const f3 = eu.json.data.fixtures.find((f: any) => f.home.name === '홈 FC' && !f.live);
    expect(f3.league.name).toBe('테스트 리그');
    expect(f3.markets.map((m: any) => m.kind)).toEqual(['1x2']);
    expect(f3.market_count).toBe(5);
    expect(f3.markets[0].outcomes.map((o: any) => o.odds)).toEqual(['2.50', '3.20', '3.00']);
    expect(eu.json.data.fixtures.some((f: any) => f.live)).toBe(false);

    const cross = await h.call('/api/user/sports/fixtures', { board: 'cross', sport: 'soccer' }, { token });
    const row = cross.json.data.fixtures.find((f: any) => f.id === f3.id);
    expect(row.markets.map((m: any) => `${m.kind}:${m.line}`)).toEqual(['1x2:null', 'handicap:-0.25', 'over_under:2.50']);
    const special = await h.call('/api/user/sports/fixtures', { board: 'special' }, { token });
    expect(special.json.data.fixtures.find((f: any) => f.id === f3.id).markets.map((m: any) => m.kind)).toEqual(['first_score']);
    const special2 = await h.call('/api/user/sports/fixtures', { board: 'special2' }, { token });
    expect(special2.json.data.fixtures.find((f: any) => f.id === f3.id).markets.map((m: any) => m.period)).toEqual(['1h']);

    const inplay = await h.call('/api/user/sports/fixtures', { board: 'inplay' }, { token });
    const live = inplay.json.data.fixtures.find((f: any) => f.live);
    expect(live.score.home).toBe(1);
    expect(live.score.minute).toBe(60);
    const lv = await h.call('/api/user/sports/fixtures', { board: 'live' }, { token });
    expect(lv.json.data.fixtures.map((f: any) => f.id)).toContain(live.id);

    const basket = await h.call('/api/user/sports/fixtures', { board: 'europe', sport: 'basketball' }, { token });
    expect(basket.json.data.fixtures).toEqual([]);
    const leagueId = f3.league.id;
    const byLeague = await h.call('/api/user/sports/fixtures', { board: 'europe', league_id: leagueId }, { token });
    expect(byLeague.json.data.fixtures.map((f: any) => f.id)).toContain(f3.id);
    expect(byLeague.json.data.fixtures.every((f: any) => f.league.id === leagueId)).toBe(true);
    expect(byLeague.json.data.leagues.find((l: any) => l.id === leagueId).count).toBeGreaterThan(0);

    const en = await h.login('user', 'user2');
    await h.call('/api/setLanguage', { language: 'en' }, { token: en });
    const enList = await h.call('/api/user/sports/fixtures', { board: 'europe' }, { token: en });
    const f3en = enList.json.data.fixtures.find((f: any) => f.id === f3.id);
    expect([f3en.home.name, f3en.league.name]).toEqual(['Home FC', 'Test League']);
  });

  it('admin display names override, stopped leagues and fixtures off sale are not offered', async () => {
    const f = await fx('t:3');
    await h.db.query(`UPDATE teams SET names = '{"ko":"홈 유나이티드"}' WHERE id = $1`, [f.home_team_id]);
    await h.db.query(`UPDATE leagues SET stopped_types = '{cross}' WHERE id = $1`, [f.league_id]);
    h.clock.advance(31_000); // unannounced writes: the snapshot backstop reloads
    const eu = await h.call('/api/user/sports/fixtures', { board: 'europe' }, { token });
    expect(eu.json.data.fixtures.find((x: any) => x.id === Number(f.id)).home.name).toBe('홈 유나이티드');
    const cross = await h.call('/api/user/sports/fixtures', { board: 'cross' }, { token });
    expect(cross.json.data.fixtures.some((x: any) => x.id === Number(f.id))).toBe(false);
    await h.db.query(`UPDATE fixtures SET on_sale = false WHERE id = $1`, [f.id]);
    h.clock.advance(31_000);
    const eu2 = await h.call('/api/user/sports/fixtures', { board: 'europe' }, { token });
    expect(eu2.json.data.fixtures.some((x: any) => x.id === Number(f.id))).toBe(false);
    await h.db.query(`UPDATE fixtures SET on_sale = true WHERE id = $1`, [f.id]);
    await h.db.query(`UPDATE leagues SET stopped_types = '{}' WHERE id = $1`, [f.league_id]);
    h.clock.advance(31_000);
  });

  it('detail has every market with version and result; scores; unknown id and bad input are 4xx', async () => {
    const f = await fx('t:1');
    const d = await h.call('/api/user/sports/fixture', { id: Number(f.id) }, { token });
    expect(d.status).toBe(200);
    expect(d.json.data.fixture.markets).toHaveLength(5);
    expect(d.json.data.fixture.result).toEqual({ home: 1, away: 1 });
    expect(d.json.data.fixture.version).toBe(Number(f.version));
    const s = await h.call('/api/user/sports/scores', { ids: [Number(f.id)] }, { token });
    expect(s.json.data.fixtures[0]).toMatchObject({ id: Number(f.id), status: 'result' });
    expect((await h.call('/api/user/sports/fixture', { id: 99_999_999 }, { token })).json.error.code).toBe('sports_fixture_not_found');
    expect((await h.call('/api/user/sports/fixtures', { board: 'nope' }, { token })).status).toBe(400);
    expect((await h.call('/api/user/sports/fixtures', { board: 'europe' })).status).toBe(401);
  });

  it('pushes an odds change to an open stream within one second', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const f = await fx('t:3');
    const got = new Promise<{ ms: number; event: any; heads: http.IncomingHttpHeaders }>((resolve, reject) => {
      let sentAt = 0;
      const req = http.get(`http://127.0.0.1:${port}/api/user/sports/stream?token=${token}&fixtures=${f.id}`, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`status ${res.statusCode}`));
        let buf = '';
        res.on('data', (chunk: Buffer) => {
          buf += chunk.toString();
          const m = /data: (\{.*"type":"odds".*\})\n/.exec(buf);
          if (m) {
            resolve({ ms: performance.now() - sentAt, event: JSON.parse(m[1]), heads: res.headers });
            req.destroy();
          }
        });
        setTimeout(() => {
          sentAt = performance.now();
          ingest(h.db, h.clock, [odds('t:3', 'primary', markets(240, 330, 310))]).catch(reject);
        }, 50);
      });
      req.on('error', () => {});
      setTimeout(() => reject(new Error('no push within 3 s')), 3000);
    });
    const { ms, event, heads } = await got;
    expect(heads['content-type']).toContain('text/event-stream');
    expect(ms).toBeLessThan(1000);
    expect(event.fixture_id).toBe(Number(f.id));
    expect(event.outcomes.map((o: any) => o.odds).sort()).toEqual(['2.40', '3.10', '3.30']);
    const bad = await new Promise<number>((resolve) =>
      http.get(`http://127.0.0.1:${port}/api/user/sports/stream?token=nope`, (res) => resolve(res.statusCode ?? 0)),
    );
    expect(bad).toBe(401);
  });
});

describe('the catalogue snapshot across server processes (decision 060)', () => {
  it('keeps serving what it loaded until a fixtures notice, local or relayed from the process running the feed, names the fixture', async () => {
    await ingest(h.db, h.clock, [fixture('relay:1', inHours(3)), odds('relay:1', 'primary')]);
    const id = BigInt((await fx('relay:1')).id);
    const statusOf = async () => (await fixtureDetail(h.db, h.clock.now().getTime(), id, 'en')).markets.find((m) => m.kind === 'first_score')?.status;
    expect(await statusOf()).toBe('open');
    // Another process's feed wrote it: this process's snapshot has not heard yet.
    await h.db.query(`UPDATE markets SET status = 'suspended' WHERE fixture_id = $1 AND feed_ref = 'first_score:ft:'`, [id]);
    expect(await statusOf()).toBe('open');
    // Its notice arrives over the relay.
    receiveChange(homeOf(h.db), { topic: 'fixtures', ids: [String(id)], names: false });
    expect(await statusOf()).toBe('suspended');
  });
});
