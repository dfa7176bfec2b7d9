import type { Deps } from '../../platform/deps.ts';
import type { Sql } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { isBlankHtml, sanitizeHtml } from '../../platform/html.ts';
import { throttleWrites } from '../../platform/throttle.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { assertAllowed, lockMember } from '../members/index.ts';
import { excludedMembers, notExcludedSql } from '../responsible/index.ts';
import * as repo from './repo.ts';

/** Unread notes and answered-but-unread inquiries, for the context and the header. */
export const unreadCounts = (sql: Sql, userId: bigint) => repo.unreadCounts(sql, userId);
export const sendMessage = repo.insertMessage;

export const MESSAGES_PER_PAGE = 10;
export const INQUIRIES_PER_PAGE = 5;
export const ADMIN_PAGE = 20;

/** Spec §7/§8: the quick account request is a fixed inquiry answered by customer service. */
export const QUICK_ACCOUNT = {
  subject: '빠른 계좌 문의',
  content: '<p>빠른 계좌 문의</p>',
  done: '빠른 계좌 문의가 완료되었습니다. 고객센터 답변을 통해 안내 계좌를 확인해주세요.',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const required = (message: string, field: string, code: string) => badRequest(message, field, code);

/** Title and sanitised HTML, or the spec §5 required-field error. */
function cleanRich(subject: string, content: string, message: string, code: string) {
  const s = subject.trim();
  const c = sanitizeHtml(content);
  if (!s || isBlankHtml(c)) throw required(message, s ? 'content' : 'subject', code);
  return { subject: s, content: c };
}

// ---- notes (members and agents alike: agents are users too)

export async function listMessages(deps: Deps, userId: bigint, skip: number) {
  const r = await repo.listMessages(deps.db, userId, skip, MESSAGES_PER_PAGE);
  return {
    messages: r.rows.map((m) => ({ ...m, id: Number(m.id), created_at: m.created_at.toISOString(), readed_at: iso(m.readed_at) })),
    total: r.total,
  };
}

export const readMessages = (deps: Deps, userId: bigint, ids: bigint[]) => repo.markMessagesRead(deps.db, userId, ids, deps.clock.now());
export const readAllMessages = (deps: Deps, userId: bigint) => repo.markMessagesRead(deps.db, userId, null, deps.clock.now());
export const deleteAllReadMessages = (deps: Deps, userId: bigint) => repo.deleteReadMessages(deps.db, userId, deps.clock.now());

/** Spec §4: only read notes may be deleted. */
export async function deleteMessage(deps: Deps, userId: bigint, id: bigint) {
  await deps.db.tx(async (sql) => {
    const m = await repo.lockMessage(sql, userId, id);
    if (!m) throw new AppError(404, 'message_not_found', 'This message does not exist.');
    if (!m.readed_at) throw badRequest('Only read messages can be deleted. Please read the message first.', 'message_id', 'message_unread_delete');
    await repo.deleteMessage(sql, id, deps.clock.now());
  });
}

/** A note from the system to one member, written in the caller's transaction (e.g. a lockout notice). */
export async function sendSystemNote(sql: Sql, userId: bigint, subject: string, content: string, at: Date) {
  await repo.insertMessage(sql, userId, subject, content, 'admin', at);
}

export async function sendAdminMessage(
  deps: Deps,
  actor: Actor,
  input: { target: repo.SendTarget; user_id?: number; level?: number; agent_id?: number; subject: string; content: string },
) {
  const msg = cleanRich(input.subject, input.content, 'Please enter the message title and content.', 'message_required');
  return deps.db.tx(async (sql) => {
    let arg: bigint | number | null = null;
    if (input.target === 'user') {
      arg = BigInt(input.user_id!);
      const u = await repo.userRole(sql, arg);
      if (!u || u.status === 'deleted' || u.status === 'withdrawn') throw new AppError(404, 'member_not_found', 'Member not found.');
      // Nothing reaches a player in a time-out or self-exclusion (decision 057): a note to one is refused.
      if ((await excludedMembers(sql, [arg], deps.clock.now())).has(arg))
        throw new AppError(409, 'message_member_excluded', 'This member is in a time-out or self-exclusion: no notes can be sent.');
    } else if (input.target === 'level') arg = input.level!;
    else if (input.target !== 'all' && input.target !== 'agents') {
      arg = BigInt(input.agent_id!);
      const a = await repo.userRole(sql, arg);
      if (!a || a.role === 'user') throw new AppError(404, 'agent_not_found', 'Agent not found.');
    }
    const at = deps.clock.now();
    const sendId = await repo.insertSend(sql, {
      adminId: actor.id === undefined || actor.id === null ? null : BigInt(actor.id),
      target: input.target,
      userId: input.target === 'user' || input.target.startsWith('agent_') ? (arg as bigint) : null,
      level: input.target === 'level' ? (arg as number) : null,
      ...msg,
      at,
    });
    // A send to many skips the members in a time-out or self-exclusion ($3 is the send's time).
    const sent = await repo.insertSendMessages(sql, sendId, input.target, arg, msg.subject, msg.content, at, notExcludedSql('u.id', '$3'));
    if (sent === 0) throw badRequest('No members to send the message to.', 'target', 'message_no_recipients');
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'message.send',
      target: `message_send:${sendId}`,
      after: { target: input.target, arg: arg === null ? null : String(arg), subject: msg.subject, sent },
    });
    return sent;
  });
}

