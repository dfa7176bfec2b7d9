import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { isBlankHtml, sanitizeHtml } from '../../platform/html.ts';
import { localDate } from '../../platform/local-time.ts';
import { throttleWrites } from '../../platform/throttle.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { HOUSE, transfer } from '../ledger/index.ts';
import { assertAllowed, getUser, lockMember } from '../members/index.ts';
import { getSettings } from '../settings/index.ts';
import * as repo from './repo.ts';

export const insertPost = repo.insertPost;
/** Pop-up HTML is shown to every visitor: it is sanitised on the way in like every post. */
export const insertPopup = (sql: Sql, p: Parameters<typeof repo.insertPopup>[1]) => repo.insertPopup(sql, { ...p, content: sanitizeHtml(p.content) });
export const insertBanner = repo.insertBanner;
export const insertBank = repo.insertBank;
export const countPosts = repo.countPosts;

/** Notices, events, pop-ups and banners carried by every context answer. */
export async function contextContent(sql: Sql, loggedIn: boolean) {
  const [notices, events, popups, banners] = await Promise.all([
    repo.latestPosts(sql, 'notice', 10),
    repo.latestPosts(sql, 'event', 10),
    repo.activePopups(sql, loggedIn),
    repo.activeBanners(sql),
  ]);
  return {
    notices: notices.map((n) => ({ id: Number(n.id), subject: n.subject, created_at: n.created_at.toISOString() })),
    events: events.map((e) => ({ id: Number(e.id), subject: e.subject, thumbnail: e.thumbnail, created_at: e.created_at.toISOString() })),
    popups: popups.map((p) => ({ id: Number(p.id), name: p.name, image_src: p.image_src, content: p.content, disabled: p.disabled })),
    banners: banners.map((b) => ({ id: Number(b.id), title: b.title, image_src: b.image_src, link: b.link })),
  };
}

// ---------------------------------------------------------------------------------------
// Board

export const POSTS_PER_PAGE = 20;
export type PostType = repo.PostRow['kind'];
export const COMMENT_REWARD = { points: 50n, perDay: 5, kind: 'bonus.comment', memo: '댓글 작성 포인트' } as const;

const postNotFound = () => new AppError(404, 'post_not_found', 'This post does not exist.');
const REQUIRED: Record<PostType, { code: string; message: string }> = {
  notice: { code: 'notice_required', message: 'Please enter the notice title and content.' },
  event: { code: 'event_required', message: 'Please enter the event title and content.' },
  rule: { code: 'rule_required', message: 'Please enter the regulation title and content.' },
  free: { code: 'post_required', message: 'Please enter the post title and content.' },
};

