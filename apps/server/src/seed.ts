import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Deps } from './platform/deps.ts';
import type { Sql } from './platform/db.ts';
import { hashPassword } from './platform/passwords.ts';
import { createUser, findByAccount, ZERO_ROLLING } from './modules/members/index.ts';
import { enrolWithSecret, insertAdmin } from './modules/auth/index.ts';
import { setAdminRoleByCode } from './modules/roles/index.ts';
import { countPosts, insertBank, insertBanner, insertPopup, insertPost } from './modules/board/index.ts';
import { HOUSE, transfer } from './modules/ledger/index.ts';
import { placeBet, settleBet, type Outcome } from './modules/betting/index.ts';

export const DEMO_PASSWORD = '1234';
export const DEMO_ADMIN = { account: 'admin', password: 'admin1234' };
/**
 * The demo admins' two-factor secret (decision 050): published like their password, so the demo
 * and the test helpers compute the login code from it. Enrol a real admin with its own secret.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** One admin per built-in sub-role (decision 042), same password as the super admin. */
export const DEMO_ROLE_ADMINS = [
  { account: 'operator1', nickname: '운영자1', role: 'operator' },
  { account: 'cashdesk1', nickname: '입출금1', role: 'cash_desk' },
  { account: 'support1', nickname: '고객지원1', role: 'support' },
];

/** One agent per tier, top to bottom, each the parent of the next (spec §6). */
export const DEMO_AGENTS = [
  { account: 'tophq1', nickname: '최상위본사', role: 'top_hq', rolling: 5 },
  { account: 'mainhq1', nickname: '본사1', role: 'main_hq', rolling: 4 },
  { account: 'subhq1', nickname: '부본사1', role: 'sub_hq', rolling: 3 },
  { account: 'branch1', nickname: '지사1', role: 'branch', rolling: 2.5 },
  { account: 'dist1', nickname: '총판1', role: 'distributor', rolling: 2 },
  { account: 'shop1', nickname: '매장1', role: 'shop', rolling: 1.5 },
] as const;

export const DEMO_MEMBERS = Array.from({ length: 7 }, (_, i) => ({ account: `user${i + 1}`, nickname: `회원${i + 1}`, level: i + 1 }));
export const DEMO_TESTS = [
  { account: 'test1', nickname: '테스트1' },
  { account: 'test2', nickname: '테스트2' },
];

// Spec §3 bank list (short Korean names); the admin list adds savings banks and credit unions.
const BANKS = [
  '농협',
  '국민',
  '우리',
  '신한',
  '케이뱅크',
  '하나',
  '카카오뱅크',
  '토스뱅크',
  '대구',
  'BNK부산',
  'BNK경남',
  '광주',
  '전북',
  '제주',
  '기업',
  '산업',
  '수협',
  '새마을금고',
  '신협',
  '우체국',
  '수출입',
  'HSBC',
  '도이치',
  '씨티',
  '조흥',
  'SC제일',
  '한미',
];
const ADMIN_BANKS = ['저축은행', '산림조합', '상호저축은행'];

const rolling = (pct: number) => ({
  ...ZERO_ROLLING,
  casino_percent: pct,
  slot_percent: pct,
  sports_percent: pct,
  sports_single_percent: pct,
  minigame_percent: pct,
  powerball_single_percent: pct,
  powerball_multiple_percent: pct,
});

async function ensureUser(sql: Sql, deps: Deps, u: Parameters<typeof createUser>[2]) {
  const found = await findByAccount(sql, u.account);
  return found ? found.id : createUser(sql, deps, u);
}

// The seed's own text names its version: an unchanged seed is not re-run on every start (one
// lookup instead of password hashing and replayed postings); an edited seed runs once more.
const SEED_VERSION = createHash('sha256')
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex')
  .slice(0, 16);

