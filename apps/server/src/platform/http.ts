import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { calls, ERROR_CODES, LANGUAGES, type Audience, type CallData, type CallPath, type Language } from '@wager/contracts';
import type { Deps } from './deps.ts';
import { homeOf } from './db.ts';
import { AppError } from './errors.ts';
import { notifyChange } from './events.ts';
import { normaliseIp } from './ip.ts';
import { describeIssue } from './validation-error.ts';

/** A signed-in session as the auth module hands it over. */
export type Auth = {
  audience: Audience;
  sessionId: bigint;
  subjectId: bigint;
  language: string | null;
  renewSessionToken?: string;
  /** The session may only enrol a second factor (decision 050): every other call is refused. */
  twoFactorPending?: boolean;
};
export type Client = { ip: string; device?: string | null; country?: string | null; domain?: string | null };
/** Who did it, for the audit log: the signed-in subject and the address it called from. */
export type Actor<A extends Audience = Audience> = { type: A; id: bigint; ip: string };

/**
 * What the platform needs from the auth and settings modules, handed in by app.ts
 * (`installGuards`) so platform code imports no module.
 */
export type Guards = {
  /** Throws when this address may not call the audience's API (blocked list, admin allow-list). */
  checkAddress(audience: Audience, ip: string): Promise<void>;
  /** The session behind a bearer token, or throws (401/403). */
  authenticate(audience: Audience, token: string | undefined, ip: string): Promise<Auth>;
  /** Whether the audience's site is down for inspection. */
  isUnderInspection(audience: Audience): Promise<boolean>;
  /** Throws (403) when the signed-in admin's role may not make this admin call (decision 042). */
  authorizeAdmin(auth: Auth, path: string): Promise<void>;
};

type AuthMode = 'required' | 'optional' | 'none';
type AuthOf<A extends AuthMode> = A extends 'required' ? Auth : A extends 'optional' ? Auth | null : null;
/** The audience a path belongs to (shared calls such as setLanguage: any). */
type AudienceOfPath<P> = P extends `/api/admin/${string}`
  ? 'admin'
  : P extends `/api/agent/${string}`
    ? 'agent'
    : P extends `/api/user/${string}`
      ? 'user'
      : Audience;
type ActorOf<P, A extends AuthMode> = A extends 'required' ? Actor<AudienceOfPath<P>> : A extends 'optional' ? Actor<AudienceOfPath<P>> | null : null;

export type CallContext<P extends CallPath, A extends AuthMode = AuthMode> = {
  body: z.output<NonNullable<(typeof calls)[P]['body']>>;
  /** Typed by the call's `auth` option: never null on an `auth: 'required'` call. */
  auth: AuthOf<A>;
  /** The signed-in subject as an audit actor (`type` is the path's audience). */
  actor: ActorOf<P, A>;
  /** The bearer token; present whenever `auth` is. */
  token: A extends 'required' ? string : string | undefined;
  client: Client;
  /** The page the browser was on (the `pathname` header). */
  page: string;
  /** The reader's language: the page's (`language` header), else the session's, else Korean (decision 046). */
  lang: Language;
  deps: Deps;
};

type Options = {
  /** 'required': a valid session of the path's audience; 'optional': use it when present. */
  auth: AuthMode;
  /** Served while the audience's site is under maintenance (context, logout …). */
  duringInspection?: boolean;
  /**
   * What a call by a signed-in caller changes in what that caller sees (decision 012's caches):
   * 'member': anything about them, so their cached context and session are dropped once the
   * handler has run; 'balance': only their balances, which the ledger's own notice already
   * drops (the session stays cached: a bet does not cost the next bet a session read);
   * 'none': nothing (polls, reads). Default: 'member' on player and partner calls, where a
   * forgotten declaration must not show stale data; 'none' on admin calls, whose changes are
   * audited and the audit notice drops every cache.
   */
  changes?: Changes;
  /** A larger body than the app's 1 MiB for this call alone (the member import's 10,000 rows). */
  bodyLimit?: number;
  /** Served to a session that must enrol a second factor first (enrolment, context, logout; decision 050). */
  duringEnrolment?: boolean;
};