function summary(p: Omit<repo.PostRow, 'content'>) {
  return {
    id: Number(p.id),
    type: p.kind,
    subject: p.subject,
    thumbnail: p.thumbnail,
    author: p.author_name ?? '운영자',
    comment_count: p.comment_count,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** Title and sanitised content, or the spec §5 required-field error for that kind. */
function cleanPost(kind: PostType, subject: string, content: string) {
  const s = subject.trim();
  const c = sanitizeHtml(content);
  if (!s || isBlankHtml(c)) throw badRequest(REQUIRED[kind].message, s ? 'content' : 'subject', REQUIRED[kind].code);
  return { subject: s, content: c };
}

export async function listVisiblePosts(deps: Deps, kind: PostType, skip: number) {
  const r = await repo.listPosts(deps.db, kind, true, skip, POSTS_PER_PAGE);
  return { rows: r.rows.map(summary), total: r.total };
}

export async function listPostsForAdmin(deps: Deps, kind: PostType, skip: number) {
  const r = await repo.listPosts(deps.db, kind, false, skip, POSTS_PER_PAGE);
  return { rows: r.rows.map((p) => ({ ...summary(p), visible: p.is_visible })), total: r.total };
}

/** A visible post of the asked type with its visible comments; anything else reads as missing. */
export async function viewPost(deps: Deps, type: PostType, id: bigint) {
  const p = await repo.findPost(deps.db, id);
  if (!p || !p.is_visible || p.kind !== type) throw postNotFound();
  const comments = await repo.listComments(deps.db, id);
  return {
    ...summary(p),
    content: p.content,
    comments: comments.map((c) => ({ id: Number(c.id), author: c.nickname, content: c.content, created_at: c.created_at.toISOString() })),
  };
}

export async function createFreePost(deps: Deps, userId: bigint, subject: string, content: string) {
  await throttleWrites(deps.limiter, userId); // first: blank, oversized or refused writes count too
  const post = cleanPost('free', subject, content);
  await assertAllowed(deps.db, userId, 'board_write');
  const user = await getUser(deps.db, userId);
  if (!user) throw new AppError(404, 'member_not_found', 'Member not found.');
  return repo.insertAuthoredPost(deps.db, {
    kind: 'free',
    ...post,
    thumbnail: null,
    authorType: 'user',
    authorId: userId,
    authorName: user.nickname,
    at: deps.clock.now(),
  });
}

/**
 * Posts a comment and, while the member has rewarded comments left for the operator's local
 * day (settings time zone), pays the comment reward from the house bonus account in the same
 * transaction. The comment id is the idempotency key, so a comment is paid at most once.
 */
export async function createComment(deps: Deps, userId: bigint, postId: bigint, content: string) {
  await throttleWrites(deps.limiter, userId);
  const text = content.trim();
  if (!text) throw badRequest('Please enter a comment.', 'content', 'comment_required');
  await assertAllowed(deps.db, userId, 'comment');
  const { timezone_offset_minutes: offset } = await getSettings(deps.db);
  return deps.db.tx(async (sql) => {
    // The daily reward cap depends on the member's earlier comments: decided under the member lock.
    await lockMember(sql, userId);
    const post = await repo.findPost(sql, postId);
    if (!post || !post.is_visible) throw postNotFound();
    const at = deps.clock.now();
    const commentId = await repo.insertComment(sql, postId, userId, text, at);
    const day = localDate(at, offset);
    const slot = await repo.claimRewardSlot(sql, userId, day, COMMENT_REWARD.perDay);
    if (slot === undefined) return { id: commentId, rewardPoint: 0n, rewardedToday: await repo.rewardedOn(sql, userId, day) };
    const paid = await transfer(sql, deps.clock, {
      idempotencyKey: `comment-reward:${commentId}`,
      kind: COMMENT_REWARD.kind,
      reason: { type: 'post_comment', id: commentId },
      memo: COMMENT_REWARD.memo,
      from: { house: HOUSE.bonuses, asset: 'point' },
      to: { user: userId, asset: 'point' },
      amount: COMMENT_REWARD.points,
    });
    await repo.setCommentReward(sql, commentId, COMMENT_REWARD.points, paid.transactionId);
    return { id: commentId, rewardPoint: COMMENT_REWARD.points, rewardedToday: slot };
  });
}

export async function createAdminPost(
  deps: Deps,
  actor: Actor,
  input: { kind: 'notice' | 'event' | 'rule'; subject: string; content: string; thumbnail?: string | null },
) {
  const post = cleanPost(input.kind, input.subject, input.content);
  return deps.db.tx(async (sql) => {
    const id = await repo.insertAuthoredPost(sql, {
      kind: input.kind,
      ...post,
      thumbnail: input.thumbnail ?? null,
      authorType: 'admin',
      authorId: BigInt(actor.id ?? 0),
      authorName: '운영자',
      at: deps.clock.now(),
    });
    await writeAudit(sql, deps.clock, { actor, action: 'board.create', target: `post:${id}`, after: { kind: input.kind, subject: post.subject } });
    return id;
  });
}

/** Any live post (hidden or not) with its content, for the admin's edit form and moderation. */
export async function getPostForAdmin(deps: Deps, id: bigint) {
  const p = await repo.findPost(deps.db, id);
  if (!p) throw postNotFound();
  const comments = await repo.listCommentsForAdmin(deps.db, id);
  return {
    ...summary(p),
    content: p.content,
    visible: p.is_visible,
    comments: comments.map((c) => ({
      id: Number(c.id),
      author: c.nickname,
      content: c.content,
      visible: c.is_visible,
      created_at: c.created_at.toISOString(),
    })),
  };
}

/** Edits a notice, event, rule or (moderation) free-board post; the same required fields as on create. */
export async function updatePost(deps: Deps, actor: Actor, id: bigint, input: { subject: string; content: string; thumbnail?: string | null }) {
  await deps.db.tx(async (sql) => {
    const p = await repo.findPost(sql, id);
    if (!p) throw postNotFound();
    const post = cleanPost(p.kind, input.subject, input.content);
    const thumbnail = input.thumbnail === undefined ? p.thumbnail : input.thumbnail;
    await repo.updatePost(sql, id, { ...post, thumbnail, at: deps.clock.now() });
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'board.update',
      target: `post:${id}`,
      before: { subject: p.subject, content: p.content, thumbnail: p.thumbnail },
      after: { ...post, thumbnail },
    });
  });
}

export async function setPostVisible(deps: Deps, actor: Actor, id: bigint, visible: boolean) {
  await deps.db.tx(async (sql) => {
    const p = await repo.findPost(sql, id);
    if (!p) throw postNotFound();
    await repo.setPostVisible(sql, id, visible, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'board.setVisible', target: `post:${id}`, before: { visible: p.is_visible }, after: { visible } });
  });
}

const commentNotFound = () => new AppError(404, 'comment_not_found', 'This comment does not exist.');

/** Hides one comment from the site (or shows it again); the row stays for the audit and its reward record. */
export async function setCommentVisible(deps: Deps, actor: Actor, id: bigint, visible: boolean) {
  await deps.db.tx(async (sql) => {
    const c = await repo.findCommentForUpdate(sql, id);
    if (!c) throw commentNotFound();
    await repo.setCommentVisible(sql, id, visible);
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'board.setCommentVisible',
      target: `comment:${id}`,
      before: { post_id: Number(c.post_id), content: c.content, visible: c.is_visible },
      after: { visible },
    });
  });
}

/**
 * Deletes one comment (decision 044): gone from the site and from moderation, the row kept with
 * `deleted_at` like a post. A paid comment reward stays paid (the ledger is corrected only by an
 * admin's grant or reclaim) and its day's reward slot stays used; the audit keeps the text.
 */
export async function deleteComment(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const c = await repo.findCommentForUpdate(sql, id);
    if (!c) throw commentNotFound();
    await repo.softDeleteComment(sql, id, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'board.deleteComment',
      target: `comment:${id}`,
      before: { post_id: Number(c.post_id), user_id: Number(c.user_id), content: c.content, visible: c.is_visible, reward_point: Number(c.reward_point) },
    });
  });
}

export async function deletePost(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const p = await repo.findPost(sql, id);
    if (!p) throw postNotFound();
    await repo.softDeletePost(sql, id, deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'board.delete',
      target: `post:${id}`,
      before: { kind: p.kind, subject: p.subject, visible: p.is_visible },
    });
  });
}
