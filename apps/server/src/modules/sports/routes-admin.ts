import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { cancelFixture, enterResult, recalculate, setFixtureState } from './results.ts';
import { fixtureDetail, highBets, liability, listFixtures, listLeagues, listTeams, setLeaguesStopped, setTeamNames } from './sports-admin.ts';

/** The sports back office calls (contracts: calls-sports-admin.ts). */
export function sportsAdminRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  const done = (r: { queueId: bigint; finished: boolean }) => ({ queue_id: Number(r.queueId), finished: r.finished });

  defineCall(app, deps, '/api/admin/sports/fixtures', admin, ({ lang, body }) => listFixtures(deps.db, deps.clock, lang, body));
  defineCall(app, deps, '/api/admin/sports/fixture', admin, ({ lang, body }) => fixtureDetail(deps.db, lang, BigInt(body.fixture_id)));
  defineCall(app, deps, '/api/admin/sports/result/enter', admin, async ({ actor, body }) =>
    done(
      await enterResult(deps.db, deps.clock, actor, BigInt(body.fixture_id), body.result, {
        mode: body.mode,
        force: body.force,
        memo: body.memo,
        requestId: body.request_id,
      }),
    ),
  );
  defineCall(app, deps, '/api/admin/sports/result/cancel', admin, async ({ actor, body }) =>
    done(
      await cancelFixture(deps.db, deps.clock, actor, BigInt(body.fixture_id), {
        mode: body.mode,
        force: body.force,
        memo: body.memo,
        requestId: body.request_id,
      }),
    ),
  );
  defineCall(app, deps, '/api/admin/sports/result/recalculate', admin, async ({ actor, body }) =>
    done(await recalculate(deps.db, deps.clock, actor, BigInt(body.fixture_id), { force: body.force, requestId: body.request_id })),
  );
  defineCall(app, deps, '/api/admin/sports/fixture/setState', admin, async ({ actor, body }) => {
    await setFixtureState(deps.db, deps.clock, actor, BigInt(body.fixture_id), { onSale: body.on_sale, managed: body.managed });
    return { ok: true as const };
  });
  defineCall(app, deps, '/api/admin/sports/leagues', admin, ({ lang, body }) => listLeagues(deps.db, lang, body.sport));
  defineCall(app, deps, '/api/admin/sports/leagues/setStopped', admin, ({ actor, body }) =>
    setLeaguesStopped(deps.db, deps.clock, actor, { leagueIds: body.league_ids.map(BigInt), all: body.all, types: body.types, stopped: body.stopped }),
  );
  defineCall(app, deps, '/api/admin/sports/teams', admin, ({ body }) => listTeams(deps.db, body));
  defineCall(app, deps, '/api/admin/sports/teams/setNames', admin, ({ actor, body }) =>
    setTeamNames(deps.db, deps.clock, actor, BigInt(body.team_id), body.names),
  );
  defineCall(app, deps, '/api/admin/sports/highBets', admin, ({ body }) => highBets(deps.db, body));
  defineCall(app, deps, '/api/admin/sports/liability', admin, ({ lang, body }) =>
    liability(deps.db, lang, body.fixture_id === undefined ? undefined : BigInt(body.fixture_id)),
  );
}
