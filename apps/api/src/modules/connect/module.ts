import { connectRequests } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { connectRoutes } from './connect.routes.ts';
import { ConnectService } from './connect.service.ts';

/** A request to be put in touch with an advisor (/api/v1/user-connect). */
export const connectModule = defineModule({
  name: 'connect',
  services: ({ db, clock, mailer, config }) => ({
    connect: new ConnectService(db, clock, mailer, config.supportEmail),
  }),
  routes: (_deps, { connect, authenticate }) => [
    routes('/api/v1/user-connect', connectRoutes, { service: connect, authenticate }),
  ],
  userTables: [
    {
      name: 'connect_requests',
      table: connectRequests,
      scope: byUser(connectRequests.userId),
      withheld: [],
      about: 'Your request to be put in touch with an advisor.',
      orderBy: [connectRequests.id],
    },
  ],
});
