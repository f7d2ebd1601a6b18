import { defineModule, routes } from '../../api-module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness for the load balancer (/api/health). */
export const healthModule = defineModule({
  name: 'health',
  routes: ({ database }) => [routes('/api/health', healthRoutes, { database })],
});
