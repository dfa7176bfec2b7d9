import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { adminVendors, agentCasinoMove, agentRound, closeSession, history, launch, memberVendors, productGames, updateVendor } from './service.ts';
import { assertCasinoDomain } from '../site/index.ts';
import { walletRoutes } from './wallet-routes.ts';
import { adminWalletRoutes } from './routes-admin-wallets.ts';

export function casinoRoutes(app: FastifyInstance, deps: Deps) {
  walletRoutes(app, deps);
  const signedIn = { auth: 'required' } as const;

  defineCall(app, deps, '/api/user/casino/vendors', signedIn, async ({ body }) => ({ vendors: await memberVendors(deps, body?.type) }));
  defineCall(app, deps, '/api/user/casino/games', signedIn, ({ body }) => productGames(deps, body.product, body.type));
  defineCall(app, deps, '/api/user/game/getCasinoLobbyUrl', signedIn, async ({ auth, body, client }) => {
    await assertCasinoDomain(deps, client.domain); // spec §5: only configured domains open the casino site
    return launch(deps, auth.subjectId, auth.language ?? 'ko', body);
  });
  defineCall(app, deps, '/api/user/casino/closeSession', signedIn, ({ auth, body }) => closeSession(deps, auth.subjectId, body.token));
  defineCall(app, deps, '/api/user/casino/history', signedIn, ({ auth, body }) =>
    history(deps, { userId: auth.subjectId }, { ...body, skip: body?.skip ?? 0 }),
  );

  defineCall(app, deps, '/api/agent/user/casino/depositBalance', signedIn, ({ actor, body }) => agentCasinoMove(deps, actor, 'deposit', body));
  defineCall(app, deps, '/api/agent/user/casino/withdrawBalance', signedIn, ({ actor, body }) => agentCasinoMove(deps, actor, 'withdraw', body));
  defineCall(app, deps, '/api/agent/casino/history', signedIn, ({ auth, body }) =>
    history(deps, { agentId: auth.subjectId }, { ...body, skip: body?.skip ?? 0 }),
  );
  defineCall(app, deps, '/api/agent/casino/detail', signedIn, ({ auth, body }) => agentRound(deps, auth.subjectId, BigInt(body.id)));

  defineCall(app, deps, '/api/admin/casino/vendors', signedIn, () => adminVendors(deps));
  defineCall(app, deps, '/api/admin/casino/vendors/update', signedIn, async ({ actor, body }) => ({
    vendor: await updateVendor(deps, actor, body.code, body),
  }));
  adminWalletRoutes(app, deps);
  defineCall(app, deps, '/api/admin/casino/history', signedIn, ({ body }) => history(deps, {}, { ...body, skip: body?.skip ?? 0 }));
}
