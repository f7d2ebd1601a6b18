import type { InjectOptions } from 'fastify';
import { fillPath, type Operation } from './openapi.ts';
import { RawJson, type ResolveKnown, toJsonText, toUrlPart } from './wire.ts';

/** One request the fuzzer sends, before the user's live values are filled in. */
export interface FuzzRequest {
  pathValues: Record<string, unknown>;
  /** Query parameters by name; an array repeats the key. */
  query: Record<string, unknown>;
  /** Sent as written, after the encoded parameters ("__proto__[x]=1"). */
  rawQuery?: string;
  /** `undefined` sends no body; RawJson anywhere inside is sent as written. */
  body: unknown;
  /** Text placed as the first member of the body's object ('"__proto__":{…}'). */
  firstMember?: string;
  contentType?: string;
  auth: 'user' | 'none' | 'garbage' | 'tampered' | 'basic';
}

/** What a request that must be refused has to get back. */
export interface Expectation {
  status: number[];
  /** The error path the answer must name (the field, a parameter, or "body"). */
  field?: string;
}

export interface Described {
  request: FuzzRequest;
  /** How the input was made, for the failure report ("body.email: NUL inside"). */
  label: string;
  expect?: Expectation | undefined;
}

export function toInject(
  op: Operation,
  req: FuzzRequest,
  known: ResolveKnown,
  accessToken: string,
): InjectOptions & { url: string } {
  const pathValues = Object.fromEntries(Object.entries(req.pathValues).map(([k, v]) => [k, toUrlPart(v, known)]));
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(req.query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeURIComponent(name)}=${toUrlPart(v, known)}`);
  }
  if (req.rawQuery !== undefined) pairs.push(req.rawQuery);
  const url = fillPath(op.path, pathValues) + (pairs.length ? `?${pairs.join('&')}` : '');

  const headers: Record<string, string> = {};
  if (req.auth === 'user') headers.authorization = `Bearer ${accessToken}`;
  if (req.auth === 'garbage') headers.authorization = 'Bearer not-a-token';
  if (req.auth === 'tampered')
    headers.authorization = `Bearer ${accessToken.slice(0, -2)}${accessToken.endsWith('A') ? 'B' : 'A'}A`;
  if (req.auth === 'basic') headers.authorization = 'Basic dXNlcjpwYXNzd29yZA==';

  let payload: string | undefined;
  if (req.body !== undefined) {
    payload = req.body instanceof RawJson ? req.body.text : toJsonText(req.body, known);
    if (req.firstMember && payload.startsWith('{')) {
      payload = `{${req.firstMember}${payload === '{}' ? '' : ','}${payload.slice(1)}`;
    }
    headers['content-type'] = req.contentType ?? 'application/json';
  } else if (req.contentType) {
    headers['content-type'] = req.contentType;
  }
  return { method: op.method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}
