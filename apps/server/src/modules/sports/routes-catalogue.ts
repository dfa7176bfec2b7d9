import type { FastifyInstance } from 'fastify';
import type { SportsPushEvent } from '@wager/contracts';
import type { Deps } from '../../platform/deps.ts';
import { bearer, defineCall } from '../../platform/http.ts';
import { normaliseIp } from '../../platform/ip.ts';
import { homeOf } from '../../platform/db.ts';
import { subscribe } from '../../platform/push.ts';
import { authenticate } from '../auth/index.ts';
import { getGameSettings } from '../settings/index.ts';
import { fixtureDetail, fixtureScores, listFixtures, listSports } from './catalogue.ts';
import { SPORTS_TOPIC } from './ingest.ts';
import { listResults } from './results-board.ts';

const HEARTBEAT_MS = 15_000;

export function sportsCatalogueRoutes(app: FastifyInstance, deps: Deps) {
  const now = () => deps.clock.now().getTime();
  defineCall(app, deps, '/api/user/sports/sports', { auth: 'required' }, async ({ body, lang }) => listSports(deps.db, now(), body.board, lang));
  // The board's closing time and the server's clock travel with the lists, so an odds button is
  // disabled exactly when the slip would refuse it (contracts folderRefusalCode, decision 052).
  const closing = async (board: string) => ({
    closing_seconds: (await getGameSettings(deps.db, `sports:${board}`)).closing_seconds,
    server_time: deps.clock.now().toISOString(),
  });
  defineCall(app, deps, '/api/user/sports/fixtures', { auth: 'required' }, async ({ body, lang }) => ({
    ...(await listFixtures(deps.db, now(), body, lang)),
    ...(await closing(body.board)),
  }));
  defineCall(app, deps, '/api/user/sports/fixture', { auth: 'required' }, async ({ body, lang }) => ({
    fixture: await fixtureDetail(deps.db, now(), BigInt(body.id), lang),
    // The detail page bets on the European boards: prematch closing is that of `europe`.
    ...(await closing('europe')),
  }));
  defineCall(app, deps, '/api/user/sports/results', { auth: 'required' }, async ({ body, lang }) => listResults(deps.db, lang, body));
  defineCall(app, deps, '/api/user/sports/scores', { auth: 'required' }, async ({ body }) => ({
    fixtures: await fixtureScores(
      deps.db,
      now(),
      body.ids.map((id) => BigInt(id)),
    ),
  }));

  /**
   * Server push (SSE): odds, market, status and score deltas as they are ingested. EventSource
   * cannot send headers, so the member token may come as `?token=` (this GET only); it is
   * checked by the same auth function as every call. `fixtures=1,2` narrows the stream to those
   * fixtures (catalogue notices always pass). A comment line every 15 s keeps proxies open.
   */
  app.get('/api/user/sports/stream', async (req, reply) => {
    const q = req.query as { token?: string; fixtures?: string };
    const token = bearer(req) ?? (typeof q.token === 'string' ? q.token : undefined);
    await authenticate(deps, 'user', token, normaliseIp(req.ip));
    const only =
      typeof q.fixtures === 'string' && q.fixtures.length > 0 ? new Set(q.fixtures.split(',').slice(0, 500).map(Number).filter(Number.isSafeInteger)) : null;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    const unsubscribe = subscribe(homeOf(deps.db), [SPORTS_TOPIC], (_topic, payload) => {
      const e = payload as SportsPushEvent;
      if (only && e.type !== 'catalogue' && !only.has(e.fixture_id)) return;
      res.write(`event: sports\ndata: ${JSON.stringify(e)}\n\n`);
    });
    const beat = setInterval(() => res.write(': hb\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(beat);
      unsubscribe();
    };
    req.raw.on('close', close);
    res.on('error', close);
  });
}
