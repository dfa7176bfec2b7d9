import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let admin: string;
let member: string;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
  member = await h.login('user', 'user1');
});
afterAll(() => h?.close());

describe(`free-board comment moderation on ${testEngine}`, () => {
  it('an admin hides one comment (audited) and shows it again; the member sees only visible ones, the admin sees all', async () => {
    const post = await h.call('/api/user/board/post/create', { subject: '댓글 관리', content: '<p>본문</p>' }, { token: member });
    expect(post.status).toBe(200);
    const postId = post.json.data.id as number;
    const first = (await h.call('/api/user/board/post/createComment', { post_id: postId, content: '좋은 글' }, { token: member })).json.data.id as number;
    const second = (await h.call('/api/user/board/post/createComment', { post_id: postId, content: '광고 댓글' }, { token: member })).json.data.id as number;

    const hide = await h.call('/api/admin/board/setCommentVisible', { id: second, visible: false }, { token: admin });
    expect(hide.status).toBe(200);
    const view = (await h.call('/api/user/board/view', { type: 'free', id: postId }, { token: member })).json.data.post;
    expect(view.comments.map((c: { id: number }) => c.id)).toEqual([first]);
    expect(view.comment_count).toBe(1);
    const adminView = (await h.call('/api/admin/board/get', { id: postId }, { token: admin })).json.data.post;
    expect(adminView.comments).toMatchObject([
      { id: first, content: '좋은 글', visible: true },
      { id: second, content: '광고 댓글', visible: false },
    ]);
    const audit = (
      await h.db.query<{ actor_id: string; target: string; before: any; after: any }>(
        "SELECT actor_id::text, target, before, after FROM audit_log WHERE action = 'board.setCommentVisible' ORDER BY id",
      )
    ).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target: `comment:${second}`,
      before: { post_id: postId, content: '광고 댓글', visible: true },
      after: { visible: false },
    });

    expect((await h.call('/api/admin/board/setCommentVisible', { id: second, visible: true }, { token: admin })).status).toBe(200);
    const again = (await h.call('/api/user/board/view', { type: 'free', id: postId }, { token: member })).json.data.post;
    expect(again.comments.map((c: { id: number }) => c.id)).toEqual([first, second]);
  });

  it('an admin deletes one comment (audited with its text): gone for the member and from moderation, its reward kept; a second delete is 404', async () => {
    const post = await h.call('/api/user/board/post/create', { subject: '댓글 삭제', content: '<p>본문</p>' }, { token: member });
    const postId = post.json.data.id as number;
    const keep = (await h.call('/api/user/board/post/createComment', { post_id: postId, content: '남길 댓글' }, { token: member })).json.data.id as number;
    const spam = (await h.call('/api/user/board/post/createComment', { post_id: postId, content: '욕설 댓글' }, { token: member })).json.data.id as number;
    const rewardBefore = (await h.db.query<{ reward_point: string }>('SELECT reward_point::text FROM post_comments WHERE id = $1', [spam])).rows[0];

    const del = await h.call('/api/admin/board/deleteComment', { id: spam }, { token: admin });
    expect(del.status).toBe(200);
    const view = (await h.call('/api/user/board/view', { type: 'free', id: postId }, { token: member })).json.data.post;
    expect(view.comments.map((c: { id: number }) => c.id)).toEqual([keep]);
    expect(view.comment_count).toBe(1);
    const adminView = (await h.call('/api/admin/board/get', { id: postId }, { token: admin })).json.data.post;
    expect(adminView.comments.map((c: { id: number }) => c.id)).toEqual([keep]);
    const listed = (await h.call('/api/admin/board/list', { kind: 'free' }, { token: admin })).json.data.posts.find((p: { id: number }) => p.id === postId);
    expect(listed.comment_count).toBe(1);

    const row = (
      await h.db.query<{ deleted: boolean; reward_point: string }>(
        'SELECT deleted_at IS NOT NULL AS deleted, reward_point::text FROM post_comments WHERE id = $1',
        [spam],
      )
    ).rows[0];
    expect(row).toEqual({ deleted: true, reward_point: rewardBefore.reward_point });
    const audit = (
      await h.db.query<{ target: string; before: any; after: any }>(
        "SELECT target, before, after FROM audit_log WHERE action = 'board.deleteComment' ORDER BY id",
      )
    ).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: `comment:${spam}`, before: { post_id: postId, content: '욕설 댓글', visible: true }, after: null });

    const again = await h.call('/api/admin/board/deleteComment', { id: spam }, { token: admin });
    expect(again.status).toBe(404);
    expect(again.json.error.code).toBe('comment_not_found');
    expect((await h.call('/api/admin/board/setCommentVisible', { id: spam, visible: true }, { token: admin })).status).toBe(404);
    expect((await h.call('/api/admin/board/deleteComment', { id: keep }, { token: member })).status).toBe(401);
  });

  it('refuses a missing comment with 404 and a member token with 401 (admin calls take admin sessions only)', async () => {
    const missing = await h.call('/api/admin/board/setCommentVisible', { id: 987654, visible: false }, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('comment_not_found');
    const asMember = await h.call('/api/admin/board/setCommentVisible', { id: 1, visible: false }, { token: member });
    expect(asMember.status).toBe(401);
  });
});
