import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

/**
 * A request's logger that becomes pino's child only when something logs (issue 22, decision 060).
 * Fastify makes a child logger for every request; pino serialises the child's bindings (the
 * request id) through the redaction at once, which cost about 8 % of a context poll's CPU in a
 * profile although a sampled access log writes for 1 request in 100. Most requests never log,
 * so they never pay; the first line of one that does is the same line pino's child would write.
 */
class LazyChild {
  private real: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindingsOf: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}
  private get log(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindingsOf, this.opts));
  }
  get level() {
    return this.real?.level ?? this.parent.level;
  }
  set level(l: string) {
    this.log.level = l;
  }
  fatal(...a: Parameters<FastifyBaseLogger['fatal']>) {
    this.log.fatal(...a);
  }
  error(...a: Parameters<FastifyBaseLogger['error']>) {
    this.log.error(...a);
  }
  warn(...a: Parameters<FastifyBaseLogger['warn']>) {
    this.log.warn(...a);
  }
  info(...a: Parameters<FastifyBaseLogger['info']>) {
    this.log.info(...a);
  }
  debug(...a: Parameters<FastifyBaseLogger['debug']>) {
    this.log.debug(...a);
  }
  trace(...a: Parameters<FastifyBaseLogger['trace']>) {
    this.log.trace(...a);
  }
  silent(...a: Parameters<FastifyBaseLogger['silent']>) {
    this.log.silent(...a);
  }
  child(bindings: Bindings, opts?: ChildLoggerOptions) {
    return this.log.child(bindings, opts);
  }
}

/** Fastify's `childLoggerFactory`: one small object per request instead of a pino child. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChild(logger, bindings, opts) as unknown as FastifyBaseLogger;
}
