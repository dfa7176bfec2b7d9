import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { getGameSettings, getSettings, listGameSettings, readAdminShell, updateGameSettings, updateSettings } from './service.ts';

export function settingsRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;

  defineCall(app, deps, '/api/admin/settings/get', admin, async () => ({ settings: await getSettings(deps.db) }));
  defineCall(app, deps, '/api/admin/settings/update', admin, async ({ actor, body }) => ({
    settings: await updateSettings(deps.db, deps.clock, actor, body.settings),
  }));
  defineCall(app, deps, '/api/admin/settings/shell', admin, async () => readAdminShell(deps.db));
  defineCall(app, deps, '/api/admin/game-settings/list', admin, async () => ({ games: await listGameSettings(deps.db) }));
  defineCall(app, deps, '/api/admin/game-settings/get', admin, async ({ body }) => ({ settings: await getGameSettings(deps.db, body.game) }));
  defineCall(app, deps, '/api/admin/game-settings/update', admin, async ({ actor, body }) => ({
    settings: await updateGameSettings(deps.db, deps.clock, actor, body.game, body.settings),
  }));
}
