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

let cached: object | undefined;

/** OpenAPI 3.1 generated from the same zod schemas the server validates with. */
export function openApiDocument() {
  if (cached) return cached;
  const paths: Record<string, unknown> = {};
  for (const [p, spec] of Object.entries(calls)) {
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
  cached = { openapi: '3.1.0', info: { title: 'Wager platform API', version: '0.1.0' }, paths };
  return cached;
}
