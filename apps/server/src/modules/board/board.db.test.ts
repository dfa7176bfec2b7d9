import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAudit } from '../audit/index.ts';
import { getBalances, verifyLedger } from '../ledger/index.ts';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let admin: string;
let member: string;
const idOf = async (account: string) => (await h.db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account])).rows[0].id;
const createPost = async (kind: string, subject: string, extra: object = {}) =>
  (await h.call('/api/admin/board/create', { kind, subject, content: `<p>${subject}</p>`, ...extra }, { token: admin })).json.data.id as number;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  member = await h.login('user', 'user1');
});
afterAll(() => h?.close());

describe(`board on ${testEngine}`, () => {
  it('lists notices 20 per page, newest first', async () => {
    const seeded = (await h.call('/api/user/board/getNotices', { skip: 0 }, { token: member })).json.data.total;
    expect(seeded).toBe(3);
    for (let n = 1; n <= 20; n++) await createPost('notice', `notice ${n}`);
    const page1 = await h.call('/api/user/board/getNotices', { skip: 0 }, { token: member });
    expect(page1.json.data.total).toBe(23);
    expect(page1.json.data.notices).toHaveLength(20);
    expect(page1.json.data.notices[0]).toMatchObject({ type: 'notice', subject: 'notice 20', author: '운영자', comment_count: 0 });
    const page2 = await h.call('/api/user/board/getNotices', { skip: 20 }, { token: member });
    expect(page2.json.data.notices.map((n: any) => n.subject)).toEqual([
      '[공지] 책임감 있는 게임: 입금 및 손실 한도 설정 안내',
      '[공지] 은행 점검 시간 23:30 ~ 00:30 환전 불가',
      '[공지] 서비스 이용 안내',
    ]);
    expect((await h.call('/api/user/board/getNotices', {})).status).toBe(401);
  });

  it('views a post with its content; a hidden, deleted or mistyped one is "this post does not exist"', async () => {
    const id = await createPost('event', '가을 이벤트', {
      content: '<p>포인트 <b>두 배</b></p><script>x()</script>',
      thumbnail: '/uploads/put/0123456789abcdef0123456789abcdef.png',
    });
    const view = await h.call('/api/user/board/view', { type: 'event', id }, { token: member });
    expect(view.json.data.post).toMatchObject({ id, type: 'event', subject: '가을 이벤트', content: '<p>포인트 <b>두 배</b></p>', comments: [] });
    expect(view.json.data.post.thumbnail).toBe('/uploads/put/0123456789abcdef0123456789abcdef.png');
    const mistyped = await h.call('/api/user/board/view', { type: 'notice', id }, { token: member });
    expect(mistyped.status).toBe(404);

    expect((await h.call('/api/admin/board/setVisible', { id, visible: false }, { token: admin })).json.data).toEqual({ ok: true });
    const hidden = await h.call('/api/user/board/view', { type: 'event', id }, { token: member });
    expect(hidden.status).toBe(404);
    expect(hidden.json.error).toMatchObject({ code: 'post_not_found', message: 'This post does not exist.' });
    const events = (await h.call('/api/user/board/getEvents', {}, { token: member })).json.data;
    expect(events.events.map((e: any) => e.id)).not.toContain(id);
    expect(events.total).toBe(2);
    const ctx = await h.call('/api/user/getContext', { path: '/' }, { token: member });
    expect(ctx.json.data.context.events.map((e: any) => e.id)).not.toContain(id);
    // Admins still see it, marked hidden.
    const adminList = (await h.call('/api/admin/board/list', { kind: 'event' }, { token: admin })).json.data.posts;
    expect(adminList.find((p: any) => p.id === id)).toMatchObject({ visible: false });

    await h.call('/api/admin/board/setVisible', { id, visible: true }, { token: admin });
    expect((await h.call('/api/user/board/view', { type: 'event', id }, { token: member })).status).toBe(200);
    expect((await h.call('/api/admin/board/delete', { id }, { token: admin })).json.data).toEqual({ ok: true });
    expect((await h.call('/api/user/board/view', { type: 'event', id }, { token: member })).status).toBe(404);
    expect((await h.call('/api/admin/board/list', { kind: 'event' }, { token: admin })).json.data.posts.map((p: any) => p.id)).not.toContain(id);
    expect((await h.call('/api/admin/board/delete', { id }, { token: admin })).status).toBe(404);
    expect((await h.call('/api/user/board/view', { type: 'event', id: 999999 }, { token: member })).json.error.code).toBe('post_not_found');
  });

  it('rules and the admin required-field messages', async () => {
    expect((await h.call('/api/user/board/getRules', {}, { token: member })).json.data.rules.map((r: any) => r.subject)).toEqual([
      '미니게임 베팅 규정',
      '스포츠 베팅 규정',
    ]);
    const e = await h.call('/api/admin/board/create', { kind: 'notice', subject: '', content: '<p>x</p>' }, { token: admin });
    expect(e.json.error).toMatchObject({ code: 'notice_required', message: 'Please enter the notice title and content.' });
    expect((await h.call('/api/admin/board/create', { kind: 'event', subject: 't', content: '' }, { token: admin })).json.error.code).toBe('event_required');
    expect((await h.call('/api/admin/board/create', { kind: 'free', subject: 't', content: 'x' }, { token: admin })).status).toBe(400);
    expect(
      (await h.call('/api/admin/board/create', { kind: 'notice', subject: 't', content: 'x', thumbnail: 'javascript:alert(1)' }, { token: admin })).json.error
        .field,
    ).toBe('thumbnail');
    expect((await h.call('/api/admin/board/create', { kind: 'notice', subject: 't', content: 'x' }, { token: member })).status).toBe(401);
  });

  it('members write free-board posts; the community list shows them with the author', async () => {
    const r = await h.call('/api/user/board/post/create', { subject: '첫 글', content: '<p>반갑습니다<img src=x onerror=alert(1)></p>' }, { token: member });
    expect(r.status).toBe(200);
    const list = await h.call('/api/user/board/getCommunity', {}, { token: member });
    expect(list.json.data.total).toBe(1);
    expect(list.json.data.posts[0]).toMatchObject({ id: r.json.data.id, type: 'free', subject: '첫 글', author: '회원1' });
    const view = await h.call('/api/user/board/view', { type: 'free', id: r.json.data.id }, { token: member });
    expect(view.json.data.post.content).toBe('<p>반갑습니다<img src="x" /></p>');
    const empty = await h.call('/api/user/board/post/create', { subject: '제목만', content: '<p></p>' }, { token: member });
    expect(empty.json.error).toMatchObject({ code: 'post_required', message: 'Please enter the post title and content.', field: 'content' });
  });

  it('admin board changes are audited', async () => {
    const rows = (await h.db.query(`SELECT action, actor_type, target, ip FROM audit_log WHERE action LIKE 'board.%' ORDER BY id`)).rows;
    expect(rows.filter((r) => r.action === 'board.create').length).toBe(21);
    expect(rows.filter((r) => r.action === 'board.setVisible').length).toBe(2);
    expect(rows.filter((r) => r.action === 'board.delete').length).toBe(1);
    expect(rows.every((r) => r.actor_type === 'admin' && r.ip === '127.0.0.1' && /^post:\d+$/.test(r.target))).toBe(true);
    expect((await verifyAudit(h.db)).ok).toBe(true);
  });
});

