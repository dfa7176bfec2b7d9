import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';

export function bankingRoutes(app: FastifyInstance, deps: Deps) {
  void app;
  void deps;
}
