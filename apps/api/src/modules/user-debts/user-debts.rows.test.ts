import type { UserDebt } from '@helo/contract/user-debts';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { car, card, BASE as url } from './debt-requests.test-helpers.ts';

/** Stable loan ids and versions: rows updated in place, per-loan routes, stale writes refused. */

const t = useTestApp();
const STALE =
  'These loans were changed in another tab or device. Reload to see the latest, then make your change again.';

const student = { ...car, debt_id: 3, outstanding_balance: 9_000, monthly_payment_amount: 200 };

type Headers = Record<string, string>;

async function signedIn(): Promise<Headers> {
  const { session } = await register(t());
  return bearer(session.access_token);
}

const inject = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: object) =>
  t().app.inject({ method, url: `${url}${path}`, headers, ...(payload ? { payload } : {}) });
const read = async (headers: Headers): Promise<UserDebt[]> => (await inject(headers, 'GET')).json().data;

/** A saved loan sent back as a row: its fields, id and the version read. */
const asRow = ({ debt: _debt, ...row }: UserDebt) => row;
const refs = (list: UserDebt[]) => list.map(({ id, version }) => ({ id, version }));

async function withLoans(...rows: object[]): Promise<{ headers: Headers; saved: UserDebt[] }> {
  const headers = await signedIn();
  const res = await inject(headers, 'PUT', '', { debts: rows });
  expect(res.statusCode).toBe(200);
  return { headers, saved: res.json().data };
}