describe(`comment reward on ${testEngine}`, () => {
  const comment = (token: string, post_id: number, content = '좋은 글이네요') => h.call('/api/user/board/post/createComment', { post_id, content }, { token });
  const points = async (account: string) => (await getBalances(h.db, await idOf(account))).point;
  const rewardTx = async (account: string) =>
    (
      await h.db.query<{ kind: string; memo: string; amount: bigint }>(
        `SELECT t.kind, t.memo, p.amount FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
         JOIN ledger_accounts a ON a.id = p.account_id WHERE a.owner_type = 'user' AND a.owner_id = $1 AND t.kind = 'bonus.comment' ORDER BY p.id`,
        [await idOf(account)],
      )
    ).rows;

  it('pays 50 points for each of the first 5 comments of a KST day, then nothing, then again the next day', async () => {
    let token = await h.login('user', 'user2');
    const postId = (await h.call('/api/user/board/post/create', { subject: '댓글 받을 글', content: '<p>글</p>' }, { token: member })).json.data.id;
    const start = await points('user2');
    // 2026-11-22 12:00 KST.
    h.clock.set('2026-11-22T03:00:00Z');
    for (let n = 1; n <= 5; n++) {
      const r = await comment(token, postId, `댓글 ${n}`);
      expect(r.status).toBe(200);
      expect(r.json.data).toMatchObject({ reward_point: '50', rewarded_today: n });
    }
    expect(await points('user2')).toBe(start + 250n);
    // 23:59 KST, still the same day (in UTC it is 14:59, also the same day).
    h.clock.set('2026-11-22T14:59:00Z');
    token = await h.login('user', 'user2'); // the idle session ended while the clock moved
    const sixth = await comment(token, postId, '여섯 번째');
    expect(sixth.status).toBe(200);
    expect(sixth.json.data).toMatchObject({ reward_point: '0', rewarded_today: 5 });
    expect(await points('user2')).toBe(start + 250n);
    // 00:00 KST on the 23rd, while in UTC it is still the 22nd: a new reward day.
    h.clock.set('2026-11-22T15:00:00Z');
    token = await h.login('user', 'user2');
    const nextDay = await comment(token, postId, '다음 날');
    expect(nextDay.json.data).toMatchObject({ reward_point: '50', rewarded_today: 1 });
    expect(await points('user2')).toBe(start + 300n);

    const view = await h.call('/api/user/board/view', { type: 'free', id: postId }, { token });
    expect(view.json.data.post.comments.map((c: any) => c.content)).toEqual(['댓글 1', '댓글 2', '댓글 3', '댓글 4', '댓글 5', '여섯 번째', '다음 날']);
    expect(view.json.data.post.comments[0].author).toBe('회원2');
    expect(view.json.data.post.comment_count).toBe(7);
    expect((await h.call('/api/user/board/getCommunity', {}, { token })).json.data.posts.find((p: any) => p.id === postId).comment_count).toBe(7);

    const logs = await rewardTx('user2');
    expect(logs).toHaveLength(6);
    expect(logs.every((l) => l.kind === 'bonus.comment' && l.memo === '댓글 작성 포인트' && l.amount === 50n)).toBe(true);
    const paid = await h.db.query<{ reward_point: bigint; has_tx: boolean }>(
      'SELECT reward_point, reward_transaction_id IS NOT NULL AS has_tx FROM post_comments WHERE post_id = $1 ORDER BY id',
      [postId],
    );
    expect(paid.rows.map((r) => Number(r.reward_point))).toEqual([50, 50, 50, 50, 50, 0, 50]);
    expect(paid.rows.map((r) => r.has_tx)).toEqual([true, true, true, true, true, false, true]);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });

  it('the daily cap holds when comments arrive at once', async () => {
    h.clock.set('2026-11-24T03:00:00Z');
    const token = await h.login('user', 'user3');
    const postId = (await h.call('/api/user/board/getCommunity', {}, { token })).json.data.posts[0].id;
    const start = await points('user3');
    const all = await Promise.all(Array.from({ length: 8 }, (_, n) => comment(token, postId, `동시 ${n}`)));
    expect(all.every((r) => r.status === 200)).toBe(true);
    expect(all.filter((r) => r.json.data.reward_point === '50')).toHaveLength(5);
    expect(await points('user3')).toBe(start + 250n);
    expect((await verifyLedger(h.db)).ok).toBe(true);
  });

  it('the reward day follows the time zone in the settings', async () => {
    const setOffset = async (minutes: number) => {
      admin = await h.login('admin', 'admin'); // a fresh session wherever the clock stands
      expect((await h.call('/api/admin/settings/update', { settings: { timezone_offset_minutes: minutes } }, { token: admin })).status).toBe(200);
    };
    await setOffset(0); // the operator runs the site on UTC
    try {
      h.clock.set('2026-11-26T10:00:00Z');
      let token = await h.login('user', 'user6');
      const postId = (await h.call('/api/user/board/getCommunity', {}, { token })).json.data.posts[0].id;
      for (let n = 1; n <= 5; n++) expect((await comment(token, postId, `UTC ${n}`)).json.data.reward_point).toBe('50');
      // 15:30 UTC is already the next day in Korea, but the same day in UTC: no reward.
      h.clock.set('2026-11-26T15:30:00Z');
      token = await h.login('user', 'user6');
      expect((await comment(token, postId, 'UTC 6')).json.data).toMatchObject({ reward_point: '0', rewarded_today: 5 });
      h.clock.set('2026-11-27T00:00:00Z');
      token = await h.login('user', 'user6');
      expect((await comment(token, postId, 'UTC 7')).json.data).toMatchObject({ reward_point: '50', rewarded_today: 1 });
    } finally {
      await setOffset(540);
    }
  });

  it('refuses empty comments and comments on hidden posts, paying nothing', async () => {
    admin = await h.login('admin', 'admin'); // the clock moved past the earlier sessions
    const token = await h.login('user', 'user4');
    const id = await createPost('event', '숨길 이벤트');
    const empty = await comment(token, id, '   ');
    expect(empty.json.error).toMatchObject({ code: 'comment_required', message: 'Please enter a comment.' });
    await h.call('/api/admin/board/setVisible', { id, visible: false }, { token: admin });
    const start = await points('user4');
    const r = await comment(token, id);
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('post_not_found');
    expect(await points('user4')).toBe(start);
    expect(await rewardTx('user4')).toHaveLength(0);
    expect((await comment(token, id, 'x'.repeat(1001))).json.error.field).toBe('content');
  });
});