export type Changes = 'member' | 'balance' | 'none';

/** The declared or default `changes` of a call (see `Options`). */
const changesOf = (path: string, declared: Changes | undefined): Changes =>
  declared ?? (path.startsWith('/api/user/') || path.startsWith('/api/agent/') ? 'member' : 'none');

const guardsOf = new WeakMap<FastifyInstance, Guards>();

/** Paths that only the web app's files answer; every other request passes the address check. */
const isApiOrUpload = (url: string) => url.startsWith('/api/') || url.startsWith('/uploads/');

/**
 * Registers the guards every call uses, and refuses a blocked address on every API call and
 * upload (not only login and signed-in calls); the static pages still load so the refusal can
 * be shown in the visitor's language.
 */
export function installGuards(app: FastifyInstance, guards: Guards) {
  guardsOf.set(app, guards);
  app.addHook('onRequest', async (req) => {
    if (!isApiOrUpload(req.url)) return;
    const path = req.url.split('?', 1)[0];
    await guards.checkAddress(audienceOf(path, pageOf(req)), normaliseIp(req.ip));
  });
}

/**
 * The signed-in admin behind a request's bearer token (outside `defineCall`: the operator's
 * metrics and API document), through the same guards; throws 401/403 like any admin call. With
 * `path`, the admin's role must also allow that admin call (decision 042).
 */
export async function signedInAdmin(app: FastifyInstance, req: FastifyRequest, path?: string): Promise<Auth> {
  const guards = guardsOf.get(app);
  if (!guards) throw new Error('installGuards(app, …) must run first');
  const auth = await guards.authenticate('admin', bearer(req), normaliseIp(req.ip));
  if (path) await guards.authorizeAdmin(auth, path);
  return auth;
}

const pageOf = (req: FastifyRequest) => String(req.headers.pathname ?? '/').slice(0, 500);

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
/** The language the page is shown in (the web sends it with every call), else the session's, else the default. */
export function languageOf(header: unknown, auth: Pick<Auth, 'language'> | null): Language {
  if (isLanguage(header)) return header;
  return isLanguage(auth?.language) ? auth.language : 'ko';
}

export function audienceOf(path: string, pageHeader?: string): Audience {
  if (path.startsWith('/api/admin')) return 'admin';
  if (path.startsWith('/api/agent')) return 'agent';
  if (path.startsWith('/api/user')) return 'user';
  // Shared calls (setLanguage) belong to whichever site the browser is on.
  if (pageHeader?.startsWith('/admin')) return 'admin';
  if (pageHeader?.startsWith('/pa')) return 'agent';
  return 'user';
}

/**
 * The signed-in agent of a call on a shared path (spec §7: agent calls are /api + path, so
 * `/api/inquiry/create` is an agent call when sent from a /pa page). Another audience gets the
 * not-found an unknown path would.
 */
export function agentOf(auth: Auth): bigint {
  if (auth.audience !== 'agent') throw new AppError(404, ERROR_CODES.notFound, 'The page you requested could not be found.');
  return auth.subjectId;
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

const EXPECTED: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};
const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'string' ? 'text' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

/**
 * "is required" only when the value is really missing; otherwise say what was expected
 * ("id: must be an integer, got text"). Parsing with `reportInput` keeps the input on the issue.
 */
function typeProblem(issue: z.core.$ZodIssueInvalidType) {
  if (!('input' in issue) || issue.input === undefined) return 'is required';
  const want = EXPECTED[issue.expected] ?? issue.expected;
  const got = issue.expected === 'int' && typeof issue.input === 'number' ? 'a fraction or an out-of-range number' : kindOf(issue.input);
  return `must be ${want}, got ${got}`;
}

/** First zod issue as a 400 naming the field. */
export function zodToBadRequest(err: z.ZodError) {
  const issue = err.issues[0];
  const field = issue.path.join('.') || 'body';
  const what = issue.code === 'invalid_type' ? typeProblem(issue) : issue.message;
  // A refinement may name its own error code (params.code); any other failure is 'validation'.
  // A record key's refinement arrives wrapped in an invalid_key issue.
  const inner = issue.code === 'invalid_key' || issue.code === 'invalid_element' ? (issue.issues[0] ?? issue) : issue;
  const own = inner.code === 'custom' && typeof inner.params?.code === 'string' ? inner.params.code : 'validation';
  const { rule, params } = describeIssue(issue);
  return new AppError(400, own, `${field}: ${what}`, field, { rule, params });
}

