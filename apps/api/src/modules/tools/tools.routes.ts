import { errorBody } from '@helo/contract/envelope';
import { toolParams, toolResponse, toolsResponse } from '@helo/contract/tools';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { ToolsService } from './tools.service.ts';

/** The tools waitlist (issue 17): HTTP only; the rules are in the service. */
export async function toolsRoutes(
  app: FastifyInstance,
  opts: { service: ToolsService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['tools']);

  routes.get(
    '/',
    {
      summary: 'Every upcoming tool, with whether the user is on its waitlist and since when',
      response: { 200: toolsResponse },
    },
    async ({ userId }) => ({ data: await service.list(userId) }),
  );

  routes.post(
    '/:id/waitlist',
    {
      summary: "Join a tool's waitlist (201; 200 when already on it, joined_at unchanged; 404 for an unknown tool)",
      params: toolParams,
      response: { 200: toolResponse, 201: toolResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params, reply }) => {
      const { tool, created } = await service.join(userId, params.id);
      const message = created ? `You're on the ${tool.name} waitlist` : `You were already on the ${tool.name} waitlist`;
      return reply.status(created ? 201 : 200).send({ message, data: tool });
    },
  );

  routes.delete(
    '/:id/waitlist',
    {
      summary: "Leave a tool's waitlist (200 also when not on it; 404 for an unknown tool)",
      params: toolParams,
      response: { 200: toolResponse, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => {
      const tool = await service.leave(userId, params.id);
      return { message: `You left the ${tool.name} waitlist`, data: tool };
    },
  );
}