describe('whole-list saves keep the ids of the rows sent with one', () => {
  it('an edit updates the loan in place: same id, one more version, the other loans untouched', async () => {
    const { headers, saved } = await withLoans(car, card);
    const [a, b] = saved as [UserDebt, UserDebt];
    const res = await inject(headers, 'PUT', '', {
      debts: [{ ...asRow(a), outstanding_balance: 17_800 }, asRow(b)],
    });
    expect(res.statusCode).toBe(200);
    const after: UserDebt[] = res.json().data;
    expect(after.map((d) => d.id)).toEqual([a.id, b.id]);
    expect(after[0]).toMatchObject({ outstanding_balance: 17_800, version: 2 });
    // Nothing of the second loan changed, so it was not written.
    expect(after[1]).toEqual(b);
    expect(await read(headers)).toEqual(after);
  });

  it('a reorder (POST) keeps every id and saves the new order', async () => {
    const { headers, saved } = await withLoans(car, card, student);
    const reordered = [saved[2], saved[0], saved[1]] as UserDebt[];
    const res = await inject(headers, 'POST', '', { debts: reordered.map(asRow) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: UserDebt) => d.id)).toEqual(reordered.map((d) => d.id));
    expect((await read(headers)).map((d) => d.debt_id)).toEqual([3, 1, 4]);
  });

  it('rows without an id are new loans and saved loans left out are deleted', async () => {
    const { headers, saved } = await withLoans(car, card);
    const [a] = saved as [UserDebt];
    const res = await inject(headers, 'PUT', '', { debts: [student, asRow(a)] });
    const after: UserDebt[] = res.json().data;
    expect(after).toHaveLength(2);
    expect(after[1]?.id).toBe(a.id);
    expect(after[0]?.id).not.toBe(a.id);
    expect(after.map((d) => d.id)).not.toContain(saved[1]?.id);
    expect(after[0]).toMatchObject({ debt_id: 3, version: 1 });
  });

  it("the spec's client, which sends no ids, still replaces the whole list", async () => {
    const { headers, saved } = await withLoans(car, card);
    const res = await inject(headers, 'PUT', '', { debts: [card, car] });
    expect(res.statusCode).toBe(200);
    const after: UserDebt[] = res.json().data;
    expect(after.map((d) => d.debt_id)).toEqual([4, 1]);
    expect(after.map((d) => d.id).filter((id) => saved.some((s) => s.id === id))).toEqual([]);
  });

  it('refuses a malformed id and a loan listed twice, naming the row', async () => {
    const { headers, saved } = await withLoans(car);
    const bad = await inject(headers, 'PUT', '', { debts: [card, { ...car, id: 'not-a-uuid' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Row 2: Loan id is not a valid id',
      errors: [{ path: 'debts.1.id', message: 'Loan id is not a valid id' }],
    });
    const row = asRow(saved[0] as UserDebt);
    const twice = await inject(headers, 'PUT', '', { debts: [row, { ...row, outstanding_balance: 1 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ path: 'debts.1.id', message: 'This loan is already in row 1' }]);
    expect(await read(headers)).toEqual(saved);
  });

  it("another user's loan id, or one that never existed, is a 404 naming the row, and nothing is written", async () => {
    const a = await withLoans(car);
    const b = await withLoans(card);
    const aLoan = a.saved[0] as UserDebt;
    for (const id of [aLoan.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await inject(b.headers, 'PUT', '', { debts: [student, { ...card, id }] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        'Row 2: Loan not found. It may have been deleted in another tab or device: reload to see the latest.',
      );
    }
    expect(await read(b.headers)).toEqual(b.saved);
    expect(await read(a.headers)).toEqual(a.saved);
  });
});

describe('a save from a stale copy is refused with 409 and changes nothing', () => {
  it('a row whose version is no longer the saved one', async () => {
    const { headers, saved } = await withLoans(car, card);
    const [a, b] = saved as [UserDebt, UserDebt];
    // Tab 1 saves a new balance; tab 2 still holds version 1 of that loan.
    await inject(headers, 'PUT', '', { debts: [{ ...asRow(a), outstanding_balance: 17_000 }, asRow(b)] });
    const current = await read(headers);
    const stale = await inject(headers, 'PUT', '', { debts: [{ ...asRow(a), interest_rate: 5 }, asRow(b)] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE });
    expect(await read(headers)).toEqual(current);
  });

  it('based_on: a loan added in another tab is not deleted by a tab that never saw it', async () => {
    const { headers, saved } = await withLoans(car);
    const tab2 = { debts: [{ ...asRow(saved[0] as UserDebt), outstanding_balance: 1 }], based_on: refs(saved) };
    const tab1 = await inject(headers, 'PUT', '', { debts: [...saved.map(asRow), card], based_on: refs(saved) });
    expect(tab1.statusCode).toBe(200);
    const res = await inject(headers, 'PUT', '', tab2);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STALE);
    expect(await read(headers)).toEqual(tab1.json().data);
    // Made again from the latest list, the same change goes through.
    const latest = await read(headers);
    const again = await inject(headers, 'PUT', '', {
      debts: [{ ...asRow(latest[0] as UserDebt), outstanding_balance: 1 }, asRow(latest[1] as UserDebt)],
      based_on: refs(latest),
    });
    expect(again.statusCode).toBe(200);
  });

  it('based_on: a loan deleted in another tab is not brought back', async () => {
    const { headers, saved } = await withLoans(car, card);
    expect((await inject(headers, 'DELETE', `/${saved[1]?.id}`)).statusCode).toBe(200);
    const res = await inject(headers, 'POST', '', { debts: saved.map(asRow), based_on: refs(saved) });
    expect(res.statusCode).toBe(409);
    expect(await read(headers)).toEqual([saved[0]]);
  });

  it('saves started together from the same copy: one is saved, the others get 409', async () => {
    const { headers, saved } = await withLoans(car, card);
    // A few rounds: on PostgreSQL the saves really run side by side, where a missing lock shows.
    for (let round = 0; round < 3; round++) {
      const current = await read(headers);
      const edits = [100, 200, 300, 400].map((balance) =>
        inject(headers, 'PUT', '', {
          debts: current.map((d) => ({ ...asRow(d), outstanding_balance: balance + round })),
          based_on: refs(current),
        }),
      );
      const results = await Promise.all(edits);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json().data;
      expect(await read(headers)).toEqual(winner);
      expect(winner.map((d: UserDebt) => d.id)).toEqual(saved.map((d) => d.id));
      expect(winner.map((d: UserDebt) => d.version)).toEqual([round + 2, round + 2]);
    }
  });
});

describe('PUT /v1/user-debts/{id}', () => {
  it('changes one loan in place, keeping its id and place, and counts the version up', async () => {
    const { headers, saved } = await withLoans(car, card);
    const [a, b] = saved as [UserDebt, UserDebt];
    const res = await inject(headers, 'PUT', `/${b.id}`, { ...card, outstanding_balance: 3_000, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your debt is saved',
      data: { ...b, outstanding_balance: 3_000, version: 2 },
    });
    expect(await read(headers)).toEqual([a, { ...b, outstanding_balance: 3_000, version: 2 }]);
  });

  it('a stale version is a 409 and the loan is unchanged', async () => {
    const { headers, saved } = await withLoans(car);
    const id = saved[0]?.id;
    expect((await inject(headers, 'PUT', `/${id}`, { ...car, due_date: '2027-01-05', version: 1 })).statusCode).toBe(
      200,
    );
    const after = await read(headers);
    const stale = await inject(headers, 'PUT', `/${id}`, { ...car, interest_rate: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STALE);
    expect(await read(headers)).toEqual(after);
  });

  it('needs the version, names bad fields, and is 404 for an unknown or another user’s loan', async () => {
    const a = await withLoans(car);
    const b = await withLoans(card);
    const bId = b.saved[0]?.id;
    const noVersion = await inject(b.headers, 'PUT', `/${bId}`, card);
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors).toEqual([{ path: 'version', message: 'Version is required' }]);
    const badType = await inject(b.headers, 'PUT', `/${bId}`, { ...card, debt_id: 999, version: 1 });
    expect(badType.json()).toEqual({
      message: 'debt_id: Unknown debt type',
      errors: [{ path: 'debt_id', message: 'Unknown debt type' }],
    });
    // Someone else's loan, an id that never existed and a string that is no id at all: the same 404.
    for (const id of [a.saved[0]?.id, '00000000-0000-4000-8000-000000000000', '42']) {
      const res = await inject(b.headers, 'PUT', `/${id}`, { ...card, version: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Loan not found' });
    }
    expect(await read(a.headers)).toEqual(a.saved);
    expect(await read(b.headers)).toEqual(b.saved);
  });
});

describe('DELETE /v1/user-debts/{id}', () => {
  it('deletes one loan; the others keep their ids and order', async () => {
    const { headers, saved } = await withLoans(car, card, student);
    const res = await inject(headers, 'DELETE', `/${saved[1]?.id}?version=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your debt is deleted', data: null });
    expect(await read(headers)).toEqual([saved[0], saved[2]]);
    expect((await inject(headers, 'DELETE', `/${saved[1]?.id}`)).statusCode).toBe(404);
  });

  it('with a stale version it is a 409 and the loan stays; without one it goes', async () => {
    const { headers, saved } = await withLoans(car);
    const id = saved[0]?.id;
    await inject(headers, 'PUT', `/${id}`, { ...car, outstanding_balance: 1, version: 1 });
    const stale = await inject(headers, 'DELETE', `/${id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(await read(headers)).toHaveLength(1);
    const bad = await inject(headers, 'DELETE', `/${id}?version=first`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('version');
    expect((await inject(headers, 'DELETE', `/${id}`)).statusCode).toBe(200);
    expect(await read(headers)).toEqual([]);
  });

  it("is a 404 for another user's loan, which stays", async () => {
    const a = await withLoans(car);
    const b = await signedIn();
    expect((await inject(b, 'DELETE', `/${a.saved[0]?.id}`)).statusCode).toBe(404);
    expect((await inject(b, 'DELETE', '/not-an-id')).json()).toEqual({ message: 'Loan not found' });
    expect(await read(a.headers)).toEqual(a.saved);
  });
});
