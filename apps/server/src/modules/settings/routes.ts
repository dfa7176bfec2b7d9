import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { getSettings, updateSettings } from './service.ts';

export function settingsRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;

  defineCall(app, deps, '/api/admin/settings/get', admin, async () => ({ settings: await getSettings(deps.db) }));
  defineCall(app, deps, '/api/admin/settings/update', admin, async ({ actor, body }) => ({
    settings: await updateSettings(deps.db, deps.clock, actor, body.settings),
  }));
}
