import { z } from 'zod';
import { emptyBody, moneyString, text } from './common.ts';
import { RICH_TEXT_MAX_CHARS } from './html-allow-list.ts';
import { POST_TYPES, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from './constants.ts';

export { POST_TYPES, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES };

/**
 * Messages (notes), inquiries, board posts and comments, templates and image uploads
 * (spec §3 Note/Inquiry/Announcement/Event/Free-board post/Template, §4, §7).
 *
 * Subjects and contents may arrive empty: the server answers the spec §5 required-field
 * message (with its own code) after sanitising the HTML, because `<p><br></p>` is empty too.
 */

const ok = z.object({ ok: z.literal(true) });
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const skip = z.number().int().min(0).max(1_000_000).default(0);
const page = z.object({ skip }).optional();
const subject = text.max(200).default('');
const html = text.max(RICH_TEXT_MAX_CHARS).default('');
/** A stored image: a path on this site (uploads, banners) or an https URL. */
const imageUrl = text
  .trim()
  .max(500)
  .regex(/^(\/[\w./-]+|https:\/\/[^\s"'<>]+)$/, 'must be a site path or an https URL');
const when = z.string();

// ---- notes
export const messageRow = z.object({
  id: z.number(),
  kind: z.string(),
  subject: z.string(),
  content: z.string(),
  sender: z.string(),
  created_at: when,
  readed_at: when.nullable(),
});
const messageList = z.object({ messages: z.array(messageRow), total: z.number() });
const messageIds = z.object({ message_ids: z.array(id).min(1, 'select messages to mark read').max(100) });
const messageDelete = z.object({ message_id: id });

// ---- inquiries
export const INQUIRY_STATUSES = ['waiting', 'answered'] as const;
export const inquiryRow = z.object({
  id: z.number(),
  subject: z.string(),
  /** Present when the list was asked with `requiredContent: true`, and on read. */
  content: z.string().optional(),
  /** Shown only once the inquiry is answered. */
  answer: z.string().nullable().optional(),
  status: z.enum(INQUIRY_STATUSES),
  created_at: when,
  answered_at: when.nullable(),
  readed_at: when.nullable(),
});
export const adminInquiryRow = z.object({
  id: z.number(),
  user_id: z.number(),
  /** 'user' for a member, else the agent's tier: agents ask the same customer service. */
  role: z.string(),
  account: z.string(),
  nickname: z.string(),
  kind: z.string(),
  subject: z.string(),
  content: z.string(),
  answer: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  created_at: when,
  answered_at: when.nullable(),
  readed_at: when.nullable(),
  /** Closed by an admin without a written answer (decision 038). */
  closed: z.boolean(),
});

// ---- board
export const ADMIN_POST_KINDS = ['notice', 'event', 'rule'] as const;
export const postSummary = z.object({
  id: z.number(),
  type: z.enum(POST_TYPES),
  subject: z.string(),
  thumbnail: z.string().nullable(),
  author: z.string(),
  comment_count: z.number(),
  created_at: when,
  updated_at: when,
});
export const commentRow = z.object({ id: z.number(), author: z.string(), content: z.string(), created_at: when });
export const postView = postSummary.extend({ content: z.string(), comments: z.array(commentRow) });

// ---- templates
export const TEMPLATE_KINDS = ['note', 'inquiry'] as const;
export const templateRow = z.object({ id: z.number(), kind: z.enum(TEMPLATE_KINDS), subject: z.string(), content: z.string(), created_at: when });

// ---- admin message send (spec §6 targets)
const sendCommon = { subject, content: html };
export const MESSAGE_TARGETS = ['all', 'user', 'level', 'agents', 'agent_lower_direct', 'agent_lower_all'] as const;
const messageSend = z.discriminatedUnion('target', [
  z.object({ target: z.literal('all'), ...sendCommon }),
  /** Every agent account (head offices down to stores). */
  z.object({ target: z.literal('agents'), ...sendCommon }),
  z.object({ target: z.literal('user'), user_id: id, ...sendCommon }),
  z.object({ target: z.literal('level'), level: z.number().int().min(1).max(7), ...sendCommon }),
  z.object({ target: z.literal('agent_lower_direct'), agent_id: id, ...sendCommon }),
  z.object({ target: z.literal('agent_lower_all'), agent_id: id, ...sendCommon }),
]);

export const communityCalls = {
  // ---- player message box (10 per page)
  '/api/user/message/get': { body: page, data: messageList },
  '/api/user/message/read': { body: messageIds, data: z.object({ read: z.number() }) },
  '/api/user/message/readAll': { body: emptyBody, data: z.object({ read: z.number() }) },
  '/api/user/message/delete': { body: messageDelete, data: ok },
  '/api/user/message/deleteAllRead': { body: emptyBody, data: z.object({ deleted: z.number() }) },

  // ---- player inquiry box (5 per page)
  '/api/user/inquiry/get': {
    body: z.object({ skip, requiredContent: z.boolean().default(false) }).optional(),
    data: z.object({ inquiries: z.array(inquiryRow), total: z.number() }),
  },
  '/api/user/inquiry/create': { body: z.object({ subject, content: html }), data: z.object({ id: z.number() }) },
  '/api/user/inquiry/read': { body: z.object({ inquiry_id: id }), data: z.object({ inquiry: inquiryRow }) },
  '/api/user/inquiry/delete': { body: z.object({ inquiry_id: id.nullable() }), data: z.object({ deleted: z.number() }) },
  '/api/user/inquiry/quickAccount': { body: emptyBody, data: z.object({ id: z.number(), message: z.string() }) },

  // ---- player board (20 per page)
  '/api/user/board/getNotices': { body: page, data: z.object({ notices: z.array(postSummary), total: z.number() }) },
  '/api/user/board/getEvents': { body: page, data: z.object({ events: z.array(postSummary), total: z.number() }) },
  '/api/user/board/getRules': { body: page, data: z.object({ rules: z.array(postSummary), total: z.number() }) },
  '/api/user/board/getCommunity': { body: page, data: z.object({ posts: z.array(postSummary), total: z.number() }) },
  '/api/user/board/view': { body: z.object({ type: z.enum(POST_TYPES), id }), data: z.object({ post: postView }) },
  '/api/user/board/post/create': { body: z.object({ subject, content: html }), data: z.object({ id: z.number() }) },
  '/api/user/board/post/createComment': {
    body: z.object({ post_id: id, content: text.max(1_000).default('') }),
    /** `reward_point` is "50" for a rewarded comment, "0" once the day's five are used. */
    data: z.object({ id: z.number(), reward_point: moneyString, rewarded_today: z.number() }),
  },

  // ---- uploads (any signed-in audience)
  '/api/upload/getSignedUrl': {
    body: z.object({ file_ext: text.trim().toLowerCase().pipe(z.enum(UPLOAD_EXTENSIONS)) }),
    data: z.object({ url: z.string(), expires_at: when }),
  },

  // ---- agent message box (10 per page)
  '/api/agent/message/get': { body: page, data: messageList },
  '/api/agent/message/read': { body: messageIds, data: z.object({ read: z.number() }) },
  '/api/agent/message/delete': { body: messageDelete, data: ok },

  // ---- agent inquiry box and notices (decision 033). The spec's agent calls are /api + path, so
  // `/api/inquiry/create` and `/api/board/getNotices` take the agent's token by the page (/pa…).
  '/api/inquiry/create': { body: z.object({ subject, content: html }), data: z.object({ id: z.number() }) },
  '/api/agent/inquiry/get': {
    body: z.object({ skip, requiredContent: z.boolean().default(false) }).optional(),
    data: z.object({ inquiries: z.array(inquiryRow), total: z.number() }),
  },
  '/api/agent/inquiry/read': { body: z.object({ inquiry_id: id }), data: z.object({ inquiry: inquiryRow }) },
  '/api/agent/inquiry/delete': { body: z.object({ inquiry_id: id.nullable() }), data: z.object({ deleted: z.number() }) },
  '/api/board/getNotices': { body: page, data: z.object({ notices: z.array(postSummary), total: z.number() }) },
  '/api/agent/board/view': { body: z.object({ id }), data: z.object({ post: postView }) },

  // ---- admin
  '/api/admin/message/send': { body: messageSend, data: z.object({ sent: z.number() }) },
  '/api/admin/inquiry/list': {
    body: z.object({ status: z.enum(INQUIRY_STATUSES).optional(), skip }).optional(),
    data: z.object({ inquiries: z.array(adminInquiryRow), total: z.number() }),
  },
  '/api/admin/inquiry/answer': { body: z.object({ inquiry_id: id, answer: html }), data: ok },
  '/api/admin/inquiry/setWaiting': {
    body: z.object({ inquiry_ids: z.array(id).min(1, 'select an inquiry').max(100) }),
    data: z.object({ updated: z.number() }),
  },
  '/api/admin/board/list': {
    body: z.object({ kind: z.enum(POST_TYPES), skip }),
    data: z.object({ posts: z.array(postSummary.extend({ visible: z.boolean() })), total: z.number() }),
  },
  '/api/admin/board/create': {
    body: z.object({ kind: z.enum(ADMIN_POST_KINDS), subject, content: html, thumbnail: imageUrl.nullish() }),
    data: z.object({ id: z.number() }),
  },
  '/api/admin/board/setVisible': { body: z.object({ id, visible: z.boolean() }), data: ok },
  '/api/admin/board/delete': { body: z.object({ id }), data: ok },
  '/api/admin/template/list': {
    body: z.object({ kind: z.enum(TEMPLATE_KINDS), skip }),
    data: z.object({ templates: z.array(templateRow), total: z.number() }),
  },
  '/api/admin/template/create': {
    body: z.object({ kind: z.enum(TEMPLATE_KINDS), subject, content: html }),
    data: z.object({ id: z.number() }),
  },
  '/api/admin/template/delete': { body: z.object({ id }), data: ok },
} as const;