// ---- inquiries

type Inquiry = repo.InquiryRow;

/** The member's view: the answer only once answered, contents when asked for. */
function memberInquiry(i: Inquiry, withContent: boolean) {
  return {
    id: Number(i.id),
    subject: i.subject,
    ...(withContent ? { content: i.content, answer: i.status === 'answered' ? i.answer : null } : {}),
    status: i.status,
    created_at: i.created_at.toISOString(),
    answered_at: iso(i.answered_at),
    readed_at: iso(i.readed_at),
  };
}

export async function listInquiries(deps: Deps, userId: bigint, skip: number, withContent: boolean) {
  const r = await repo.listInquiries(deps.db, userId, skip, INQUIRIES_PER_PAGE);
  return { inquiries: r.rows.map((i) => memberInquiry(i, withContent)), total: r.total };
}

export async function createInquiry(deps: Deps, userId: bigint, subject: string, content: string) {
  await throttleWrites(deps.limiter, userId); // first: blank, oversized or refused writes count too
  const q = cleanRich(subject, content, 'Please enter the inquiry title and content.', 'inquiry_required');
  await assertAllowed(deps.db, userId, 'inquiry');
  return repo.insertInquiry(deps.db, { userId, kind: 'normal', ...q, at: deps.clock.now() });
}

/** One open quick account request per member: asking again while it waits reuses it. */
export async function requestQuickAccount(deps: Deps, userId: bigint) {
  const id = await deps.db.tx(async (sql) => {
    // "One open request" depends on the member's earlier requests: decided under the member lock.
    await lockMember(sql, userId);
    const open = await repo.openQuickAccountInquiry(sql, userId);
    if (open) return open.id;
    return repo.insertInquiry(sql, { userId, kind: 'quick_account', subject: QUICK_ACCOUNT.subject, content: QUICK_ACCOUNT.content, at: deps.clock.now() });
  });
  return { id, message: QUICK_ACCOUNT.done };
}

/** Opening an answered, unread inquiry marks it read (spec §4). */
export async function readInquiry(deps: Deps, userId: bigint, id: bigint) {
  return deps.db.tx(async (sql) => {
    const i = await repo.lockInquiry(sql, id, userId);
    if (!i) throw new AppError(404, 'inquiry_not_found', 'This inquiry does not exist.');
    if (i.status === 'answered' && !i.readed_at) {
      i.readed_at = deps.clock.now();
      await repo.markInquiryRead(sql, id, i.readed_at);
    }
    return memberInquiry(i, true);
  });
}

/** One inquiry, or every one of the member's when `id` is null. */
export async function deleteInquiries(deps: Deps, userId: bigint, id: bigint | null) {
  const n = await repo.deleteInquiries(deps.db, userId, id, deps.clock.now());
  if (id !== null && n === 0) throw new AppError(404, 'inquiry_not_found', 'This inquiry does not exist.');
  return n;
}

export async function listInquiriesForAdmin(deps: Deps, status: 'waiting' | 'answered' | undefined, skip: number) {
  const r = await repo.listAllInquiries(deps.db, status, skip, ADMIN_PAGE);
  return {
    inquiries: r.rows.map((i) => ({
      id: Number(i.id),
      user_id: Number(i.user_id),
      role: i.role,
      account: i.account,
      nickname: i.nickname,
      kind: i.kind,
      subject: i.subject,
      content: i.content,
      answer: i.answer,
      status: i.status,
      created_at: i.created_at.toISOString(),
      answered_at: iso(i.answered_at),
      readed_at: iso(i.readed_at),
      closed: i.closed_at !== null,
    })),
    total: r.total,
  };
}

