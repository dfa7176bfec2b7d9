import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { agentOf, defineCall } from '../../platform/http.ts';
import {
  answerInquiry,
  closeInquiries,
  deleteInquiriesForAdmin,
  listAllTemplates,
  listSends,
  updateTemplate,
  createInquiry,
  createTemplate,
  deleteAllReadMessages,
  deleteInquiries,
  deleteMessage,
  deleteTemplate,
  listInquiries,
  listInquiriesForAdmin,
  listMessages,
  listTemplates,
  readAllMessages,
  readInquiry,
  readMessages,
  requestQuickAccount,
  sendAdminMessage,
  setInquiriesWaiting,
} from './service.ts';

const ok = { ok: true as const };

export function messagingRoutes(app: FastifyInstance, deps: Deps) {
  const signedIn = { auth: 'required' } as const;

  // Players and agents share the message box: both are rows in users.
  for (const site of ['user', 'agent'] as const) {
    defineCall(app, deps, `/api/${site}/message/get`, signedIn, ({ auth, body }) => listMessages(deps, auth.subjectId, body?.skip ?? 0));
    defineCall(app, deps, `/api/${site}/message/read`, signedIn, async ({ auth, body }) => ({
      read: await readMessages(deps, auth.subjectId, body.message_ids.map(BigInt)),
    }));
    defineCall(app, deps, `/api/${site}/message/delete`, signedIn, async ({ auth, body }) => {
      await deleteMessage(deps, auth.subjectId, BigInt(body.message_id));
      return ok;
    });
  }
  defineCall(app, deps, '/api/user/message/readAll', signedIn, async ({ auth }) => ({ read: await readAllMessages(deps, auth.subjectId) }));
  defineCall(app, deps, '/api/user/message/deleteAllRead', signedIn, async ({ auth }) => ({ deleted: await deleteAllReadMessages(deps, auth.subjectId) }));

  defineCall(app, deps, '/api/user/inquiry/get', signedIn, ({ auth, body }) =>
    listInquiries(deps, auth.subjectId, body?.skip ?? 0, body?.requiredContent ?? false),
  );
  defineCall(app, deps, '/api/user/inquiry/create', signedIn, async ({ auth, body }) => ({
    id: Number(await createInquiry(deps, auth.subjectId, body.subject, body.content)),
  }));
  defineCall(app, deps, '/api/user/inquiry/read', signedIn, async ({ auth, body }) => ({
    inquiry: await readInquiry(deps, auth.subjectId, BigInt(body.inquiry_id)),
  }));
  defineCall(app, deps, '/api/user/inquiry/delete', signedIn, async ({ auth, body }) => ({
    deleted: await deleteInquiries(deps, auth.subjectId, body.inquiry_id === null ? null : BigInt(body.inquiry_id)),
  }));
  // Agents ask the same customer service (decision 033): their own inquiries, the same rules.
  defineCall(app, deps, '/api/inquiry/create', signedIn, async ({ auth, body }) => ({
    id: Number(await createInquiry(deps, agentOf(auth), body.subject, body.content)),
  }));
  defineCall(app, deps, '/api/agent/inquiry/get', signedIn, ({ auth, body }) =>
    listInquiries(deps, auth.subjectId, body?.skip ?? 0, body?.requiredContent ?? false),
  );
  defineCall(app, deps, '/api/agent/inquiry/read', signedIn, async ({ auth, body }) => ({
    inquiry: await readInquiry(deps, auth.subjectId, BigInt(body.inquiry_id)),
  }));
  defineCall(app, deps, '/api/agent/inquiry/delete', signedIn, async ({ auth, body }) => ({
    deleted: await deleteInquiries(deps, auth.subjectId, body.inquiry_id === null ? null : BigInt(body.inquiry_id)),
  }));
  defineCall(app, deps, '/api/user/inquiry/quickAccount', signedIn, async ({ auth }) => {
    const r = await requestQuickAccount(deps, auth.subjectId);
    return { id: Number(r.id), message: r.message };
  });

  defineCall(app, deps, '/api/admin/message/send', signedIn, async ({ actor, body }) => ({
    sent: await sendAdminMessage(deps, actor, body),
  }));
  defineCall(app, deps, '/api/admin/inquiry/list', signedIn, ({ body }) => listInquiriesForAdmin(deps, body?.status, body?.skip ?? 0));
  defineCall(app, deps, '/api/admin/inquiry/answer', signedIn, async ({ actor, body }) => {
    await answerInquiry(deps, actor, BigInt(body.inquiry_id), body.answer);
    return ok;
  });
  defineCall(app, deps, '/api/admin/inquiry/setWaiting', signedIn, async ({ actor, body }) => ({
    updated: await setInquiriesWaiting(deps, actor, body.inquiry_ids.map(BigInt)),
  }));
  defineCall(app, deps, '/api/admin/inquiry/close', signedIn, async ({ actor, body }) => ({
    closed: await closeInquiries(deps, actor, body.inquiry_ids.map(BigInt)),
  }));
  defineCall(app, deps, '/api/admin/inquiry/delete', signedIn, async ({ actor, body }) => ({
    deleted: await deleteInquiriesForAdmin(deps, actor, body.inquiry_ids.map(BigInt)),
  }));
  defineCall(app, deps, '/api/admin/message/sendList', signedIn, ({ body }) => listSends(deps, body?.skip ?? 0));
  defineCall(app, deps, '/api/admin/template/pickerList', signedIn, ({ body }) => listAllTemplates(deps, body.kind));
  defineCall(app, deps, '/api/admin/template/update', signedIn, async ({ actor, body }) => {
    await updateTemplate(deps, actor, BigInt(body.id), body.subject, body.content);
    return ok;
  });
  defineCall(app, deps, '/api/admin/template/list', signedIn, ({ body }) => listTemplates(deps, body.kind, body.skip));
  defineCall(app, deps, '/api/admin/template/create', signedIn, async ({ actor, body }) => ({
    id: Number(await createTemplate(deps, actor, body.kind, body.subject, body.content)),
  }));
  defineCall(app, deps, '/api/admin/template/delete', signedIn, async ({ actor, body }) => {
    await deleteTemplate(deps, actor, BigInt(body.id));
    return ok;
  });
}
