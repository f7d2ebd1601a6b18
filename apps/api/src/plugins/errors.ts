import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeFieldError } from '../lib/field-errors.ts';
import { HttpError, ReauthRequiredError } from '../lib/http-error.ts';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

// Fastify's own client errors, with messages a person can act on.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type: send JSON (application/json)' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header does not match the body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty: send a JSON object' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
};

// Errors the router raises before any route, hook or error handler runs.
const ROUTER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid: a % must start an escape such as %20' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
};

// A foreign key violation (SQLSTATE 23503) is a race, not a bug: the row a write points at was
// deleted between the service's checks and the insert (a goal removed in another tab, or the whole
// account deleted while a save was in flight). The client can reload and see the world as it is.
const VANISHED_REFERENCE = {
  status: 409,
  message: 'Something this change refers to was removed a moment ago. Reload the page and try again.',
};

/** PostgreSQL's SQLSTATE of a database error, through its wrappers (drizzle keeps the driver's in `cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode ('%zz') or a path segment over its
 * limit. Hooks do not run for these (Fastify answers before routing), so the envelope and the
 * `no-store` of every API answer are set here.
 */
export function routerErrorReply(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = err.code ? ROUTER_ERRORS[err.code] : undefined;
  if (!known) request.log.error({ err }, 'router error');
  return reply
    .status(known?.status ?? 500)
    .header('cache-control', 'no-store')
    .send({ message: known?.message ?? GENERIC_500 });
}

/** The error envelope of decisions.md, for every error; a 500 never shows a stack trace or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err instanceof ReauthRequiredError ? { reauth_required: true } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const errors = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0];
      return reply.status(400).send({ message: first ? describeFieldError(first) : 'Invalid input', errors });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    // Malformed JSON surfaces as a SyntaxError with statusCode 400 from the content-type parser.
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is not valid JSON' });
    }
    if (err.statusCode === 429) {
      return reply.status(429).send({ message: err.message || 'Too many requests. Please try again later.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message });
    }
    if (sqlState(err) === '23503') {
      request.log.warn({ err }, 'a write lost a race with a deletion');
      return reply.status(VANISHED_REFERENCE.status).send({ message: VANISHED_REFERENCE.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC_500 });
  });
});
