import { toolWaitlist } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { toolsRoutes } from './tools.routes.ts';
import { ToolsService } from './tools.service.ts';

/** The upcoming tools and their waitlists (/api/v1/tools). */
export const toolsModule = defineModule({
  name: 'tools',
  services: ({ db, clock }) => ({ tools: new ToolsService(db, clock) }),
  routes: (_deps, { tools, authenticate }) => [routes('/api/v1/tools', toolsRoutes, { service: tools, authenticate })],
  userTables: [
    {
      name: 'tool_waitlist',
      table: toolWaitlist,
      scope: byUser(toolWaitlist.userId),
      withheld: [],
      about: 'The upcoming tools whose waitlist you joined, and when.',
      orderBy: [toolWaitlist.joinedAt, toolWaitlist.toolId],
    },
  ],
});
