import { z } from 'zod';
import { calls } from '@wager/contracts';

const envelope = (data: unknown) => ({
  type: 'object',
  required: ['result', 'data'],
  properties: { result: { const: true }, data, renewSessionToken: { type: 'string' } },
});
const failure = {
  type: 'object',
  properties: {
    result: { const: false },
    data: { type: 'object' },
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } } },
  },
};

const cached = new Map<boolean, object>();

/**
 * OpenAPI 3.1 generated from the same zod schemas the server validates with. The admin calls
 * (`/api/admin/…`) are described only with `withAdmin`: a signed-in admin's copy (issue 21).
 */
export function openApiDocument(withAdmin = false) {
  const seen = cached.get(withAdmin);
  if (seen) return seen;
  const paths: Record<string, unknown> = {};
  for (const [p, spec] of Object.entries(calls)) {
    if (!withAdmin && p.startsWith('/api/admin/')) continue;
    const toSchema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' });
    paths[p] = {
      post: {
        operationId: p.replace(/^\/api\//, '').replace(/\//g, '_'),
        requestBody: { content: { 'application/json': { schema: toSchema(spec.body as z.ZodType, 'input') } } },
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: envelope(toSchema(spec.data as z.ZodType, 'output')) } } },
          '4XX': { description: 'Rejected', content: { 'application/json': { schema: failure } } },
        },
      },
    };
  }
  const doc = { openapi: '3.1.0', info: { title: 'Wager platform API', version: '0.1.0' }, paths };
  cached.set(withAdmin, doc);
  return doc;
}
