import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { calls, type Audience, type CallData, type CallPath } from '@wager/contracts';
import type { Deps } from './deps.ts';
import { AppError, badRequest } from './errors.ts';
import { normaliseIp } from './ip.ts';
import { authenticate, type Auth, type Client } from '../modules/auth/service.ts';
import { getSettings } from '../modules/settings/service.ts';

export type CallContext<P extends CallPath> = {
  body: z.output<NonNullable<(typeof calls)[P]['body']>>;
  auth: Auth | null;
  token: string | undefined;
  client: Client;
  /** The page the browser was on (the `pathname` header). */
  page: string;
  deps: Deps;
};

type Options = {
  /** 'required': a valid session of the path's audience; 'optional': use it when present. */
  auth: 'required' | 'optional' | 'none';
  /** Served while the audience's site is under maintenance (context, logout …). */
  duringInspection?: boolean;
};

export function audienceOf(path: string, pageHeader?: string): Audience {
  if (path.startsWith('/api/admin')) return 'admin';
  if (path.startsWith('/api/agent')) return 'agent';
  if (path.startsWith('/api/user')) return 'user';
  // Shared calls (setLanguage) belong to whichever site the browser is on.
  if (pageHeader?.startsWith('/admin')) return 'admin';
  if (pageHeader?.startsWith('/pa')) return 'agent';
  return 'user';
}

export function clientOf(req: FastifyRequest, trustProxy: boolean): Client {
  const body = req.body as { device?: unknown } | undefined;
  return {
    ip: normaliseIp(req.ip),
    device: typeof body?.device === 'string' ? body.device : ((req.headers['user-agent'] as string | undefined)?.slice(0, 200) ?? null),
    country: trustProxy ? ((req.headers['cf-ipcountry'] as string | undefined) ?? null) : null,
    domain: (req.headers.host as string | undefined)?.slice(0, 200) ?? null,
  };
}

export function bearer(req: FastifyRequest) {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : undefined;
}

/** First zod issue as a 400 naming the field. */
export function zodToBadRequest(err: z.ZodError) {
  const issue = err.issues[0];
  const field = issue.path.join('.') || 'body';
  const what = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
  return badRequest(`${field}: ${what}`, field);
}

/**
 * Registers one call from the contract table: parse the body with its schema, authenticate,
 * run the handler, wrap the answer. Handlers stay thin; rules live in services.
 */
export function defineCall<P extends CallPath>(
  app: FastifyInstance,
  deps: Deps,
  path: P,
  opts: Options,
  handler: (ctx: CallContext<P>) => Promise<CallData<P>>,
) {
  const spec = calls[path];
  const dataSchema = spec.data as z.ZodType;
  const checkOutput = process.env.NODE_ENV !== 'production';
  app.post(path, async (req: FastifyRequest, reply: FastifyReply) => {
    const page = String(req.headers.pathname ?? '/').slice(0, 500);
    const audience = audienceOf(path, page);
    const parsed = (spec.body as z.ZodType).safeParse(req.body ?? undefined);
    if (!parsed.success) throw zodToBadRequest(parsed.error);
    const token = bearer(req);
    let auth: Auth | null = null;
    if (opts.auth === 'required' || (opts.auth === 'optional' && token)) {
      try {
        auth = await authenticate(deps, audience, token, normaliseIp(req.ip));
      } catch (e) {
        // A stale token on an optional call reads as anonymous (spec: 'Invalid Request' → guest).
        if (opts.auth === 'required' || !(e instanceof AppError) || e.code === 'ip_blocked' || e.code === 'ip_not_allowed') throw e;
      }
    }
    if (!opts.duringInspection && audience !== 'admin') {
      const s = await getSettings(deps.db);
      const down = audience === 'user' ? s.inspection : s.agent_inspection;
      if (down.is_disabled) throw new AppError(503, 'inspection', 'Not available during inspection.');
    }
    const data = await handler({ body: parsed.data as any, auth, token, client: clientOf(req, deps.config.trustProxy), page, deps });
    if (checkOutput) {
      const out = dataSchema.safeParse(data);
      if (!out.success) {
        req.log.error({ path, issues: out.error.issues }, 'answer does not match its contract');
        throw new AppError(500, 'internal', `Answer for ${path} does not match its contract.`);
      }
    }
    const answer: Record<string, unknown> = { result: true, data };
    if (auth?.renewSessionToken) answer.renewSessionToken = auth.renewSessionToken;
    return reply.send(answer);
  });
}

/** Every failure uses one shape; nothing but a real server fault answers 5xx. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: any, req, reply) => {
    let status = 500;
    let code = 'internal';
    let message = 'A server error occurred. Please try again.';
    let field: string | undefined;
    if (err instanceof AppError) {
      status = err.status;
      code = err.code;
      message = err.message;
      field = err.field;
    } else if (err instanceof z.ZodError) {
      const e = zodToBadRequest(err);
      status = 400;
      code = e.code;
      message = e.message;
      field = e.field;
    } else if (typeof err?.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      code = status === 415 ? 'unsupported_media_type' : status === 413 ? 'payload_too_large' : 'bad_request';
      message =
        status === 415
          ? 'Content-Type must be application/json.'
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : status === 413
              ? 'The request body is too large.'
              : String(err.message ?? 'Bad request');
    }
    if (status >= 500) req.log.error({ err }, 'request failed');
    reply.status(status).send({ result: false, data: {}, error: { code, message, ...(field ? { field } : {}) } });
  });
}
