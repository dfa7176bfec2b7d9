import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { agentOf, defineCall } from '../../platform/http.ts';
import { createPopup, deletePopup, listPopups, updatePopup } from './popups.ts';
import {
  createAdminPost,
  createComment,
  createFreePost,
  deletePost,
  getPostForAdmin,
  listPostsForAdmin,
  listVisiblePosts,
  setCommentVisible,
  deleteComment,
  setPostVisible,
  updatePost,
  viewPost,
} from './service.ts';

export function boardRoutes(app: FastifyInstance, deps: Deps) {
  const member = { auth: 'required' } as const;
  const admin = { auth: 'required' } as const;

  defineCall(app, deps, '/api/user/board/getNotices', member, async ({ body }) => {
    const r = await listVisiblePosts(deps, 'notice', body?.skip ?? 0);
    return { notices: r.rows, total: r.total };
  });
  // Agents read the same notices (decision 033); `/api/board/getNotices` is the spec's agent path.
  defineCall(app, deps, '/api/board/getNotices', member, async ({ auth, body }) => {
    agentOf(auth);
    const r = await listVisiblePosts(deps, 'notice', body?.skip ?? 0);
    return { notices: r.rows, total: r.total };
  });
  defineCall(app, deps, '/api/agent/board/view', member, async ({ body }) => ({ post: await viewPost(deps, 'notice', BigInt(body.id)) }));
  defineCall(app, deps, '/api/user/board/getEvents', member, async ({ body }) => {
    const r = await listVisiblePosts(deps, 'event', body?.skip ?? 0);
    return { events: r.rows, total: r.total };
  });
  defineCall(app, deps, '/api/user/board/getRules', member, async ({ body }) => {
    const r = await listVisiblePosts(deps, 'rule', body?.skip ?? 0);
    return { rules: r.rows, total: r.total };
  });
  defineCall(app, deps, '/api/user/board/getCommunity', member, async ({ body }) => {
    const r = await listVisiblePosts(deps, 'free', body?.skip ?? 0);
    return { posts: r.rows, total: r.total };
  });
  defineCall(app, deps, '/api/user/board/view', member, async ({ body }) => ({ post: await viewPost(deps, body.type, BigInt(body.id)) }));
  defineCall(app, deps, '/api/user/board/post/create', member, async ({ auth, body }) => ({
    id: Number(await createFreePost(deps, auth.subjectId, body.subject, body.content)),
  }));
  defineCall(app, deps, '/api/user/board/post/createComment', member, async ({ auth, body }) => {
    const r = await createComment(deps, auth.subjectId, BigInt(body.post_id), body.content);
    return { id: Number(r.id), reward_point: r.rewardPoint.toString(), rewarded_today: r.rewardedToday };
  });

  defineCall(app, deps, '/api/admin/board/list', admin, async ({ body }) => {
    const r = await listPostsForAdmin(deps, body.kind, body.skip);
    return { posts: r.rows, total: r.total };
  });
  defineCall(app, deps, '/api/admin/board/create', admin, async ({ actor, body }) => ({
    id: Number(await createAdminPost(deps, actor, body)),
  }));
  defineCall(app, deps, '/api/admin/board/get', admin, async ({ body }) => ({ post: await getPostForAdmin(deps, BigInt(body.id)) }));
  defineCall(app, deps, '/api/admin/board/update', admin, async ({ actor, body }) => {
    await updatePost(deps, actor, BigInt(body.id), body);
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/popup/list', admin, ({ body }) => listPopups(deps, body?.skip ?? 0));
  defineCall(app, deps, '/api/admin/popup/create', admin, async ({ actor, body }) => ({ id: Number(await createPopup(deps, actor, body)) }));
  defineCall(app, deps, '/api/admin/popup/update', admin, async ({ actor, body }) => {
    await updatePopup(deps, actor, BigInt(body.id), body);
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/popup/delete', admin, async ({ actor, body }) => {
    await deletePopup(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/board/setVisible', admin, async ({ actor, body }) => {
    await setPostVisible(deps, actor, BigInt(body.id), body.visible);
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/board/setCommentVisible', admin, async ({ actor, body }) => {
    await setCommentVisible(deps, actor, BigInt(body.id), body.visible);
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/board/deleteComment', admin, async ({ actor, body }) => {
    await deleteComment(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/board/delete', admin, async ({ actor, body }) => {
    await deletePost(deps, actor, BigInt(body.id));
    return { ok: true as const };
  });
}
