import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest, tooMany } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/service.ts';
import { HOUSE, transfer } from '../ledger/service.ts';
import { assertAllowed, getUser } from '../members/service.ts';
import { ALLOWED_TAGS, GLOBAL_ATTRS, STYLE_PROPS, TAG_ATTRS, URL_SCHEMES } from '@wager/contracts/html';
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
// HTML sanitiser. Rich text (inquiries, posts, notes, answers) is rebuilt from an allow-list:
// only known tags and attributes are written back, every value re-escaped, URLs limited to
// http(s)/mailto/tel/relative (and inline images), styles to plain formatting properties.
// Anything else is dropped: <script>/<style>/<iframe>… with their content, other unknown
// tags keep their text. The output is always well formed (open tags closed).

const VOID_TAGS = new Set(['br', 'img', 'hr', 'col']);
/** Dropped together with everything up to their end tag (raw-text and foreign elements). */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes', 'template',
  'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'select', 'head',
]);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(',
  rpar: ')', semi: ';', comma: ',', period: '.', excl: '!', num: '#', lowbar: '_', equals: '=',
};

function decodeEntities(s: string) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
    }
    return NAMED_ENTITIES[e.toLowerCase()] ?? whole;
  });
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (v: string) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The URL as written when it is safe to follow, else null. Any scheme not listed is refused. */
function safeUrl(value: string, inlineImage: boolean): string | null {
  const v = value.trim();
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const probe = v.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const colon = probe.indexOf(':');
  const sep = probe.search(/[/?#]/);
  if (colon < 0 || (sep >= 0 && sep < colon)) return v; // relative
  const scheme = probe.slice(0, colon);
  if (URL_SCHEMES.has(scheme)) return v;
  if (inlineImage && /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=]+$/.test(probe)) return v;
  return null;
}

function cleanStyle(value: string) {
  return value
    .split(';')
    .map((decl) => {
      const at = decl.indexOf(':');
      if (at < 0) return null;
      const prop = decl.slice(0, at).trim().toLowerCase();
      const v = decl.slice(at + 1).trim();
      if (!STYLE_PROPS.has(prop) || !v || !/^[#\w\s.,%()'"!+-]*$/.test(v) || /url|expression|javascript|import|behavior/i.test(v)) return null;
      return `${prop}: ${v}`;
    })
    .filter(Boolean)
    .join('; ');
}

const SPACE = /\s/;

/** Reads attributes after a tag name until `>` (quotes respected); `end` is just past the tag. */
function readAttributes(s: string, from: number) {
  const attrs: [string, string][] = [];
  const n = s.length;
  let j = from;
  for (;;) {
    while (j < n && (SPACE.test(s[j]) || s[j] === '/')) j++;
    if (j >= n) return { attrs, end: n };
    if (s[j] === '>') return { attrs, end: j + 1 };
    let k = j + 1;
    while (k < n && !/[\s/>=]/.test(s[k])) k++;
    const name = s.slice(j, k).toLowerCase();
    j = k;
    while (j < n && SPACE.test(s[j])) j++;
    let value = '';
    if (s[j] === '=') {
      j++;
      while (j < n && SPACE.test(s[j])) j++;
      const q = s[j];
      if (q === '"' || q === "'") {
        const e = s.indexOf(q, j + 1);
        value = s.slice(j + 1, e < 0 ? n : e);
        j = e < 0 ? n : e + 1;
      } else {
        let e = j;
        while (e < n && !SPACE.test(s[e]) && s[e] !== '>') e++;
        value = s.slice(j, e);
        j = e;
      }
    }
    attrs.push([name, value]);
  }
}

function cleanAttributes(tag: string, attrs: [string, string][]) {
  const allowed = TAG_ATTRS[tag];
  const seen = new Set<string>();
  let out = '';
  for (const [name, raw] of attrs) {
    if (seen.has(name)) continue; // the first of duplicate attributes wins, as in browsers
    seen.add(name);
    if (!GLOBAL_ATTRS.has(name) && !allowed?.has(name)) continue;
    let v: string | null = decodeEntities(raw);
    if (name === 'href' || name === 'src') v = safeUrl(v, tag === 'img' && name === 'src');
    else if (name === 'style') v = cleanStyle(v) || null;
    else if (name === 'target') v = v === '_blank' || v === '_self' ? v : null;
    else if (name === 'class') v = /^[\w\s-]{0,200}$/.test(v) ? v : null;
    if (v === null) continue;
    out += ` ${name}="${escapeAttr(v)}"`;
  }
  if (tag === 'a' && / target="_blank"/.test(out)) out += ' rel="noopener noreferrer"';
  return out;
}

const TAG_OPEN = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;

export function sanitizeHtml(input: string): string {
  const s = input;
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  const text = (t: string) => t && out.push(escapeText(t));
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) {
      text(s.slice(i));
      break;
    }
    text(s.slice(i, lt));
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      i = end < 0 ? s.length : end + 3;
      continue;
    }
    if (s[lt + 1] === '!' || s[lt + 1] === '?') {
      const end = s.indexOf('>', lt);
      i = end < 0 ? s.length : end + 1;
      continue;
    }
    TAG_OPEN.lastIndex = lt;
    const m = TAG_OPEN.exec(s);
    if (!m) {
      text('<');
      i = lt + 1;
      continue;
    }
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    const { attrs, end } = readAttributes(s, lt + m[0].length);
    i = end;
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) {
        const close = new RegExp(`</${name}[\\s/>]`, 'ig');
        close.lastIndex = i;
        const c = close.exec(s);
        if (!c) i = s.length;
        else {
          const gt = s.indexOf('>', c.index);
          i = gt < 0 ? s.length : gt + 1;
        }
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    out.push(`<${name}${cleanAttributes(name, attrs)}>`);
    if (!VOID_TAGS.has(name)) open.push(name);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}

/** True when sanitised HTML shows nothing: no text (spaces and &nbsp; aside) and no image. */
export function isBlankHtml(html: string) {
  if (/<img\s/i.test(html)) return false;
  return decodeEntities(html.replace(/<[^>]*>/g, '')).replace(/[\s\u00a0\u200b]/g, '') === '';
}

/** Member writes (posts, comments, inquiries) share one budget against flooding. */
export async function throttleWrites(deps: Deps, userId: bigint) {
  if ((await deps.limiter.add(`community-write:${userId}`, 60_000)) > 20) throw tooMany('Too many posts in a short time. Please try again later.');
}

// ---------------------------------------------------------------------------------------
// Board

export const POSTS_PER_PAGE = 20;
export type PostType = repo.PostRow['kind'];
export const COMMENT_REWARD = { points: 50n, perDay: 5, kind: 'bonus.comment', memo: '댓글 작성 포인트' } as const;
/** Day boundary for the daily comment reward: Korea Standard Time, UTC+9 (no daylight saving). */
const KST_OFFSET_MS = 9 * 3_600_000;
export const kstDay = (at: Date) => new Date(at.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);

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
  const post = cleanPost('free', subject, content);
  await assertAllowed(deps.db, userId, 'board_write');
  await throttleWrites(deps, userId);
  const user = await getUser(deps.db, userId);
  if (!user) throw new AppError(404, 'member_not_found', 'Member not found.');
  return repo.insertAuthoredPost(deps.db, {
    kind: 'free', ...post, thumbnail: null, authorType: 'user', authorId: userId, authorName: user.nickname, at: deps.clock.now(),
  });
}

