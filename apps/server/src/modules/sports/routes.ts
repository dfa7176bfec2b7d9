import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { sportsAdminRoutes } from './routes-admin.ts';
import { sportsBetRoutes } from './routes-bets.ts';
import { sportsCashoutRoutes } from './routes-cashout.ts';
import { sportsCatalogueRoutes } from './routes-catalogue.ts';
import { sportsHomeRoutes } from './routes-home.ts';

export function sportsRoutes(app: FastifyInstance, deps: Deps) {
  sportsAdminRoutes(app, deps);
  sportsBetRoutes(app, deps);
  sportsCashoutRoutes(app, deps);
  sportsCatalogueRoutes(app, deps);
  sportsHomeRoutes(app, deps);
}
