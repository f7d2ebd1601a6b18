import { verifyOverHttp } from '../test/verify-over-http.ts';

export interface Answer {
  status: number;
  body: unknown;
}

// A request to a server that was just killed fails at once; one that hangs must not hold a round up.
const REQUEST_TIMEOUT_MS = 15_000;

/** JSON over HTTP to one of the servers; a network failure throws (the outcome is unknown). */
export async function call(url: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${url}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** One account the write stream acts as: signs up once, signs in again when its token is refused. */
export class ChaosUser {
  readonly name: string;
  readonly email: string;
  readonly password = 'chaos-monkey-keys-2026';
  id = '';
  private token = '';

  constructor(name: string) {
    this.name = name;
    this.email = `${name}@chaos.example`;
  }

  async register(url: string): Promise<void> {
    const res = await call(url, 'POST', '/api/v1/auth/register', {
      first_name: 'Chaos',
      last_name: this.name,
      email: this.email,
      password: this.password,
    });
    if (res.status !== 201) throw new Error(`register ${this.email}: ${res.status} ${JSON.stringify(res.body)}`);
    this.take(res.body);
    // Feature routes need a verified email.
    const { refresh_token } = (res.body as { data: { refresh_token: string } }).data;
    this.token = await verifyOverHttp(url, this.email, refresh_token);
  }

  /** An authenticated call; a 401 (token expired, or a session lost with its server) signs in once more. */
  async request(url: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await call(url, method, path, body, this.token);
    if (res.status !== 401) return res;
    const login = await call(url, 'POST', '/api/v1/auth/login', { email: this.email, password: this.password });
    if (login.status !== 200) return res;
    this.take(login.body);
    return call(url, method, path, body, this.token);
  }

  private take(body: unknown) {
    const data = (body as { data: { access_token: string; user: { id: string } } }).data;
    this.token = data.access_token;
    this.id = data.user.id;
  }
}
