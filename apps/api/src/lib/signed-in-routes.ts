import { errorBody } from '@helo/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from './auth-context.ts';
import { unauthorized } from './http-error.ts';

/** The parts of a route's schema a module writes; security and the 401 answer are added here. */
export interface SignedInSchema {
  summary: string;
  description?: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: Record<number, z.ZodType>;
}

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a signed-in handler receives: the user, the validated input, and the raw request/reply. */
export interface SignedInInput<S extends SignedInSchema> {
  auth: AuthContext;
  userId: string;
  body: Parsed<S['body']>;
  query: Parsed<S['querystring']>;
  params: Parsed<S['params']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type SuccessStatus = 200 | 201 | 202 | 204;
/** What the handler may answer: a body of one of its 2xx schemas, or the reply it sent itself. */
type Answer<S extends SignedInSchema> =
  | { [K in keyof S['response'] & SuccessStatus]: z.input<S['response'][K]> }[keyof S['response'] & SuccessStatus]
  | FastifyReply;

type Handler<S extends SignedInSchema> = (input: SignedInInput<S>) => Promise<Answer<S>>;

interface Extra {
  /** Hooks that run after authentication (rate limits keyed by the user). */
  preHandler?: preHandlerAsyncHookHandler[];
  /** Route config (rate-limit or cache options). */
  config?: RouteOptions['config'];
  /** false: the answer is sent as it is, never compressed (a download whose Content-Length must hold). */
  compress?: false;
}

/**
 * Declares the routes of a module that only a signed-in user may call. Each route gets the bearer
 * security in the OpenAPI document, a documented 401 (and 403: `authenticate` also refuses an
 * unverified email unless the route's config allows it, plugins/require-verified.ts), `authenticate`
 * as its first preHandler, and a
 * handler that receives the user's id next to the already-validated body, query and params, so no
 * route repeats `preHandler: authenticate` + a check of `request.auth`, or forgets one of them.
 * Routes open to everyone stay plain Fastify routes (`identify` when they want to know who asks).
 */
export function signedInRoutes(app: FastifyInstance, authenticate: preHandlerAsyncHookHandler, tags: string[]) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    <S extends SignedInSchema>(url: string, schema: S, handler: Handler<S>, extra: Extra = {}) => {
      typed.route({
        method,
        url,
        schema: {
          ...schema,
          tags,
          security: [{ bearerAuth: [] }],
          // 403 "Verify your email first" on every route but the few an unverified account may use.
          response: {
            401: errorBody,
            ...(extra.config?.unverifiedAllowed ? {} : { 403: errorBody }),
            ...schema.response,
          },
        },
        preHandler: [authenticate, ...(extra.preHandler ?? [])],
        ...(extra.config ? { config: extra.config } : {}),
        ...(extra.compress === false ? { compress: false } : {}),
        // The answer was type-checked against the schema above (Answer<S>); Fastify's own generics can
        // not follow the spread schema, hence the cast.
        handler: (async (request: FastifyRequest, reply: FastifyReply) => {
          // `authenticate` has refused the request already when nobody is signed in; this guards a
          // hook list that lost it.
          const auth = request.auth;
          if (!auth) throw unauthorized();
          return handler({
            auth,
            userId: auth.userId,
            // The route's schema has validated (and transformed) these before the handler runs.
            body: request.body as Parsed<S['body']>,
            query: request.query as Parsed<S['querystring']>,
            params: request.params as Parsed<S['params']>,
            request,
            reply,
          });
        }) as never,
      });
    };
  return { get: route('GET'), post: route('POST'), put: route('PUT'), patch: route('PATCH'), delete: route('DELETE') };
}