export async function answerInquiry(deps: Deps, actor: Actor, id: bigint, answer: string) {
  const clean = sanitizeHtml(answer, 'answer');
  if (isBlankHtml(clean)) throw required('Please enter the answer content.', 'answer', 'answer_required');
  await deps.db.tx(async (sql) => {
    const i = await repo.lockInquiry(sql, id);
    if (!i) throw new AppError(404, 'inquiry_not_found', 'This inquiry does not exist.');
    await repo.answerInquiry(sql, id, clean, actor.id === undefined || actor.id === null ? null : BigInt(actor.id), deps.clock.now());
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'inquiry.answer',
      target: `inquiry:${id}`,
      before: { status: i.status, answer: i.answer },
      after: { status: 'answered', answer: clean },
    });
  });
}

export async function setInquiriesWaiting(deps: Deps, actor: Actor, ids: bigint[]) {
  return deps.db.tx(async (sql) => {
    const changed = await repo.setInquiriesWaiting(sql, ids);
    if (changed.length > 0)
      await writeAudit(sql, deps.clock, { actor, action: 'inquiry.setWaiting', target: 'inquiries', after: { ids: changed.map(String) } });
    return changed.length;
  });
}

const adminIdOf = (actor: Actor) => (actor.id === undefined || actor.id === null ? null : BigInt(actor.id));

/** Spec §4 close: selected waiting inquiries end without a written answer (decision 038). */
export async function closeInquiries(deps: Deps, actor: Actor, ids: bigint[]) {
  return deps.db.tx(async (sql) => {
    const closed = await repo.closeInquiries(sql, ids, adminIdOf(actor), deps.clock.now());
    if (closed.length > 0) await writeAudit(sql, deps.clock, { actor, action: 'inquiry.close', target: 'inquiries', after: { ids: closed.map(String) } });
    return closed.length;
  });
}

/** Spec §4: selected inquiries deleted by the admin (soft: the row and the audit keep them). */
export async function deleteInquiriesForAdmin(deps: Deps, actor: Actor, ids: bigint[]) {
  return deps.db.tx(async (sql) => {
    const gone = await repo.deleteInquiriesByIds(sql, ids, deps.clock.now());
    if (gone.length > 0)
      await writeAudit(sql, deps.clock, {
        actor,
        action: 'inquiry.delete',
        target: 'inquiries',
        before: { inquiries: gone.map((i) => ({ id: String(i.id), subject: i.subject })) },
      });
    return gone.length;
  });
}

// ---- the note box's sent notes

export async function listSends(deps: Deps, skip: number) {
  const r = await repo.listSends(deps.db, skip, ADMIN_PAGE);
  return { sends: r.rows.map((s) => ({ ...s, id: Number(s.id), created_at: s.created_at.toISOString() })), total: r.total };
}

// ---- note and inquiry-answer templates

export async function listTemplates(deps: Deps, kind: 'note' | 'inquiry', skip: number) {
  const r = await repo.listTemplates(deps.db, kind, skip, ADMIN_PAGE);
  return { templates: r.rows.map((t) => ({ ...t, id: Number(t.id), created_at: t.created_at.toISOString() })), total: r.total };
}

export async function createTemplate(deps: Deps, actor: Actor, kind: 'note' | 'inquiry', subject: string, content: string) {
  const t = cleanRich(subject, content, 'Please enter the template title and content.', 'template_required');
  return deps.db.tx(async (sql) => {
    const id = await repo.insertTemplate(sql, {
      kind,
      ...t,
      adminId: actor.id === undefined || actor.id === null ? null : BigInt(actor.id),
      at: deps.clock.now(),
    });
    await writeAudit(sql, deps.clock, { actor, action: 'template.create', target: `template:${id}`, after: { kind, subject: t.subject } });
    return id;
  });
}

export async function listAllTemplates(deps: Deps, kind: 'note' | 'inquiry') {
  return { templates: (await repo.allTemplates(deps.db, kind)).map((t) => ({ ...t, id: Number(t.id) })) };
}

export async function updateTemplate(deps: Deps, actor: Actor, id: bigint, subject: string, content: string) {
  const t = cleanRich(subject, content, 'Please enter the template title and content.', 'template_required');
  await deps.db.tx(async (sql) => {
    const before = await repo.updateTemplate(sql, id, t.subject, t.content);
    if (!before) throw new AppError(404, 'template_not_found', 'This template does not exist.');
    await writeAudit(sql, deps.clock, { actor, action: 'template.update', target: `template:${id}`, before, after: t });
  });
}

export async function deleteTemplate(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const gone = await repo.deleteTemplate(sql, id);
    if (!gone) throw new AppError(404, 'template_not_found', 'This template does not exist.');
    await writeAudit(sql, deps.clock, {
      actor,
      action: 'template.delete',
      target: `template:${id}`,
      before: { kind: gone.kind, subject: gone.subject, content: gone.content },
    });
  });
}
