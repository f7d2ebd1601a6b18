import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.ts';
import { openApiPlugin } from '../plugins/openapi.ts';
import { unauthorized } from './http-error.ts';
import { signedInRoutes } from './signed-in-routes.ts';

// A stand-in for plugins/authenticate.ts: "Bearer <user id>" signs that user in.
async function authenticate(request: FastifyRequest) {
  const user = request.headers.authorization?.replace(/^Bearer /, '');
  if (!user) throw unauthorized('You need to log in to do that.');
  request.auth = { userId: user, sessionId: `session-of-${user}`, generation: 0 };
}

const app = Fastify();
const handled: string[] = [];
const rateLimitedAs: (string | undefined)[] = [];

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(openApiPlugin);
  await app.register(
    async (scope) => {
      signedInRoutes(scope, authenticate, ['things']).put(
        '/things/:id',
        {
          summary: 'Rename a thing',
          params: z.object({ id: z.coerce.number().int() }),
          body: z.object({ name: z.string().trim().min(1) }),
          response: { 200: z.object({ data: z.object({ id: z.number(), name: z.string(), owner: z.string() }) }) },
        },
        async ({ userId, params, body }) => {
          handled.push(userId);
          return { data: { id: params.id, name: body.name, owner: userId } };
        },
        { preHandler: [async (request) => void rateLimitedAs.push(request.auth?.userId)] },
      );
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(() => app.close());

const rename = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: '/api/things/7', headers, payload: { name: '  Car  ' } });

describe('signedInRoutes', () => {
  it('answers 401 in the envelope without a token, and never runs the handler or the later hooks', async () => {
    const before = { handled: handled.length, limited: rateLimitedAs.length };
    const res = await rename();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'You need to log in to do that.' });
    expect(handled.length).toBe(before.handled);
    expect(rateLimitedAs.length).toBe(before.limited);
  });

  it('hands the handler the signed-in user and the parsed input, and the extra hooks see the user', async () => {
    const res = await rename({ authorization: 'Bearer user-a' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 7, name: 'Car', owner: 'user-a' } });
    expect(rateLimitedAs.at(-1)).toBe('user-a');
  });

  it('lists the route in the OpenAPI document with bearer security, its tags and the 401', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const op = doc.paths['/api/things/{id}'].put;
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.tags).toEqual(['things']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(op.responses['401'].content['application/json'].schema.properties).toHaveProperty('message');
  });
});
