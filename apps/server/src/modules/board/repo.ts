import type { Sql } from '../../platform/db.ts';

export async function latestPosts(sql: Sql, kind: string, limit: number) {
  return (
    await sql.query<{ id: bigint; subject: string; thumbnail: string | null; created_at: Date }>(
      'SELECT id, subject, thumbnail, created_at FROM posts WHERE kind = $1 AND is_visible ORDER BY id DESC LIMIT $2',
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
  const r = await sql.query<{ id: bigint }>(
    'INSERT INTO posts (kind, subject, content, thumbnail, author_name) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [p.kind, p.subject, p.content, p.thumbnail ?? null, p.authorName ?? '운영자'],
  );
  return r.rows[0].id;
}

export async function insertPopup(sql: Sql, p: { name: string; image_src?: string | null; content: string; disabled: number }) {
  await sql.query('INSERT INTO popups (name, image_src, content, disabled) VALUES ($1, $2, $3, $4)', [p.name, p.image_src ?? null, p.content, p.disabled]);
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
