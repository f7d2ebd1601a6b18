import { defineModule, routes } from '../../api-module.ts';
import { appConfigRoutes } from './app-config.routes.ts';

/** What the web app needs to know of the server's configuration (/api/v1/config). */
export const appConfigModule = defineModule({
  name: 'app-config',
  routes: ({ config }) => [routes('/api/v1', appConfigRoutes, { config })],
});
