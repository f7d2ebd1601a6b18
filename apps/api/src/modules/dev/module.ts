import { defineModule, routes } from '../../api-module.ts';
import { devOutboxRoutes } from './outbox.routes.ts';
import { DevOutboxService } from './outbox.service.ts';

/** The development outbox (/api/dev/outbox): the mail the app wrote, outside production only. */
export const devModule = defineModule({
  name: 'dev',
  services: ({ db }) => ({ devOutbox: new DevOutboxService(db) }),
  routes: ({ config }, { devOutbox }) =>
    config.env !== 'production' ? [routes('/api/dev', devOutboxRoutes, { service: devOutbox })] : [],
});