/**
 * An answer's data already written as JSON (decision 062). The context poll answers a member the
 * same 2 kB until a change notice drops it, every 5 s for every player: writing it once per change
 * instead of once per poll is most of the poll's own CPU. `P` ties it to its call's contract, and
 * outside production the JSON is still checked against it.
 */
export class SerializedData<P extends CallPath> {
  declare readonly path?: P;
  /** The JSON in pieces, joined once into the answer. */
  constructor(readonly parts: Buffer[]) {}
}

/** The marker a template's open field holds until `jsonTemplate` cuts it out. */
export const TEMPLATE_HOLE = '\u0000hole\u0000';
const HOLE_JSON = JSON.stringify(TEMPLATE_HOLE);
/** JSON's replacer for money held as bigint: the contract sends money as text. */
export const bigintsAsText = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/**
 * `data` written as JSON once, with the one field that holds `TEMPLATE_HOLE` left open:
 * `fill(value)` writes that field's value in (the context poll's server time).
 */
export function jsonTemplate<P extends CallPath>(data: CallData<P>): (value: string) => SerializedData<P> {
  const text = JSON.stringify(data, bigintsAsText);
  const at = text.indexOf(HOLE_JSON);
  if (at < 0 || text.indexOf(HOLE_JSON, at + 1) >= 0) throw new Error('a JSON template needs exactly one hole');
  const head = Buffer.from(text.slice(0, at));
  const tail = Buffer.from(text.slice(at + HOLE_JSON.length));
  return (value) => new SerializedData<P>([head, Buffer.from(JSON.stringify(value)), tail]);
}

const ANSWER_OPEN = Buffer.from('{"result":true,"data":');
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Whether the schema reads `{}` as `{}` (no defaults filled in): then an empty body, what every
 * poll sends, is its own parse and zod is not asked (3 % of a context poll).
 */
function parsesToEmptyObject(schema: z.ZodType) {
  const r = schema.safeParse({});
  return r.success && typeof r.data === 'object' && r.data !== null && !Array.isArray(r.data) && Object.keys(r.data).length === 0;
}
const isEmptyObject = (v: unknown) => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype && Object.keys(v).length === 0;

/**
 * Registers one call from the contract table: authenticate (a signed-in call), parse the body
 * with its schema, run the handler, wrap the answer. Handlers stay thin; rules live in services. The handler's
 * `ctx.auth` and `ctx.actor` are typed by `opts.auth` (never null when 'required').
 */
