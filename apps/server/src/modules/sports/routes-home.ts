import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { getGameSettings } from '../settings/index.ts';
import { homeFixtures, searchFixtures } from './catalogue.ts';

/** The member home page's live and upcoming strips and the match search (decision 053). */
export function sportsHomeRoutes(app: FastifyInstance, deps: Deps) {
  const now = () => deps.clock.now().getTime();
  defineCall(app, deps, '/api/user/sports/home', { auth: 'required' }, async ({ lang }) => ({
    ...(await homeFixtures(deps.db, now(), lang)),
    // The prematch strip bets on the European board: its closing time, and the server's clock.
    closing_seconds: (await getGameSettings(deps.db, 'sports:europe')).closing_seconds,
    server_time: deps.clock.now().toISOString(),
  }));
  defineCall(app, deps, '/api/user/sports/search', { auth: 'required' }, async ({ body, lang }) => ({
    fixtures: await searchFixtures(deps.db, now(), body.q, lang),
  }));
}
