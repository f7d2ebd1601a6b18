import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { importRequests } from './import/import-requests.test-helpers.ts';
import { spend, walletRequests } from './wallet-requests.test-helpers.ts';

/**
 * Uncategorized rows in the list carry the category their payee usually had in the user's own history
 * (issue 29 item 2), and only the user's.
 */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

interface Row {
  id: string;
  payee: string;
  /** The bank's words, when the payee shown is the merchant name cleaned from them. */
  original_payee: string | null;
  kind: string;
  category: string;
  version: number;
  suggested_category: string | null;
}

describe('category suggestions in the list', () => {
  it('suggests the category a payee most often had, by its cleaned name; none for a stranger', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    for (const [payee, category, date] of [
      ['TRADER JOE S #552 SAN FRANCISCO CA', 'Food', '2026-11-02'],
      ["Trader Joe's", 'Food', '2026-11-05'],
      ['TRADER JOE S #101 OAKLAND CA', 'Dining Out', '2026-11-06'],
      ['SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'Dining Out', '2026-11-07'],
    ] as const) {
      await api.ok(api.add(token, spend(-10, payee, { category, date })));
    }
    const up = await imports.upload(
      token,
      'bank.csv',
      'Date,Payee,Amount\n11/20/2026,CARD PURCHASE 11/19 TRADER JOE S #9 BERKELEY CA CARD 1234,-23.45\n' +
        '11/20/2026,SQ * BLUE BOTTLE COFFEE Oakland CA,-4.50\n11/20/2026,ACME WIDGETS,-9.99\n',
    );
    expect((await imports.commit(token, up.json().data.id)).statusCode).toBe(200);
    const rows = (await api.ok(api.list(token))) as Row[];
    const by = (payee: string) => rows.find((r) => (r.original_payee ?? r.payee).startsWith(payee));
    expect(by('CARD PURCHASE')?.suggested_category).toBe('Food');
    expect(by('SQ * BLUE')?.suggested_category).toBe('Dining Out');
    expect(by('ACME')?.suggested_category).toBeNull();
    // Categorised rows carry none.
    expect(rows.filter((r) => r.category !== 'Uncategorized').every((r) => r.suggested_category === null)).toBe(true);
    // Accepting it is the ordinary update.
    const row = by('CARD PURCHASE') as Row;
    const saved = await api.ok(
      api.save(token, row.id, {
        date: '2026-11-20',
        payee: row.payee,
        amount: -23.45,
        category: 'Food',
        version: row.version,
      }),
    );
    expect(saved).toMatchObject({ category: 'Food', suggested_category: null });
  });

  it("learns from the user's own history only", async () => {
    const mine = await api.activeUser();
    await api.budget(mine.token);
    await api.ok(api.add(mine.token, spend(-10, 'SAFEWAY #1234 OAKLAND CA', { category: 'Food' })));
    const theirs = await api.activeUser();
    await api.ok(api.add(theirs.token, spend(-10, 'SAFEWAY #99 BERKELEY CA')));
    const rows = (await api.ok(api.list(theirs.token))) as Row[];
    expect(rows[0]?.suggested_category).toBeNull();
  });
});

describe("the bank's category", () => {
  it('is mapped to the category the user filed it under, for a payee never seen', async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const first = await imports.upload(
      token,
      'bank.csv',
      'Date,Description,Category,Amount\n11/10/2026,CORNER BISTRO,Restaurants,-30.00\n11/11/2026,NOODLE BAR,Restaurants,-12.00\n',
    );
    expect((await imports.commit(token, first.json().data.id)).statusCode).toBe(200);
    for (const row of (await api.ok(api.list(token))) as (Row & { amount: number; date: string })[]) {
      await api.ok(
        api.save(token, row.id, {
          date: row.date,
          payee: row.payee,
          amount: row.amount,
          category: 'Dining Out',
          version: row.version,
        }),
      );
    }
    const second = await imports.upload(
      token,
      'bank.csv',
      'Date,Description,Category,Amount\n11/20/2026,TAQUERIA LA PALMA,Restaurants,-9.50\n',
    );
    expect((await imports.commit(token, second.json().data.id)).statusCode).toBe(200);
    const rows = (await api.ok(api.list(token))) as Row[];
    expect(rows.find((r) => r.payee.toLowerCase().includes('taqueria'))?.suggested_category).toBe('Dining Out');
  });

  it("is remembered per account: one card's Shopping is food, another's dining out", async () => {
    const { token } = await api.activeUser();
    await api.budget(token);
    const card = async (name: string) =>
      ((await api.ok(api.addAccount(token, { kind: 'credit_card', name }))) as { id: string }).id;
    const [a, b] = [await card('Card A'), await card('Card B')];
    const file = (rows: string) => `Date,Description,Category,Amount\n${rows}`;
    const fileAs = async (accountId: string, csv: string, category: string) => {
      const up = await imports.uploadTo(token, accountId, 'card.csv', csv);
      expect((await imports.commit(token, up.json().data.id)).statusCode).toBe(200);
      for (const row of (await api.ok(api.list(token, `?account_id=${accountId}`))) as (Row & {
        amount: number;
        date: string;
      })[]) {
        if (row.category !== 'Uncategorized') continue;
        await api.ok(
          api.save(token, row.id, {
            date: row.date,
            payee: row.payee,
            amount: row.amount,
            category,
            account_id: accountId,
            version: row.version,
          }),
        );
      }
    };
    await fileAs(a, file('11/10/2026,WHOLE FOODS 10,Shopping,-30.00\n'), 'Food');
    await fileAs(b, file('11/10/2026,CAFE ONE,Shopping,-12.00\n11/11/2026,CAFE TWO,Shopping,-14.00\n'), 'Dining Out');
    for (const id of [a, b]) {
      const up = await imports.uploadTo(token, id, 'card.csv', file('11/20/2026,NEW PLACE,Shopping,-9.50\n'));
      expect((await imports.commit(token, up.json().data.id)).statusCode).toBe(200);
    }
    const fresh = async (accountId: string) =>
      ((await api.ok(api.list(token, `?account_id=${accountId}`))) as Row[]).find((r) =>
        r.payee.toLowerCase().includes('new place'),
      )?.suggested_category;
    expect(await fresh(a)).toBe('Food');
    expect(await fresh(b)).toBe('Dining Out');
  });
});
