import type { LightMyRequestResponse } from 'fastify';
import type { Expectation } from './fuzz-request.ts';

// A stack frame or a source location; in error bodies also the words PostgreSQL and drivers use.
const STACK = /\n\s+at [^\n]+\(|node:internal|\.[cm]?[jt]s:\d+:\d+/;
const SQL =
  /\b(select|insert into|update|delete from)\b.*\b(from|set|values|where)\b|syntax error at|violates [a-z ]*constraint|relation "|duplicate key|invalid byte sequence|out of range for type|invalid input syntax|unterminated|pglite|postgres|drizzle|ECONNREFUSED/i;

const ENVELOPE_KEYS = new Set(['message', 'errors']);

/**
 * What every answer of the API must satisfy, whatever was sent (docs/decisions.md): never a 5xx;
 * every error is `{ message, errors?: [{ path, message }] }` and nothing else; no stack trace or SQL
 * in any body; `Cache-Control: no-store` on everything but images. Returns the problems found.
 */
export function responseProblems(res: LightMyRequestResponse, expect?: Expectation): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
  if (STACK.test(res.body)) problems.push('the body holds a stack trace or a source location');

  const contentType = String(res.headers['content-type'] ?? '');
  const cacheControl = String(res.headers['cache-control'] ?? '');
  const image = contentType.startsWith('image/') && res.statusCode === 200;
  if (!image && cacheControl !== 'no-store') problems.push(`Cache-Control is "${cacheControl}", not "no-store"`);

  if (res.statusCode >= 400) {
    if (SQL.test(res.body)) problems.push('an error body holds SQL or database words');
    problems.push(...envelopeProblems(res, contentType));
  }
  if (expect) {
    if (!expect.status.includes(res.statusCode)) {
      problems.push(`answered ${res.statusCode}, expected ${expect.status.join(' or ')}`);
    } else if (expect.field && res.statusCode === 400) {
      const paths = errorPaths(res);
      const named =
        expect.field === ''
          ? paths.length > 0
          : paths.some((p) => p === expect.field || p.startsWith(`${expect.field}.`));
      if (!named) problems.push(`the 400 does not name ${expect.field} (paths: ${JSON.stringify(paths)})`);
    }
  }
  return problems;
}

function envelopeProblems(res: LightMyRequestResponse, contentType: string): string[] {
  if (!contentType.startsWith('application/json')) return [`an error answered as ${contentType || 'no type'}`];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return ['an error body that is not JSON'];
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['an error body that is not an object'];
  const record = body as Record<string, unknown>;
  const problems: string[] = [];
  // decisions.md: a plain 404 may also carry `data: null`.
  const extra = Object.keys(record).filter(
    (k) => !ENVELOPE_KEYS.has(k) && !(k === 'data' && record.data === null && res.statusCode === 404),
  );
  if (extra.length) problems.push(`the error envelope has extra keys ${extra.join(', ')}`);
  if (typeof record.message !== 'string' || record.message.trim() === '') problems.push('no error message');
  if ('errors' in record) {
    const errors = record.errors;
    const wellFormed =
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every(
        (e) =>
          e !== null &&
          typeof e === 'object' &&
          Object.keys(e).sort().join() === 'message,path' &&
          typeof e.path === 'string' &&
          e.path !== '' &&
          typeof e.message === 'string' &&
          e.message !== '',
      );
    if (!wellFormed) problems.push('errors is not a non-empty list of { path, message }');
  }
  return problems;
}

function errorPaths(res: LightMyRequestResponse): string[] {
  try {
    const errors = (JSON.parse(res.body) as { errors?: { path?: unknown }[] }).errors ?? [];
    return errors.map((e) => String(e.path));
  } catch {
    return [];
  }
}
