import { defineModule, routes } from '../../api-module.ts';
import { homeRoutes } from './home.routes.ts';
import { type HomeAreas, HomeService } from './home.service.ts';

/** Home: every area's headline figure in one answer (/api/v1/home). */
export const homeModule = defineModule({
  name: 'home',
  services: ({ db, clock }, areas: HomeAreas) => ({ home: new HomeService(db, clock, areas) }),
  routes: (_deps, { home, authenticate }) => [routes('/api/v1/home', homeRoutes, { service: home, authenticate })],
});
