import Fastify from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers every reply carries anyway; not helmet's. */
const OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's headers are the same on every reply, but @fastify/helmet rebuilds the helmet
 * middleware (and re-parses the CSP directives) on every request: about 6 % of a context poll's
 * CPU (decision 012). They are taken once here from a throwaway instance running the plugin
 * with the same options, and set from one hook (`app.ts`), so the headers stay exactly helmet's.
 */
export async function securityHeaders(opts: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, opts);
  probe.get('/', async () => 'ok');
  try {
    const r = await probe.inject({ method: 'GET', url: '/' });
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) if (!OWN.has(k) && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : String(v);
    return out;
  } finally {
    await probe.close();
  }
}