export function defineCall<P extends CallPath, const O extends Options>(
  app: FastifyInstance,
  deps: Deps,
  path: P,
  opts: O,
  handler: (ctx: CallContext<P, O['auth']>) => Promise<CallData<P> | SerializedData<P>>,
) {
  const guards = guardsOf.get(app);
  if (!guards) throw new Error(`installGuards(app, …) must run before ${path} is defined`);
  const spec = calls[path];
  const bodySchema = spec.body as z.ZodType;
  const dataSchema = spec.data as z.ZodType;
  const checkOutput = process.env.NODE_ENV !== 'production';
  const changesMember = changesOf(path, opts.changes) === 'member';
  // An admin call is authorised by the caller's role before its body is read: a refused caller
  // gets the same 403 whatever it sent (decision 042).
  const isAdminCall = path.startsWith('/api/admin/') && opts.auth === 'required';
  const emptyParsesEmpty = parsesToEmptyObject(bodySchema);
  app.post(path, { bodyLimit: opts.bodyLimit }, async (req: FastifyRequest, reply: FastifyReply) => {
    const page = pageOf(req);
    const audience = audienceOf(path, page);
    const token = bearer(req);
    const client = clientOf(req, deps.config.trustProxy);
    let auth: Auth | null = null;
    // A signed-in call knows its caller before it reads the body: anyone else gets the same 401
    // (403 for an admin's role) whatever they sent, and no parse is spent on them.
    if (opts.auth === 'required') auth = await guards.authenticate(audience, token, client.ip);
    if (isAdminCall) await guards.authorizeAdmin(auth!, path);
    const parsed =
      emptyParsesEmpty && isEmptyObject(req.body) ? { success: true as const, data: {} } : bodySchema.safeParse(req.body ?? undefined, { reportInput: true });
    if (!parsed.success) throw zodToBadRequest(parsed.error);
    if (opts.auth === 'optional' && token) {
      try {
        auth = await guards.authenticate(audience, token, client.ip);
      } catch (e) {
        // A stale token on an optional call reads as anonymous (spec: 'Invalid Request' → guest); the
        // session-time limit is said once, whichever call meets it first, so the site can tell the player (decision 057).
        if (!(e instanceof AppError) || e.code === ERROR_CODES.ipBlocked || e.code === ERROR_CODES.ipNotAllowed || e.code === ERROR_CODES.sessionLimitReached)
          throw e;
      }
    }
    if (auth?.twoFactorPending && !opts.duringEnrolment)
      throw new AppError(403, ERROR_CODES.twoFactorEnrolmentRequired, 'Set up two-factor authentication first.');
    if (!opts.duringInspection && audience !== 'admin' && (await guards.isUnderInspection(audience)))
      throw new AppError(503, ERROR_CODES.inspection, 'Not available during inspection.');
    const actor: Actor | null = auth ? { type: auth.audience, id: auth.subjectId, ip: client.ip } : null;
    // The runtime check above is what `AuthOf<O['auth']>` states; TypeScript cannot follow it.
    const lang = languageOf(req.headers.language, auth);
    const ctx = { body: parsed.data, auth, actor, token, client, page, lang, deps } as CallContext<P, O['auth']>;
    let data: CallData<P> | SerializedData<P>;
    try {
      data = await handler(ctx);
    } finally {
      // Also after a refusal: a handler may have written before it threw. Sent before the
      // answer, so the caller's next call already sees the change.
      if (changesMember && auth) notifyChange(homeOf(deps.db), { topic: 'member', id: String(auth.subjectId) });
    }
    if (checkOutput) {
      const out = dataSchema.safeParse(data instanceof SerializedData ? JSON.parse(Buffer.concat(data.parts).toString()) : data);
      if (!out.success) {
        req.log.error({ path, issues: out.error.issues }, 'answer does not match its contract');
        throw new AppError(500, 'internal', `Answer for ${path} does not match its contract.`);
      }
    }
    if (data instanceof SerializedData) {
      const renew = auth?.renewSessionToken ? `,"renewSessionToken":${JSON.stringify(auth.renewSessionToken)}}` : '}';
      return reply.type(JSON_TYPE).send(Buffer.concat([ANSWER_OPEN, ...data.parts, Buffer.from(renew)]));
    }
    const answer: Record<string, unknown> = { result: true, data };
    if (auth?.renewSessionToken) answer.renewSessionToken = auth.renewSessionToken;
    return reply.send(answer);
  });
}

/** Fastify's own 4xx (bad JSON, wrong content type, body too large). */
type ClientFault = { statusCode: number; code?: unknown; message?: unknown };
const isClientFault = (err: unknown): err is ClientFault => {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** Every failure uses one shape; nothing but a real server fault answers 5xx. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: unknown, req, reply) => {
    let status = 500;
    let code = 'internal';
    let message = 'A server error occurred. Please try again.';
    let field: string | undefined;
    let details: AppError['details'];
    if (err instanceof AppError) {
      status = err.status;
      code = err.code;
      message = err.message;
      field = err.field;
      details = err.details;
    } else if (err instanceof z.ZodError) {
      const e = zodToBadRequest(err);
      status = 400;
      code = e.code;
      message = e.message;
      field = e.field;
      details = e.details;
    } else if (isClientFault(err)) {
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
    // The request id (also the x-request-id header and every log line of the request) lets a
    // report of a failure be found in the log.
    reply.status(status).send({ result: false, data: {}, error: { code, message, ...(field ? { field } : {}), ...details, request_id: req.id } });
  });
}