/**
 * Posts a comment and, while the member has rewarded comments left for the KST day, pays
 * the comment reward from the house bonus account in the same transaction. The comment id
 * is the idempotency key, so a comment is paid at most once.
 */
export async function createComment(deps: Deps, userId: bigint, postId: bigint, content: string) {
  const text = content.trim();
  if (!text) throw badRequest('Please enter a comment.', 'content', 'comment_required');
  await assertAllowed(deps.db, userId, 'comment');
  await throttleWrites(deps, userId);
  return deps.db.tx(async (sql) => {
    const post = await repo.findPost(sql, postId);
    if (!post || !post.is_visible) throw postNotFound();
    const at = deps.clock.now();
    const commentId = await repo.insertComment(sql, postId, userId, text, at);
    const day = kstDay(at);
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
      kind: input.kind, ...post, thumbnail: input.thumbnail ?? null, authorType: 'admin', authorId: BigInt(actor.id ?? 0),
      authorName: '운영자', at: deps.clock.now(),
    });
    await writeAudit(sql, deps.clock, { actor, action: 'board.create', target: `post:${id}`, after: { kind: input.kind, subject: post.subject } });
    return id;
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

export async function deletePost(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const p = await repo.findPost(sql, id);
    if (!p) throw postNotFound();
    await repo.softDeletePost(sql, id, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'board.delete', target: `post:${id}`, before: { kind: p.kind, subject: p.subject, visible: p.is_visible } });
  });
}
