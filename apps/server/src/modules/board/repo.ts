import type { Sql } from '../../platform/db.ts';

export async function latestPosts(sql: Sql, kind: string, limit: number) {
  return (
    await sql.query<{ id: bigint; subject: string; thumbnail: string | null; created_at: Date }>(
      'SELECT id, subject, thumbnail, created_at FROM posts WHERE kind = $1 AND is_visible AND deleted_at IS NULL ORDER BY id DESC LIMIT $2',
      [kind, limit],
    )
  ).rows;
}

/** Pop-ups for the audience: `disabled` 0 is shown to members, 2 to guests (spec §3). */
export async function activePopups(sql: Sql, loggedIn: boolean) {
  return (
    await sql.query<{ id: bigint; name: string; image_src: string | null; content: string; disabled: number }>(
      'SELECT id, name, image_src, content, disabled FROM popups WHERE is_active AND disabled = $1 ORDER BY id',
      [loggedIn ? 0 : 2],
    )
  ).rows;
}

export async function activeBanners(sql: Sql) {
  return (
    await sql.query<{ id: bigint; title: string; image_src: string; link: string | null }>(
      'SELECT id, title, image_src, link FROM banners WHERE is_active ORDER BY sort, id',
    )
  ).rows;
}

export async function insertPost(sql: Sql, p: { kind: string; subject: string; content: string; thumbnail?: string | null; authorName?: string }) {
  const r = await sql.query<{ id: bigint }>('INSERT INTO posts (kind, subject, content, thumbnail, author_name) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    p.kind,
    p.subject,
    p.content,
    p.thumbnail ?? null,
    p.authorName ?? '운영자',
  ]);
  return r.rows[0].id;
}

export async function insertPopup(sql: Sql, p: { name: string; image_src?: string | null; content: string; disabled: number }) {
  await sql.query('INSERT INTO popups (name, image_src, content, disabled) VALUES ($1, $2, $3, $4)', [p.name, p.image_src ?? null, p.content, p.disabled]);
}

// ---- pop-ups (admin)

export type PopupRow = {
  id: bigint;
  name: string;
  image_src: string | null;
  content: string;
  disabled: 0 | 2;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};
export type PopupFields = { name: string; image_src: string | null; content: string; disabled: 0 | 2; is_active: boolean };

export async function listPopups(sql: Sql, skip: number, limit: number) {
  const rows = (await sql.query<PopupRow>('SELECT * FROM popups ORDER BY id DESC OFFSET $1 LIMIT $2', [skip, limit])).rows;
  const total = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM popups')).rows[0].n;
  return { rows, total };
}

export async function lockPopup(sql: Sql, id: bigint) {
  return (await sql.query<PopupRow>('SELECT * FROM popups WHERE id = $1 FOR UPDATE', [id])).rows[0];
}

export async function createPopup(sql: Sql, p: PopupFields, at: Date) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO popups (name, image_src, content, disabled, is_active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [p.name, p.image_src, p.content, p.disabled, p.is_active, at],
  );
  return r.rows[0].id;
}

export async function updatePopup(sql: Sql, id: bigint, p: PopupFields, at: Date) {
  await sql.query('UPDATE popups SET name = $2, image_src = $3, content = $4, disabled = $5, is_active = $6, updated_at = $7 WHERE id = $1', [
    id,
    p.name,
    p.image_src,
    p.content,
    p.disabled,
    p.is_active,
    at,
  ]);
}

export async function deletePopup(sql: Sql, id: bigint) {
  await sql.query('DELETE FROM popups WHERE id = $1', [id]);
}

export async function insertBanner(sql: Sql, b: { title: string; image_src: string; link?: string | null; sort: number }) {
  await sql.query('INSERT INTO banners (title, image_src, link, sort) VALUES ($1, $2, $3, $4)', [b.title, b.image_src, b.link ?? null, b.sort]);
}