describe(`write throttle and oversized rich text on ${testEngine}`, () => {
  it('eight adversarial 100 kB writes at once are all answered within a second; the health check still answers', async () => {
    h.clock.set('2026-11-29T03:00:00Z');
    const token = await h.login('user', 'user3');
    const unbalanced = '<b>'.repeat(16_666) + '</i>'.repeat(12_500); // refused by depth
    const atLimit = '<b>'.repeat(99) + '</i>'.repeat(9_900) + '끝'.repeat(60_000); // at the limits: parsed in full
    const started = performance.now();
    const writes = Array.from({ length: 8 }, (_, n) =>
      h.call('/api/user/inquiry/create', { subject: `문의 ${n}`, content: n % 2 ? unbalanced : atLimit }, { token }),
    );
    // The health check queues behind the writes' parsing on the one event loop.
    const health = Promise.all(writes).then(() => h.app.inject({ method: 'GET', url: '/api/health' }));
    const answers = await Promise.all(writes);
    expect((await health).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000); // the quadratic parser took 5.6 s here
    expect(answers.filter((a) => a.status === 400).map((a) => a.json.error.code)).toEqual(Array(4).fill('rich_text_too_large'));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
  });

  it('counts every write before the text is parsed, blank and oversized ones too', async () => {
    h.clock.set('2026-11-28T03:00:00Z');
    const token = await h.login('user', 'user7');
    const adversarial = '<b>'.repeat(16_666) + '</i>'.repeat(12_500);
    const started = performance.now();
    const big = await h.call('/api/user/inquiry/create', { subject: '문의', content: adversarial }, { token });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(big.status).toBe(400);
    expect(big.json.error).toMatchObject({ code: 'rich_text_too_large', field: 'content' });
    for (let n = 2; n <= 20; n++) {
      const blank = await h.call('/api/user/board/post/create', { subject: '빈 글', content: '<p><br></p>' }, { token });
      expect(blank.json.error.code).toBe('post_required');
    }
    // The 21st write in the minute is refused before anything is looked at, comments included.
    const posts = (await h.call('/api/user/board/getCommunity', {}, { token })).json.data;
    const over = await h.call('/api/user/board/post/create', { subject: '글', content: '<p>내용</p>' }, { token });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe('posting_too_fast');
    expect((await h.call('/api/user/board/post/createComment', { post_id: posts.posts[0].id, content: '댓글' }, { token })).status).toBe(429);
    expect((await h.call('/api/user/inquiry/create', { subject: '문의', content: '<p>내용</p>' }, { token })).status).toBe(429);
    expect((await h.call('/api/user/board/getCommunity', {}, { token })).json.data.total).toBe(posts.total);
    // Another member is not affected; a minute later the member may write again.
    expect(
      (await h.call('/api/user/board/post/create', { subject: '다른 회원', content: '<p>내용</p>' }, { token: await h.login('user', 'user5') })).status,
    ).toBe(200);
    h.clock.advance(60_000);
    const again = await h.call('/api/user/board/post/create', { subject: '다시', content: '<p>내용</p>' }, { token: await h.login('user', 'user7') });
    expect(again.status).toBe(200);
  });
});
