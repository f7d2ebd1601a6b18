import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBridge, noonOf, startFakeBridge } from '../simplefin-test-server.ts';
import { ProviderError } from './provider.ts';
import { decodeSetupToken, SimpleFinProvider } from './simplefin.ts';

const provider = new SimpleFinProvider({ production: false, timeoutMs: 2_000 });
const window = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z') };
let bridge: FakeBridge;
let odd: Server;
let oddUrl = '';
/** What the odd server answers next: a redirect, a body, or nothing at all. */
let answer: 'redirect' | 'silent' | string = '';

beforeAll(async () => {
  bridge = await startFakeBridge();
  odd = createServer((req, res) => {
    if (answer === 'silent') return; // never answers: the client's timeout ends the call
    if (answer === 'redirect') {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.method === 'POST' ? `${oddUrl.replace('://', '://u:p@')}/sfin` : answer);
  });
  await new Promise<void>((ready) => odd.listen(0, '127.0.0.1', ready));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});
afterAll(async () => {
  odd.closeAllConnections();
  await Promise.all([bridge.close(), new Promise((done) => odd.close(done))]);
});

const failure = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (e) {
    if (e instanceof ProviderError) return e.failure;
    throw e;
  }
  throw new Error('the call did not fail');
};

describe('SimpleFIN Bridge, as the protocol gives it', () => {
  it('claims once, then reads the accounts with the access URL’s credentials in a Basic header', async () => {
    bridge.accounts = [
      {
        id: 'a1',
        name: 'Checking',
        currency: 'USD',
        balance: '100.125',
        'balance-date': noonOf('2026-11-20'),
        org: { domain: 'bank.example' },
        transactions: [
          { id: 't1', posted: noonOf('2026-11-10'), amount: '-5.5', description: 'SHOP 12', payee: 'Shop' },
          { id: 't2', posted: 0, transacted_at: noonOf('2026-11-20'), amount: '9', description: 'Pay', pending: true },
          { id: 't3', posted: noonOf('2026-10-01'), amount: '-1.00', description: 'Before the window' },
        ],
      },
    ];
    const token = bridge.setupToken();
    const access = await provider.claim(token);
    expect(access).toMatch(/^http:\/\/[0-9a-f]+:[0-9a-f]+@127\.0\.0\.1:\d+\/sfin$/);
    expect(await failure(provider.claim(token))).toBe('bad_token');
    const answer = await provider.fetchAccounts(access, window);
    expect(bridge.requests.at(-1)?.toString()).toBe(
      `start-date=${window.start.getTime() / 1000}&end-date=${window.end.getTime() / 1000}&pending=1`,
    );
    expect(answer.accounts).toEqual([
      {
        id: 'a1',
        name: 'Checking',
        currency: 'USD',
        institution: 'bank.example',
        balanceCents: 10012,
        availableCents: null,
        balanceDate: new Date('2026-11-20T12:00:00Z'),
        transactions: [
          {
            id: 't1',
            at: new Date('2026-11-10T12:00:00Z'),
            amountCents: -550,
            payee: 'Shop',
            memo: 'SHOP 12',
            pending: false,
          },
          { id: 't2', at: new Date('2026-11-20T12:00:00Z'), amountCents: 900, payee: 'Pay', memo: null, pending: true },
        ],
      },
    ]);
    // Wrong credentials: the bridge's 403, a revoked access.
    expect(await failure(provider.fetchAccounts(access.replace(/:[0-9a-f]+@/, ':wrong@'), window))).toBe('forbidden');
  });

  it('refuses what is not a token, and an answer that is not the protocol', async () => {
    expect(() => decodeSetupToken('%%%')).toThrow(ProviderError);
    expect(() => decodeSetupToken(Buffer.from('just text').toString('base64'))).toThrow(ProviderError);
    expect(decodeSetupToken(Buffer.from('https://bridge.example/claim/1').toString('base64'))).toBe(
      'https://bridge.example/claim/1',
    );
    answer = '{"accounts": [{"id": "x"}]}';
    expect(await failure(provider.fetchAccounts(`${oddUrl}/sfin`, window))).toBe('bad_answer');
    answer = JSON.stringify({
      accounts: [{ id: 'x', name: 'X', currency: 'USD', balance: '1,000.00', 'balance-date': 1, transactions: [] }],
    });
    expect(await failure(provider.fetchAccounts(`${oddUrl}/sfin`, window))).toBe('bad_answer');
    answer = 'not json';
    expect(await failure(provider.fetchAccounts(`${oddUrl}/sfin`, window))).toBe('bad_answer');
  });

  it('follows no redirect, and gives up on a bridge that does not answer', async () => {
    answer = 'redirect';
    expect(await failure(provider.fetchAccounts(`${oddUrl}/sfin`, window))).toBe('down');
    answer = 'silent';
    const impatient = new SimpleFinProvider({ production: false, timeoutMs: 50 });
    expect(await failure(impatient.fetchAccounts(`${oddUrl}/sfin`, window))).toBe('down');
  });

  it('in production, refuses a token naming plain http or this machine before any call', async () => {
    const production = new SimpleFinProvider({ production: true });
    const before = bridge.requests.length;
    expect(await failure(production.claim(bridge.setupToken()))).toBe('bad_token');
    expect(await failure(production.fetchAccounts(`${oddUrl}/sfin`, window))).toBe('bad_token');
    expect(bridge.requests.length).toBe(before);
  });

  it('in production, refuses an https name that leads to a private address, before any call', async () => {
    const asked: string[] = [];
    const production = new SimpleFinProvider({
      production: true,
      resolve: async (host) => {
        asked.push(host);
        return ['10.1.2.3'];
      },
    });
    const token = Buffer.from('https://bridge.internal.example/claim/abc').toString('base64');
    expect(await failure(production.claim(token))).toBe('bad_token');
    expect(await failure(production.fetchAccounts('https://u:p@bridge.internal.example/sfin', window))).toBe(
      'bad_token',
    );
    expect(asked).toEqual(['bridge.internal.example', 'bridge.internal.example']);
  });
});
