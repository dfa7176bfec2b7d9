import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { importStatus, previewImport, startImport } from './import.ts';

/** 10,000 sheet rows as JSON are about 1.5 MiB; the app's limit is 1 MiB. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
/** The calls that take a whole sheet (the contract test sends each a body over its own limit). */
export const IMPORT_CALLS = ['/api/admin/member/import/preview', '/api/admin/member/import/start'] as const;

export function importRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required', bodyLimit: IMPORT_BODY_LIMIT } as const;
  defineCall(app, deps, IMPORT_CALLS[0], admin, ({ body }) => previewImport(deps, body.rows));
  defineCall(app, deps, IMPORT_CALLS[1], admin, async ({ actor, body }) => ({
    job: await startImport(deps, actor, body.rows, body.request_id, body.default_password),
  }));
  defineCall(app, deps, '/api/admin/member/import/status', { auth: 'required', changes: 'none' }, async ({ body }) => ({
    job: await importStatus(deps, BigInt(body.job_id)),
  }));
}
