import { z } from 'zod';
import { text } from './common.ts';
import { RICH_TEXT_MAX_CHARS } from './html-allow-list.ts';
import { MESSAGE_TARGETS, POST_TYPES, TEMPLATE_KINDS } from './calls-community.ts';

/**
 * Admin content screens (issue 19, decision 038): pop-ups (spec §3 Pop-up), editing posts
 * and templates, the note box's sent notes, inquiry delete and close. Listing, creating,
 * hiding and deleting posts and templates and sending notes are in `calls-community.ts`.
 */

const ok = z.object({ ok: z.literal(true) });
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const skip = z.number().int().min(0).max(1_000_000).default(0);
const html = text.max(RICH_TEXT_MAX_CHARS).default('');
const when = z.string();
/** A stored image: a path on this site (uploads) or an https URL. */
const imageUrl = text
  .trim()
  .max(500)
  .regex(/^(\/[\w./-]+|https:\/\/[^\s"'<>]+)$/, 'must be a site path or an https URL');

/** Spec §3: `disabled` 0 shows the pop-up to logged-in members, 2 to guests. */
export const POPUP_AUDIENCES = [0, 2] as const;
const popupAudience = z.union([z.literal(0), z.literal(2)]);
const popupFields = {
  name: text.trim().max(100).default(''),
  image_src: imageUrl.nullish(),
  content: html,
  disabled: popupAudience,
  is_active: z.boolean().default(true),
};
export const adminPopupRow = z.object({
  id: z.number(),
  name: z.string(),
  image_src: z.string().nullable(),
  content: z.string(),
  disabled: popupAudience,
  is_active: z.boolean(),
  created_at: when,
  updated_at: when,
});

export const adminPostView = z.object({
  id: z.number(),
  type: z.enum(POST_TYPES),
  subject: z.string(),
  content: z.string(),
  thumbnail: z.string().nullable(),
  author: z.string(),
  visible: z.boolean(),
  created_at: when,
  updated_at: when,
  /** Every comment of the post, hidden ones too (moderation). */
  comments: z.array(z.object({ id: z.number(), author: z.string(), content: z.string(), visible: z.boolean(), created_at: when })),
});

export const messageSendRow = z.object({
  id: z.number(),
  target: z.enum(MESSAGE_TARGETS),
  /** The member or agent of a `user` or `agent_lower_*` send. */
  target_account: z.string().nullable(),
  target_level: z.number().nullable(),
  subject: z.string(),
  content: z.string(),
  sent: z.number(),
  read: z.number(),
  admin: z.string().nullable(),
  created_at: when,
});

const inquiryIds = z.object({ inquiry_ids: z.array(id).min(1, 'select an inquiry').max(100) });

export const adminContentCalls = {
  '/api/admin/popup/list': {
    body: z.object({ skip }).optional(),
    data: z.object({ popups: z.array(adminPopupRow), total: z.number() }),
  },
  '/api/admin/popup/create': { body: z.object(popupFields), data: z.object({ id: z.number() }) },
  '/api/admin/popup/update': { body: z.object({ id, ...popupFields }), data: ok },
  '/api/admin/popup/delete': { body: z.object({ id }), data: ok },

  '/api/admin/board/get': { body: z.object({ id }), data: z.object({ post: adminPostView }) },
  '/api/admin/board/update': {
    body: z.object({ id, subject: text.max(200).default(''), content: html, thumbnail: imageUrl.nullish() }),
    data: ok,
  },
  /** Free-board moderation of one comment: hidden from the site (kept for the audit and the reward record) or shown again. */
  '/api/admin/board/setCommentVisible': { body: z.object({ id, visible: z.boolean() }), data: ok },
  /** Deletes one comment (kept with deleted_at for the audit and the reward record; decision 044). */
  '/api/admin/board/deleteComment': { body: z.object({ id }), data: ok },

  '/api/admin/template/update': {
    body: z.object({ id, subject: text.max(200).default(''), content: html }),
    data: ok,
  },
  '/api/admin/template/pickerList': {
    /** Every template of a kind (title and content) for the pickers in the answer and note forms. */
    body: z.object({ kind: z.enum(TEMPLATE_KINDS) }),
    data: z.object({ templates: z.array(z.object({ id: z.number(), subject: z.string(), content: z.string() })) }),
  },

  '/api/admin/message/sendList': {
    body: z.object({ skip }).optional(),
    data: z.object({ sends: z.array(messageSendRow), total: z.number() }),
  },

  '/api/admin/inquiry/delete': { body: inquiryIds, data: z.object({ deleted: z.number() }) },
  '/api/admin/inquiry/close': { body: inquiryIds, data: z.object({ closed: z.number() }) },
} as const;
