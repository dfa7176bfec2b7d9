import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { actOnLosing, listLosing, periodAnswer, runPeriod, setLosingOpen } from './losing.ts';
import { initStatus, jobAnswer, startInit } from './losing-init.ts';
import { periods } from './losing-repo.ts';

/** Losing settlement calls (decision 031): agents list, pay and recover; the admin also runs periods and the initialisation. */
export function losingRoutes(app: FastifyInstance, deps: Deps) {
  const signedIn = { auth: 'required' } as const;
  const filter = (b: { from?: string; to?: string; skip: number; limit: number }) => ({ from: b.from, to: b.to, skip: b.skip, limit: b.limit });

  defineCall(app, deps, '/api/agent/losing/list', signedIn, ({ actor, body }) => listLosing(deps.db, actor, filter(body)));
  defineCall(app, deps, '/api/agent/losing/pay', signedIn, ({ actor, body }) => actOnLosing(deps, actor, 'pay', BigInt(body.settlement_id), body.request_id));
  defineCall(app, deps, '/api/agent/losing/recover', signedIn, ({ actor, body }) =>
    actOnLosing(deps, actor, 'recover', BigInt(body.settlement_id), body.request_id),
  );

  defineCall(app, deps, '/api/admin/settlement/losing/list', signedIn, ({ actor, body }) => listLosing(deps.db, actor, filter(body)));
  defineCall(app, deps, '/api/admin/settlement/losing/pay', signedIn, ({ actor, body }) =>
    actOnLosing(deps, actor, 'pay', BigInt(body.settlement_id), body.request_id),
  );
  defineCall(app, deps, '/api/admin/settlement/losing/recover', signedIn, ({ actor, body }) =>
    actOnLosing(deps, actor, 'recover', BigInt(body.settlement_id), body.request_id),
  );
  defineCall(app, deps, '/api/admin/settlement/losing/run', signedIn, async ({ actor, body }) => {
    const r = await runPeriod(deps.db, deps.clock, actor, { from: body.from, to: body.to });
    return { period: periodAnswer(r.period), created: r.created };
  });
  defineCall(app, deps, '/api/admin/settlement/losing/periods', signedIn, async () => ({ rows: (await periods(deps.db)).map(periodAnswer) }));
  defineCall(app, deps, '/api/admin/settlement/losing/open', signedIn, ({ actor, body }) =>
    setLosingOpen(deps.db, deps.clock, actor, BigInt(body.user_id), body.open),
  );
  defineCall(app, deps, '/api/admin/settlement/initialise', signedIn, async ({ actor }) => ({
    job: jobAnswer(await startInit(deps.db, deps.clock, actor)),
  }));
  defineCall(app, deps, '/api/admin/settlement/initialise/status', signedIn, async () => {
    const job = await initStatus(deps.db);
    return { job: job ? jobAnswer(job) : null };
  });
}
