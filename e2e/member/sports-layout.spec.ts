import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';

/**
 * The sports screens' layout against a fixed catalogue: the read calls (sports, fixtures,
 * fixture, quote) answer from the stub below, so the pictures and the slip arithmetic do not
 * depend on where the simulated feed's clock stands. Login and the shell are real.
 * sports.spec.ts places real bets on the real feed.
 */

type Outcome = { id: number; code: string; odds: string; active: boolean; result: null };
type Market = { id: number; kind: string; period: string; line: string | null; status: string; outcomes: Outcome[] };

let nextId = 1000;
function market(kind: string, line: string | null, prices: [string, string][], period = 'ft'): Market {
  const id = nextId++;
  return { id, kind, period, line, status: 'open', outcomes: prices.map(([code, odds]) => ({ id: nextId++, code, odds, active: true, result: null })) };
}

const SPORT_NAMES: Record<string, string> = {
  soccer: '축구',
  basketball: '농구',
  baseball: '야구',
  volleyball: '배구',
  table_tennis: '탁구',
  hockey: '하키',
  tennis: '테니스',
  american_football: '미식축구',
  esports: 'e스포츠',
  ufc: 'UFC',
  futsal: '풋살',
  handball: '핸드볼',
};

function fixture(id: number, sport: string, league: [number, string, string], home: string, away: string, live: boolean, minutesFromNow: number) {
  const draw = sport === 'soccer' || sport === 'hockey' || sport === 'handball';
  const main = draw
    ? market('1x2', null, [
        ['home', '2.15'],
        ['draw', '3.30'],
        ['away', '3.05'],
      ])
    : market('moneyline', null, [
        ['home', '1.72'],
        ['away', '2.08'],
      ]);
  const markets = [
    main,
    market('handicap', '-1.50', [
      ['home', '1.95'],
      ['away', '1.85'],
    ]),
    market('over_under', sport === 'basketball' ? '181.50' : '2.50', [
      ['over', '1.90'],
      ['under', '1.90'],
    ]),
    market(
      'handicap',
      '-1.00',
      [
        ['home', '2.40'],
        ['away', '1.55'],
      ],
      '1h',
    ),
  ];
  return {
    id,
    sport,
    league: { id: league[0], name: league[1], country: league[2] },
    home: { id: id * 10, name: home },
    away: { id: id * 10 + 1, name: away },
    starts_at: new Date(Date.now() + minutesFromNow * 60_000).toISOString(),
    status: live ? 'progress' : 'release', // 'waiting' is not on sale: the list disables it as the slip refuses it
    live,
    bet_stop: id === 5,
    score: live
      ? {
          home: 1,
          away: 0,
          period: sport === 'basketball' ? 'q3' : '2h',
          minute: sport === 'basketball' ? null : 67,
          periods: [{ period: '1h', home: 1, away: 0 }],
          events: [],
        }
      : null,
    version: 1,
    markets,
    market_count: 24,
  };
}

const FIXTURES = [
  fixture(1, 'soccer', [1, '프리미어리그', '잉글랜드'], '맨체스터 시티', '아스널', false, 90),
  fixture(2, 'soccer', [1, '프리미어리그', '잉글랜드'], '리버풀', '첼시', false, 150),
  fixture(3, 'soccer', [2, 'K리그1', '대한민국'], '울산 HD', '전북 현대', true, -60),
  fixture(4, 'basketball', [3, 'KBL', '대한민국'], '서울 SK', '부산 KCC', true, -40),
  fixture(5, 'basketball', [4, 'NBA', '미국'], 'LA 레이커스', '보스턴 셀틱스', false, 200),
  fixture(6, 'baseball', [5, 'KBO', '대한민국'], 'LG 트윈스', '두산 베어스', false, 240),
  fixture(7, 'tennis', [6, 'ATP 파이널스', '국제'], '신네르', '알카라스', false, 300),
  fixture(8, 'esports', [7, 'LCK', '대한민국'], 'T1', '젠지', false, 360),
];
const outcomeIndex = new Map(FIXTURES.flatMap((f) => f.markets.flatMap((m) => m.outcomes.map((o) => [o.id, o.odds] as const))));

function ok(data: unknown) {
  return { status: 200, contentType: 'application/json', body: JSON.stringify({ result: true, data }) };
}