export async function insertBank(sql: Sql, name: string, sort: number, adminOnly: boolean) {
  await sql.query('INSERT INTO banks (name, sort, admin_only) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [name, sort, adminOnly]);
}

export async function countPosts(sql: Sql) {
  return (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM posts')).rows[0].n;
}

// ---- posts

export type PostRow = {
  id: bigint;
  kind: 'notice' | 'event' | 'rule' | 'free';
  subject: string;
  content: string;
  thumbnail: string | null;
  author_name: string | null;
  is_visible: boolean;
  comment_count: number;
  created_at: Date;
  updated_at: Date;
};

const SUMMARY = `p.id, p.kind, p.subject, p.thumbnail, p.author_name, p.is_visible, p.created_at, p.updated_at,
  (SELECT count(*)::int FROM post_comments c WHERE c.post_id = p.id AND c.is_visible AND c.deleted_at IS NULL) AS comment_count`;

/** One page of a kind, newest first; `visibleOnly` for players, every live post for admins. */
export async function listPosts(sql: Sql, kind: string, visibleOnly: boolean, skip: number, limit: number) {
  const where = `FROM posts p WHERE p.kind = $1 AND p.deleted_at IS NULL ${visibleOnly ? 'AND p.is_visible' : ''}`;
  const rows = (await sql.query<Omit<PostRow, 'content'>>(`SELECT ${SUMMARY} ${where} ORDER BY p.id DESC OFFSET $2 LIMIT $3`, [kind, skip, limit])).rows;
  const total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n ${where}`, [kind])).rows[0].n;
  return { rows, total };
}

/** A live post (not deleted), hidden or not. */
export async function findPost(sql: Sql, id: bigint) {
  return (await sql.query<PostRow>(`SELECT ${SUMMARY}, p.content FROM posts p WHERE p.id = $1 AND p.deleted_at IS NULL`, [id])).rows[0];
}

export async function insertAuthoredPost(
  sql: Sql,
  p: { kind: string; subject: string; content: string; thumbnail: string | null; authorType: 'admin' | 'user'; authorId: bigint; authorName: string; at: Date },
) {
  const r = await sql.query<{ id: bigint }>(
    `INSERT INTO posts (kind, subject, content, thumbnail, author_type, author_id, author_name, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [p.kind, p.subject, p.content, p.thumbnail, p.authorType, p.authorId, p.authorName, p.at],
  );
  return r.rows[0].id;
}

export async function updatePost(sql: Sql, id: bigint, p: { subject: string; content: string; thumbnail: string | null; at: Date }) {
  await sql.query('UPDATE posts SET subject = $2, content = $3, thumbnail = $4, updated_at = $5 WHERE id = $1', [id, p.subject, p.content, p.thumbnail, p.at]);
}

export async function setPostVisible(sql: Sql, id: bigint, visible: boolean, at: Date) {
  await sql.query('UPDATE posts SET is_visible = $2, updated_at = $3 WHERE id = $1', [id, visible, at]);
}

export async function softDeletePost(sql: Sql, id: bigint, at: Date) {
  await sql.query('UPDATE posts SET deleted_at = $2 WHERE id = $1', [id, at]);
}

// ---- comments (author nicknames are read from users, read-only)

export async function listComments(sql: Sql, postId: bigint) {
  return (
    await sql.query<{ id: bigint; nickname: string; content: string; created_at: Date }>(
      `SELECT c.id, u.nickname, c.content, c.created_at FROM post_comments c JOIN users u ON u.id = c.user_id
       WHERE c.post_id = $1 AND c.is_visible AND c.deleted_at IS NULL ORDER BY c.id`,
      [postId],
    )
  ).rows;
}

/** Every comment of a post with its state, for the moderation screen. */
export async function listCommentsForAdmin(sql: Sql, postId: bigint) {
  return (
    await sql.query<{ id: bigint; nickname: string; content: string; is_visible: boolean; created_at: Date }>(
      `SELECT c.id, u.nickname, c.content, c.is_visible, c.created_at FROM post_comments c JOIN users u ON u.id = c.user_id
       WHERE c.post_id = $1 AND c.deleted_at IS NULL ORDER BY c.id`,
      [postId],
    )
  ).rows;
}

/** One live comment of a live post, locked for the moderation change. */
export async function findCommentForUpdate(sql: Sql, id: bigint) {
  return (
    await sql.query<{ id: bigint; post_id: bigint; user_id: bigint; content: string; is_visible: boolean; reward_point: bigint }>(
      `SELECT c.id, c.post_id, c.user_id, c.content, c.is_visible, c.reward_point FROM post_comments c JOIN posts p ON p.id = c.post_id
       WHERE c.id = $1 AND c.deleted_at IS NULL AND p.deleted_at IS NULL FOR UPDATE OF c`,
      [id],
    )
  ).rows[0];
}

export async function setCommentVisible(sql: Sql, id: bigint, visible: boolean) {
  await sql.query('UPDATE post_comments SET is_visible = $2 WHERE id = $1', [id, visible]);
}

export async function softDeleteComment(sql: Sql, id: bigint, at: Date) {
  await sql.query('UPDATE post_comments SET deleted_at = $2 WHERE id = $1', [id, at]);
}

export async function insertComment(sql: Sql, postId: bigint, userId: bigint, content: string, at: Date) {
  const r = await sql.query<{ id: bigint }>('INSERT INTO post_comments (post_id, user_id, content, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [
    postId,
    userId,
    content,
    at,
  ]);
  return r.rows[0].id;
}

export async function setCommentReward(sql: Sql, commentId: bigint, points: bigint, transactionId: bigint) {
  await sql.query('UPDATE post_comments SET reward_point = $2, reward_transaction_id = $3 WHERE id = $1', [commentId, points, transactionId]);
}

/**
 * Takes one of the day's rewarded-comment slots, or none when `cap` are used. The upsert
 * locks the member's day row, so concurrent comments cannot both take the last slot.
 * Answers the number used including this one, or undefined when none was left.
 */
export async function claimRewardSlot(sql: Sql, userId: bigint, day: string, cap: number) {
  const r = await sql.query<{ rewarded: number }>(
    `INSERT INTO comment_reward_days (user_id, day, rewarded) VALUES ($1, $2::date, 1)
     ON CONFLICT (user_id, day) DO UPDATE SET rewarded = comment_reward_days.rewarded + 1
     WHERE comment_reward_days.rewarded < $3
     RETURNING rewarded`,
    [userId, day, cap],
  );
  return r.rows[0]?.rewarded;
}

export async function rewardedOn(sql: Sql, userId: bigint, day: string) {
  return (
    (await sql.query<{ rewarded: number }>('SELECT rewarded FROM comment_reward_days WHERE user_id = $1 AND day = $2::date', [userId, day])).rows[0]
      ?.rewarded ?? 0
  );
}
