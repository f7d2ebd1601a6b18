import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { bankRequests } from './bank-connections.test-helpers.ts';
import { type FakeBridge, fakeAccount, noonOf, startFakeBridge } from './simplefin-test-server.ts';

/**
 * A card's payment synced from both sides (the checking's −$812.40, the card's +$812.40 a day later)
 * is one transfer, never spending nor income (issue 29 item 5), and the next sync adds neither again.
 */

const t = useTestApp();
const api = bankRequests(t);
let bridge: FakeBridge;
beforeAll(async () => {
  bridge = await startFakeBridge();
  const checking = fakeAccount('chk', 'Everyday Checking', 3, '2026-11-20', '2400.10');
  const card = fakeAccount('card', 'Rewards Card', 2, '2026-11-19', '-310.55');
  checking.transactions.push({
    id: 'chk-pay',
    posted: noonOf('2026-11-18'),
    amount: '-812.40',
    description: 'CHASE CREDIT CRD AUTOPAY',
  });
  card.transactions.push({
    id: 'card-pay',
    posted: noonOf('2026-11-19'),
    amount: '812.40',
    description: 'PAYMENT THANK YOU',
  });
  bridge.accounts = [checking, card];
});
afterAll(() => bridge.close());

describe('a transfer synced from both of its accounts', () => {
  it('is paired into one transfer, and the next sync adds neither side again', async () => {
    const { token } = await api.activeUser();
    const connection = (await api.connected(token, bridge)) as { id: string; accounts: { id: string }[] };
    const [wallet] = await api.accounts(token);
    const [chk, card] = connection.accounts;
    await api.ok(
      api.map(token, connection.id, [
        { id: chk?.id, account: wallet?.id },
        { id: card?.id, account: { create: { name: 'Card', kind: 'credit_card' } } },
      ]),
    );
    const res = await api.sync(token, connection.id);
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await api.allPages(token, '', 100)).flat() as unknown as {
      kind: string;
      payee: string;
      original_payee: string | null;
      amount: number;
      transfer: { paired: boolean } | null;
    }[];
    expect(rows.filter((r) => r.kind === 'transfer')).toMatchObject([
      { original_payee: 'CHASE CREDIT CRD AUTOPAY', amount: -812.4, transfer: { paired: true } },
    ]);
    expect(rows.map((r) => r.original_payee)).not.toContain('PAYMENT THANK YOU');
    t().clock.advance(10 * 60_000);
    expect(await api.ok(api.sync(token, connection.id))).toMatchObject({ added: 0 });
    const again = (await api.allPages(token, '', 100)).flat();
    expect(again).toHaveLength(rows.length);
  });
});
