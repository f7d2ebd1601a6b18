import type { UserDebt } from '@helo/contract/user-debts';
import { userDebts } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { car, card, BASE as url } from './debt-requests.test-helpers.ts';

/** A loan's optional lender or nickname (issue 25): stored, checked, kept by saves that leave it out. */

const t = useTestApp();
type Headers = Record<string, string>;

async function signedIn(): Promise<{ headers: Headers }> {
  const { session } = await register(t());
  return { headers: bearer(session.access_token) };
}
const inject = (headers: Headers, method: 'GET' | 'PUT', path = '', payload?: object) =>
  t().app.inject({ method, url: `${url}${path}`, headers, ...(payload ? { payload } : {}) });
const read = async (headers: Headers): Promise<UserDebt[]> => (await inject(headers, 'GET')).json().data;
const saveList = (headers: Headers, debts: object[]) => inject(headers, 'PUT', '', { debts });

describe("a loan's lender or nickname", () => {
  it('is saved trimmed with the list, read back on each loan, and null when none was given', async () => {
    const { headers } = await signedIn();
    const res = await saveList(headers, [{ ...car, nickname: '  Ally Bank  ' }, card]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: UserDebt) => d.nickname)).toEqual(['Ally Bank', null]);
    expect((await read(headers)).map((d) => d.nickname)).toEqual(['Ally Bank', null]);
  });

  it('is changed alone by PUT /{id}, counting the version up; left out it stays; "" or null clears it', async () => {
    const { headers } = await signedIn();
    const [loan] = (await saveList(headers, [car])).json().data as [UserDebt];
    const named = await inject(headers, 'PUT', `/${loan.id}`, { ...car, nickname: "Dad's car", version: 1 });
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toMatchObject({ nickname: "Dad's car", version: 2 });
    // A client that does not know the field (the spec's) leaves it as it is.
    const other = await inject(headers, 'PUT', `/${loan.id}`, { ...car, outstanding_balance: 18_000, version: 2 });
    expect(other.json().data).toMatchObject({ nickname: "Dad's car", outstanding_balance: 18_000, version: 3 });
    // The same name again is no change: the version stays.
    const same = await inject(headers, 'PUT', `/${loan.id}`, {
      ...car,
      outstanding_balance: 18_000,
      nickname: "Dad's car",
      version: 3,
    });
    expect(same.json().data.version).toBe(3);
    const cleared = await inject(headers, 'PUT', `/${loan.id}`, {
      ...car,
      outstanding_balance: 18_000,
      nickname: '  ',
      version: 3,
    });
    expect(cleared.json().data).toMatchObject({ nickname: null, version: 4 });
    await inject(headers, 'PUT', `/${loan.id}`, { ...car, outstanding_balance: 18_000, nickname: 'Ally', version: 4 });
    const nulled = await inject(headers, 'PUT', `/${loan.id}`, {
      ...car,
      outstanding_balance: 18_000,
      nickname: null,
      version: 5,
    });
    expect(nulled.json().data).toMatchObject({ nickname: null, version: 6 });
  });

  it('survives a whole-list save whose rows leave it out (a reorder by a client that never sent it)', async () => {
    const { headers } = await signedIn();
    const saved = (
      await saveList(headers, [
        { ...car, nickname: 'Ally' },
        { ...card, nickname: 'Chase' },
      ])
    ).json().data as [UserDebt, UserDebt];
    const reordered = saved.toReversed().map(({ debt: _debt, nickname: _nickname, ...row }) => row);
    const res = await saveList(headers, reordered);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: UserDebt) => [d.id, d.nickname])).toEqual([
      [saved[1].id, 'Chase'],
      [saved[0].id, 'Ally'],
    ]);
  });

  it.each([
    ['41 characters', 'x'.repeat(41), 'Lender or nickname can be at most 40 characters'],
    ['a line break', 'Ally\nBank', 'Lender or nickname can not contain line breaks or control characters'],
    ['a number', 42, 'Lender or nickname must be a string'],
    ['NUL', 'Ally\u0000', 'Lender or nickname contains a character that is not allowed'],
  ])(
    'refuses %s with a 400 naming the field (list and one loan), and writes nothing',
    async (_name, nickname, message) => {
      const { headers } = await signedIn();
      const [loan] = (await saveList(headers, [{ ...car, nickname: 'Ally' }])).json().data as [UserDebt];
      const list = await saveList(headers, [card, { ...car, nickname }]);
      expect(list.statusCode).toBe(400);
      expect(list.json().errors).toContainEqual({ path: 'debts.1.nickname', message });
      const one = await inject(headers, 'PUT', `/${loan.id}`, { ...car, nickname, version: 1 });
      expect(one.statusCode).toBe(400);
      expect(one.json().errors).toContainEqual({ path: 'nickname', message });
      expect(await read(headers)).toEqual([loan]);
    },
  );

  it('counts characters as a person does (an emoji is one): 40 are taken, 41 are not', async () => {
    const { headers } = await signedIn();
    // 40 characters, 41 UTF-16 units (the car is two).
    const forty = `Crédit Agricole ${'é'.repeat(22)} 🚗`;
    const res = await saveList(headers, [
      { ...car, nickname: 'y'.repeat(40) },
      { ...card, nickname: forty },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: UserDebt) => d.nickname)).toEqual(['y'.repeat(40), forty]);
    const longer = await saveList(headers, [{ ...car, nickname: `${forty}!` }]);
    expect(longer.json().errors).toEqual([
      { path: 'debts.0.nickname', message: 'Lender or nickname can be at most 40 characters' },
    ]);
  });

  it("is a 404 on another user's loan, which keeps its own name", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const [loan] = (await saveList(a.headers, [{ ...car, nickname: 'Ally' }])).json().data as [UserDebt];
    const res = await inject(b.headers, 'PUT', `/${loan.id}`, { ...car, nickname: 'Mine now', version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Loan not found' });
    expect((await read(a.headers))[0]?.nickname).toBe('Ally');
  });

  it.each([
    ['an empty name', ''],
    ['41 characters', 'z'.repeat(41)],
  ])('refuses %s written straight to the table (a CHECK, not only the API)', async (_name, nickname) => {
    const { headers } = await signedIn();
    const [loan] = (await saveList(headers, [car])).json().data as [UserDebt];
    const write = t().database.db.update(userDebts).set({ nickname }).where(eq(userDebts.id, loan.id));
    await expect(write).rejects.toThrow();
  });
});
