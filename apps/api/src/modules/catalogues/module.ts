import { defineModule, routes } from '../../api-module.ts';
import { catalogueRoutes } from './catalogues.routes.ts';
import { CatalogueService } from './catalogues.service.ts';

/** The catalogues of onboarding goals and debt types, the same for everyone (/api/v1/goals, /api/v1/debts). */
export const cataloguesModule = defineModule({
  name: 'catalogues',
  services: ({ db }) => ({ catalogues: new CatalogueService(db) }),
  routes: (_deps, { catalogues }) => [routes('/api/v1', catalogueRoutes, { service: catalogues })],
});