async function stubReads(page: Page) {
  await page.route('**/api/user/sports/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const body = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
    const board = String(body.board ?? 'europe');
    const live = board === 'inplay' || board === 'live';
    const list = FIXTURES.filter((f) => f.live === live || board === 'cross');
    switch (url.pathname) {
      case '/api/user/sports/sports':
        return route.fulfill(
          ok({
            sports: Object.entries(SPORT_NAMES).map(([code, name]) => ({
              code,
              name,
              count: list.filter((f) => f.sport === code).length,
              live: FIXTURES.filter((f) => f.sport === code && f.live).length,
            })),
          }),
        );
      case '/api/user/sports/fixtures': {
        const shown = list.filter((f) => !body.sport || f.sport === body.sport);
        const main = (f: (typeof FIXTURES)[number]) => (board === 'europe' || board === 'inplay' ? f.markets.slice(0, 1) : f.markets.slice(0, 3));
        const leagues = [
          ...new Map(shown.map((f) => [f.league.id, { ...f.league, sport: f.sport, count: shown.filter((g) => g.league.id === f.league.id).length }])).values(),
        ];
        return route.fulfill(ok({ fixtures: shown.map((f) => ({ ...f, markets: main(f) })), leagues, stamp: 1 }));
      }
      case '/api/user/sports/fixture': {
        const f = FIXTURES.find((x) => x.id === body.id);
        return route.fulfill(
          f
            ? ok({ fixture: { ...f, result: null } })
            : { status: 404, contentType: 'application/json', body: '{"result":false,"data":{},"error":{"code":"not_found","message":""}}' },
        );
      }
      case '/api/user/sports/slip/quote': {
        const ids = (body.outcome_ids as number[]) ?? [];
        return route.fulfill(
          ok({
            outcomes: ids.map((id) => ({ outcome_id: id, odds: outcomeIndex.get(id) ?? '1.00', available: true, reason: null })),
            limits: {
              betting_allowed: true,
              min_bet: '5000',
              max_bet: '3000000',
              max_win: '30000000',
              single_max: '1500000',
              highest_odds: '100.00',
              closing_seconds: 60,
              inplay_delay_seconds: 5,
              duplicate_betting: true,
              cancel_allowed: true,
              max_folders: 20,
              single_banned: false,
              two_folder_banned: false,
              same_game_banned: false,
            },
          }),
        );
      }
      case '/api/user/sports/stream':
        return route.fulfill({ status: 503, body: '' });
      default:
        return route.continue();
    }
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(screen: Screen, path: string) {
  const { context, page } = await newPage(browser, screen);
  await context.addInitScript(() => {
    const hidden: Record<string, number> = {};
    for (let id = 1; id <= 50; id++) hidden[id] = Date.now() + 86_400_000;
    localStorage.setItem('popupHidden', JSON.stringify(hidden));
  });
  await stubReads(page);
  await page.goto(path);
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page);
  await page.getByTestId('sports-page').waitFor();
  return { context, page };
}

for (const screen of [DESKTOP, PHONE]) {
  test(`European list, detail and the slip lay out at ${screen.width}px`, async () => {
    const { context, page } = await open(screen, '/game/europe-sports');
    try {
      await page.getByTestId('fixture-row').first().waitFor();
      expect(await page.getByTestId('fixture-row').count()).toBe(6);
      expect(await page.getByTestId('league-group').count()).toBe(5);
      expect(await page.locator('[data-testid^="sport-"][role="tab"]').count()).toBe(13);
      expect(await page.getByTestId('sport-soccer').getAttribute('data-count')).toBe('2');
      // Bet stop: that row's odds are locked.
      expect(await page.locator('[data-fixture-id="5"] [data-testid="odds"]').first().isDisabled()).toBe(true);

      // Two folders: 2.15 × 1.72 = 3.69; 10,000 + 50,000 stake → 221,400 estimated.
      await page.locator('[data-fixture-id="1"] [data-code="home"]').click();
      await page.locator('[data-fixture-id="6"] [data-code="home"]').click();
      if (screen === PHONE) {
        expect(await page.getByTestId('slip-fab').textContent()).toContain('2');
        await page.getByTestId('slip-fab').click();
      }
      await expect.poll(() => page.getByTestId('slip-pick').count()).toBe(2);
      expect(await page.getByTestId('slip-total-odds').textContent()).toBe('3.69');
      await page.getByTestId('slip-stake-add-10000').click();
      await page.getByTestId('slip-stake-add-50000').click();
      expect(await page.getByTestId('slip-estimated').textContent()).toBe('221,400원');
      await saveScreenshot(page, `sports-europe-slip-${screen.width}`);

      // The same market again replaces the pick (one per market); the slip survives navigation.
      if (screen === PHONE) await page.locator('.sp-slip-close').click();
      await page.locator('[data-fixture-id="1"] [data-code="draw"]').click();
      await page.goto('/game/europe-sports/2');
      await page.getByTestId('fixture-detail').waitFor();
      expect(await page.getByTestId('market-group').count()).toBe(4);
      await page.locator('[data-testid="market-row"] [data-code="over"]').first().click();
      if (screen === PHONE) await page.getByTestId('slip-fab').click();
      await expect.poll(() => page.getByTestId('slip-pick').count()).toBe(3);
      expect(await page.getByTestId('slip-total-odds').textContent()).toBe('10.77'); // 3.30 × 1.72 = 5.67 (down), × 1.90 = 10.77 (down)
      await saveScreenshot(page, `sports-detail-${screen.width}`);
    } finally {
      await context.close();
    }
  });

  test(`domestic boards and in-play lay out at ${screen.width}px`, async () => {
    const { context, page } = await open(screen, '/game/sports/cross');
    try {
      await page.getByTestId('fixture-row').first().waitFor();
      expect(await page.getByTestId('fixture-row').count()).toBe(8);
      expect(await page.locator('[data-fixture-id="1"] [data-testid="market-row"]').count()).toBe(3);
      await page.locator('[data-fixture-id="2"] [data-kind="handicap"] [data-code="away"]').click();
      await saveScreenshot(page, `sports-cross-${screen.width}`);

      await page.goto('/game/inplay');
      await page.getByTestId('fixture-row').first().waitFor();
      expect(await page.getByTestId('fixture-row').count()).toBe(2);
      expect(await page.locator('[data-fixture-id="3"] .sp-clock.is-live').count()).toBe(1);
      await page.getByTestId('stream-down').waitFor();
      await saveScreenshot(page, `sports-inplay-${screen.width}`);

      await page.goto('/game/sports/live');
      await page.getByTestId('fixture-row').first().waitFor();
      await page.locator('[data-fixture-id="4"] [data-testid="odds"]').first().click();
      // A pick from another board starts a new slip.
      if (screen === PHONE) await page.getByTestId('slip-fab').click();
      await expect.poll(() => page.getByTestId('slip-pick').count()).toBe(1);
      await saveScreenshot(page, `sports-live-${screen.width}`);
    } finally {
      await context.close();
    }
  });
}
