import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { defineCall } from '../../platform/http.ts';
import { retrieveCasino, walletList } from './admin-wallets.ts';

/** Admin egg and casino-money management by solution (eggs themselves move through /api/admin/ledger/adjust). */
export function adminWalletRoutes(app: FastifyInstance, deps: Deps) {
  const admin = { auth: 'required' } as const;
  defineCall(app, deps, '/api/admin/casino/wallets/list', admin, ({ body }) =>
    walletList(deps, { tab: body?.tab ?? 'all', vendor: body?.vendor, search: body?.search || undefined, skip: body?.skip ?? 0 }),
  );
  defineCall(app, deps, '/api/admin/casino/wallets/retrieve', admin, ({ actor, body }) => retrieveCasino(deps, actor, body));
}
