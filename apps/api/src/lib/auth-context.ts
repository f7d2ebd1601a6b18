/**
 * Who is signed in: ids only. A route that needs the user's name or email reads the row itself, so
 * nothing a request sees about the user can be older than the request. The auth module's
 * `authenticate` (modules/auth/authenticate.ts) sets it; routes and services read it. It lives here,
 * below both, so that the plugins and lib need nothing from the auth module.
 */
export interface AuthContext {
  userId: string;
  sessionId: string;
  /** Which link of the session's refresh chain the access token came with. */
  generation: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