/** Idempotent: every row is created only if missing, every credit has a fixed idempotency key. */
export async function seed(deps: Deps) {
  const done = await deps.db.query(`SELECT 1 FROM idempotency_keys WHERE scope = 'seed' AND key = $1`, [SEED_VERSION]);
  if (done.rowCount > 0) return;
  await deps.db.tx(async (sql) => {
    // Two processes starting at once: the second waits on the key, finds it taken and seeds nothing.
    const claimed = await sql.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash, response) VALUES ('seed', $1, $1, '{}'::jsonb) ON CONFLICT DO NOTHING`,
      [SEED_VERSION],
    );
    if (claimed.rowCount === 0) return;
    const superId = await insertAdmin(sql, DEMO_ADMIN.account, await hashPassword(DEMO_ADMIN.password), '관리자');
    if (superId) await enrolWithSecret(sql, deps, superId, DEMO_ADMIN_TOTP_SECRET);
    for (const a of DEMO_ROLE_ADMINS) {
      const id = await insertAdmin(sql, a.account, await hashPassword(DEMO_ADMIN.password), a.nickname);
      if (id) await setAdminRoleByCode(sql, id, a.role);
      if (id) await enrolWithSecret(sql, deps, id, DEMO_ADMIN_TOTP_SECRET);
    }
    let sort = 0;
    for (const b of BANKS) await insertBank(sql, b, sort++, false);
    for (const b of ADMIN_BANKS) await insertBank(sql, b, sort++, true);

    let parentId: bigint | null = null;
    for (const a of DEMO_AGENTS) {
      parentId = await ensureUser(sql, deps, {
        account: a.account,
        password: DEMO_PASSWORD,
        nickname: a.nickname,
        name: a.nickname,
        phone: '01000000000',
        role: a.role,
        parentId,
        level: 7,
        status: 'normal_a',
        referralCode: a.account,
        bankName: '국민',
        bankAccount: '12345678901',
        bankHolder: a.nickname,
        exchangePassword: DEMO_PASSWORD,
        rollingJson: rolling(a.rolling),
        roleSetting: { isOpenPartnerPage: true, isOpenLosing: a.role === 'top_hq', isOpenUserPage: true },
      });
    }
    const shopId = parentId!;
    const memberIds: bigint[] = [];
    for (const m of DEMO_MEMBERS)
      memberIds.push(
        await ensureUser(sql, deps, {
          account: m.account,
          password: DEMO_PASSWORD,
          nickname: m.nickname,
          name: `홍길동${m.level}`,
          phone: `0101234000${m.level}`,
          role: 'user',
          parentId: shopId,
          level: m.level,
          status: 'normal_a',
          referralCode: null,
          bankName: '신한',
          bankAccount: `1100000000${m.level}`,
          bankHolder: `홍길동${m.level}`,
          exchangePassword: DEMO_PASSWORD,
          birthDate: '1990-01-01',
        }),
      );
    for (const t of DEMO_TESTS)
      await ensureUser(sql, deps, {
        account: t.account,
        password: DEMO_PASSWORD,
        nickname: t.nickname,
        name: t.nickname,
        phone: '01099990000',
        role: 'user',
        parentId: shopId,
        level: 1,
        status: 'test',
        referralCode: null,
        bankName: '신한',
        bankAccount: '99999999999',
        bankHolder: t.nickname,
        exchangePassword: DEMO_PASSWORD,
      });

    // Demo balances go through the ledger like any other money.
    for (const [i, id] of memberIds.entries()) {
      await transfer(sql, deps.clock, {
        idempotencyKey: `seed:money:${id}`,
        kind: 'seed.deposit',
        reason: { type: 'seed', id },
        from: { house: HOUSE.deposits, asset: 'money' },
        to: { user: id, asset: 'money' },
        amount: BigInt((i + 1) * 100_000),
      });
      await transfer(sql, deps.clock, {
        idempotencyKey: `seed:point:${id}`,
        kind: 'seed.points',
        reason: { type: 'seed', id },
        from: { house: HOUSE.bonuses, asset: 'point' },
        to: { user: id, asset: 'point' },
        amount: BigInt((i + 1) * 1_000),
      });
    }

    // A few settled and open demo bets so histories have rows; they go through the same
    // ledger calls as real bets (request ids make the seed repeatable).
    const demoBets: [number, string, string, 'sports' | 'minigame' | 'casino' | 'slot', string, bigint, Outcome | null][] = [
      [0, 'seed-bet-1', '맨체스터 시티 vs 아스널', 'sports', '1.95', 10_000n, 'won'],
      [0, 'seed-bet-2', 'EOS 파워볼 1분', 'minigame', '1.93', 20_000n, 'lost'],
      [0, 'seed-bet-3', 'LA 다저스 vs 뉴욕 양키스', 'sports', '2.10', 15_000n, null],
      [1, 'seed-bet-4', '스피드키노', 'minigame', '1.95', 5_000n, 'draw'],
    ];
    for (const [m, requestId, game, gameType, odds, amount, outcome] of demoBets) {
      const bet = await placeBet(sql, deps.clock, {
        userId: memberIds[m],
        gameType,
        game,
        vendor: gameType === 'sports' ? 'demo-feed' : 'ntry',
        round: gameType === 'minigame' ? '1234' : null,
        betType: 'single',
        selections: [{ name: game, market: gameType === 'sports' ? '승무패' : '홀짝', pick: gameType === 'sports' ? '홈승' : '홀', odds }],
        odds,
        amount,
        requestId,
      });
      if (outcome && bet.status === 'open') await settleBet(sql, deps.clock, bet.id, outcome);
    }

    if ((await countPosts(sql)) === 0) {
      await insertPost(sql, {
        kind: 'notice',
        subject: '[공지] 서비스 이용 안내',
        content: '<p>안전하고 공정한 게임 환경을 제공합니다. 문의는 고객센터를 이용해 주세요.</p>',
      });
      await insertPost(sql, {
        kind: 'notice',
        subject: '[공지] 은행 점검 시간 23:30 ~ 00:30 환전 불가',
        content: '<p>은행 공동망 점검 시간에는 환전 신청이 제한됩니다.</p>',
      });
      await insertPost(sql, {
        kind: 'notice',
        subject: '[공지] 책임감 있는 게임: 입금 및 손실 한도 설정 안내',
        content: '<p>마이페이지에서 입금/손실 한도와 자기 제한을 설정할 수 있습니다.</p>',
      });
      await insertPost(sql, {
        kind: 'event',
        subject: '첫 충전 보너스 이벤트',
        content: '<p>첫 충전 시 포인트를 드립니다.</p>',
        thumbnail: '/banners/event-1.svg',
      });
      await insertPost(sql, {
        kind: 'event',
        subject: '출석 체크 이벤트',
        content: '<p>매일 출석하고 포인트를 받으세요.</p>',
        thumbnail: '/banners/event-2.svg',
      });
      await insertPost(sql, { kind: 'rule', subject: '스포츠 베팅 규정', content: '<p>경기 시작 전 마감 시간까지 베팅할 수 있습니다.</p>' });
      await insertPost(sql, { kind: 'rule', subject: '미니게임 베팅 규정', content: '<p>회차 마감 후 베팅은 취소되지 않습니다.</p>' });
      await insertPopup(sql, { name: '회원 공지', content: '<p>공정한 게임을 위해 다중 계정 이용을 금지합니다.</p>', disabled: 0 });
      await insertPopup(sql, { name: '방문자 안내', content: '<p>만 19세 이상만 이용할 수 있습니다.</p>', disabled: 2 });
      await insertBanner(sql, { title: 'Sports', image_src: '/banners/banner-1.svg', link: '/game/europe-sports', sort: 1 });
      await insertBanner(sql, { title: 'Live Casino', image_src: '/banners/banner-2.svg', link: '/game/casino', sort: 2 });
      await insertBanner(sql, { title: 'Powerball', image_src: '/banners/banner-3.svg', link: '/game/powerball/ntry/eos1', sort: 3 });
    }
  });
}

export function demoAccountsText(url: string) {
  return [
    `Platform ready at ${url}`,
    `  Member site : ${url}/            player  user1..user7 / ${DEMO_PASSWORD}   test accounts test1, test2 / ${DEMO_PASSWORD}`,
    `  Partner site: ${url}/pa-login    agents  ${DEMO_AGENTS.map((a) => a.account).join(', ')} / ${DEMO_PASSWORD}`,
    `  Admin site  : ${url}/admin/login admin   ${DEMO_ADMIN.account} / ${DEMO_ADMIN.password}   roles ${DEMO_ROLE_ADMINS.map((a) => a.account).join(', ')} / ${DEMO_ADMIN.password}`,
    `                OTP: add the secret ${DEMO_ADMIN_TOTP_SECRET} to an authenticator app (all demo admins)`,
  ].join('\n');
}
