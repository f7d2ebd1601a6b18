import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A SimpleFIN Bridge on loopback for the tests and the browser spec (issue 28: "Tests start a local
 * server that speaks exactly this"): `POST /claim/<id>` answers an access URL once (then 403);
 * `GET /sfin/accounts?start-date=&end-date=&pending=1` with that URL's basic auth answers the
 * accounts, their transactions posted in the window (pending ones only with `pending=1`). The test
 * sets what the bank holds and what the next answers are (a 403, the bridge down, a rate limit).
 */
export interface FakeTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  pending?: boolean;
  transacted_at?: number;
}

export interface FakeAccount {
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  org: { domain?: string; name?: string };
  transactions: FakeTransaction[];
}

export interface FakeBridge {
  url: string;
  /** A new setup token (the base64 of a claim URL): single-use, as the real bridge's. */
  setupToken(): string;
  /** What the bank holds now. */
  accounts: FakeAccount[];
  /** The `errors` of the next answers. */
  errors: string[];
  /** A status the next `/accounts` calls answer instead of the data (403 revoked, 429, 500), until cleared. */
  failWith: number | null;
  /** The query strings the accounts were asked with. */
  requests: URLSearchParams[];
  close(): Promise<void>;
  /** Lets the process end while the bridge still listens (one shared by a test file's harness). */
  unref(): void;
}

/** `port` 0: any free one. */
export async function startFakeBridge(port = 0): Promise<FakeBridge> {
  const claims = new Map<string, boolean>();
  const users = new Map<string, string>();
  let base = '';
  const bridge: FakeBridge = {
    url: '',
    accounts: [],
    errors: [],
    failWith: null,
    requests: [],
    setupToken() {
      const id = randomBytes(12).toString('hex');
      claims.set(id, false);
      return Buffer.from(`${base}/claim/${id}`, 'utf8').toString('base64');
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
    unref: () => server.unref(),
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, body: string, type = 'text/plain') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    const claim = /^\/claim\/([0-9a-f]+)$/.exec(url.pathname);
    if (req.method === 'POST' && claim?.[1]) {
      if (claims.get(claim[1]) !== false) return send(403, 'Forbidden');
      claims.set(claim[1], true);
      const user = randomBytes(8).toString('hex');
      const password = randomBytes(16).toString('hex');
      users.set(user, password);
      return send(200, `${base.replace('://', `://${user}:${password}@`)}/sfin`);
    }
    if (req.method === 'GET' && url.pathname === '/sfin/accounts') {
      const [scheme, encoded = ''] = (req.headers.authorization ?? '').split(' ');
      const [user = '', password] = Buffer.from(encoded, 'base64').toString('utf8').split(':');
      if (scheme !== 'Basic' || users.get(user) !== password) return send(403, 'Forbidden');
      bridge.requests.push(url.searchParams);
      if (bridge.failWith !== null) return send(bridge.failWith, 'Failed');
      const start = Number(url.searchParams.get('start-date') ?? 0);
      const end = Number(url.searchParams.get('end-date') ?? Number.MAX_SAFE_INTEGER);
      const pending = url.searchParams.get('pending') === '1';
      const accounts = bridge.accounts.map((a) => ({
        ...a,
        transactions: a.transactions.filter((t) => (t.pending ? pending : t.posted >= start && t.posted < end)),
      }));
      return send(200, JSON.stringify({ errors: bridge.errors, accounts }), 'application/json');
    }
    send(404, 'Not found');
  });
  await new Promise<void>((ready) => server.listen(port, '127.0.0.1', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bridge.url = base;
  return bridge;
}

/** Unix seconds of noon UTC on a day ('YYYY-MM-DD'). */
export const noonOf = (day: string): number => Date.parse(`${day}T12:00:00Z`) / 1000;

/** A bank account of the fake bridge with `count` posted transactions, one a day back from `lastDay`. */
export function fakeAccount(
  id: string,
  name: string,
  count: number,
  lastDay: string,
  balance = '1234.56',
): FakeAccount {
  const last = noonOf(lastDay);
  return {
    id,
    name,
    currency: 'USD',
    balance,
    'available-balance': balance,
    'balance-date': last,
    org: { domain: 'bank.example', name: 'Example Bank' },
    transactions: Array.from({ length: count }, (_, i) => ({
      id: `${id}-t${i}`,
      posted: last - (i % 60) * 86_400,
      amount: i % 7 === 0 ? '250.00' : `-${(i % 90) + 1}.${String(i % 100).padStart(2, '0')}`,
      description: `${name} payee ${i}`,
    })),
  };
}
