import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { HOLDS, ledgerInvariants } from '../../ledger/testing.ts';
import { importRequests, storedTransactions } from '../import/import-requests.test-helpers.ts';
import { BASE, errorPaths, NOVEMBER_BUDGET, walletRequests } from '../wallet-requests.test-helpers.ts';

/** One duplicate engine for imports and hand entries (issue 28 item 2; decisions.md "One duplicate engine"). */

const t = useTestApp();
const api = walletRequests(t);
const imports = importRequests(t);

interface Row {
  id: string;
  date: string;
  payee: string;
  amount: number;
  category: string;
  note: string | null;
  possible_duplicate: { id: string; date: string; payee: string; amount: number } | null;
}

const csv = (rows: [string, string, string][]) =>
  `Date,Description,Amount\n${rows.map(([d, p, a]) => `${d},${p},${a}`).join('\n')}\n`;
const FILE: [string, string, string][] = [
  ['11/03/2026', 'BLUE BOTTLE COFFEE #12', '-5.75'],
  ['11/03/2026', 'BLUE BOTTLE COFFEE #12', '-5.75'],
  ['11/05/2026', 'WHOLE FOODS MARKET 10233', '-42.10'],
  ['11/06/2026', 'ACME PAYROLL', '1200.00'],
];
/** The same rows, each a day later (the bank's posting day, say). */
const SHIFTED: [string, string, string][] = FILE.map(([d, p, a]) => [
  d.replace(/\/(\d\d)\//, (_m, day: string) => `/${String(Number(day) + 1).padStart(2, '0')}/`),
  p,
  a,
]);

async function importCsv(token: string, rows: [string, string, string][], name = 'bank.csv') {
  const up = await imports.upload(token, name, csv(rows));
  if (up.statusCode !== 201) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const preview = up.json();
  const commit = await imports.commit(token, preview.data.id);
  if (commit.statusCode !== 200) throw new Error(`commit: ${commit.statusCode} ${commit.body}`);
  return { preview, commit: commit.json() };
}
const list = async (token: string) => (await api.ok(api.list(token, '?limit=100'))) as Row[];
const walletBalance = async (token: string) =>
  ((await api.accounts(token))[0] as unknown as { balance: number }).balance;
const merge = (token: string, id: string, into: unknown) =>
  api.call(token, 'POST', `${BASE}/transactions/${id}/merge`, { into });
const keep = (token: string, id: string, other: unknown) =>
  api.call(token, 'POST', `${BASE}/transactions/${id}/keep`, { with: other });
const unmerge = (token: string, id: string) => api.call(token, 'POST', `${BASE}/transactions/${id}/unmerge`);

describe('one duplicate engine', () => {
  it('the same purchase twice in one file is two: both kept, neither flagged', async () => {
    const { token } = await api.activeUser();
    const { preview, commit } = await importCsv(token, FILE);
    expect(preview.data).toMatchObject({ total: 4, duplicates: 0, possible_duplicates: 0 });
    expect(commit.data).toMatchObject({ inserted: 4, duplicates: 0 });
    const rows = await list(token);
    expect(rows.filter((r) => r.payee === 'Blue Bottle Coffee')).toHaveLength(2);
    expect(rows.every((r) => r.possible_duplicate === null)).toBe(true);
  });

  it('the very file again is left out; with dates a day later it is flagged, imported, for the user to look at', async () => {
    const { token, userId } = await api.activeUser();
    await importCsv(token, FILE);
    const again = await importCsv(token, FILE, 'again.csv');
    expect(again.commit.data).toMatchObject({ inserted: 0, duplicates: 4 });
    const shifted = await importCsv(token, SHIFTED, 'shifted.csv');
    expect(shifted.preview.data).toMatchObject({ total: 4, duplicates: 0, possible_duplicates: 4 });
    expect(shifted.preview.message).toBe('4 transactions read, 4 possible duplicates flagged');
    const flagged = shifted.preview.data.rows.map((r: Row) => r.possible_duplicate);
    expect(flagged.map((c: Row['possible_duplicate']) => c?.date)).toEqual([
      '2026-11-03',
      '2026-11-03',
      '2026-11-05',
      '2026-11-06',
    ]);
    // The two coffees of the first file answer for one row each.
    expect(new Set(flagged.slice(0, 2).map((c: Row['possible_duplicate']) => c?.id)).size).toBe(2);
    expect(shifted.commit.message).toBe('4 transactions imported, 4 possible duplicates flagged');
    expect(await storedTransactions(t().database.db, userId)).toHaveLength(8);
    const rows = await list(token);
    expect(rows.filter((r) => r.possible_duplicate !== null)).toHaveLength(8);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('a hand entry and its imported copy are flagged, both ways round', async () => {
    const { token } = await api.activeUser();
    const hand = (await api.ok(
      api.add(token, { date: '2026-11-04', payee: 'Whole Foods', amount: -42.1, note: 'Dinner party' }),
    )) as Row;
    expect(hand.possible_duplicate).toBeNull();
    const { preview } = await importCsv(token, FILE);
    const groceries = preview.data.rows.find((r: Row) => r.payee.startsWith('WHOLE FOODS'));
    expect(groceries).toMatchObject({ duplicate: false, possible_duplicate: { id: hand.id, payee: 'Whole Foods' } });
    const rows = await list(token);
    const imported = rows.find((r) => r.payee === 'Whole Foods');
    expect(rows.find((r) => r.id === hand.id)?.possible_duplicate?.id).toBe(imported?.id);
    expect(imported?.possible_duplicate?.id).toBe(hand.id);
    // Typed after the bank row came in: the answer says so at once.
    const late = (await api.ok(api.add(token, { date: '2026-11-07', payee: 'Acme payroll', amount: 1200 }))) as Row;
    expect(late.possible_duplicate).toMatchObject({ payee: 'Acme Payroll', date: '2026-11-06' });
  });

  it('merge keeps one (bank id and date from the import, category and note from the hand entry), undo brings both back', async () => {
    const { token, userId } = await api.activeUser();
    await api.budget(token, NOVEMBER_BUDGET);
    const start = await walletBalance(token);
    const hand = (await api.ok(
      api.add(token, { date: '2026-11-04', payee: 'Groceries', amount: -42.1, category: 'Food', note: 'Dinner' }),
    )) as Row;
    const ofx = `<OFX><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-42.10<FITID>WF-1<NAME>WHOLE FOODS GROCERIES</STMTTRN></BANKTRANLIST></OFX>`;
    // A month away it is not this purchase.
    expect((await imports.upload(token, 'bank.ofx', ofx)).json().data.rows[0].possible_duplicate).toBeNull();
    const same = (await imports.upload(token, 'same.ofx', ofx.replace('20261005', '20261105'))).json().data;
    expect(same.rows[0].possible_duplicate).toMatchObject({ id: hand.id });
    await imports.commit(token, same.id);
    expect(await walletBalance(token)).toBeCloseTo(start - 84.2, 2);
    const imported = (await list(token)).find((r) => r.payee === 'Whole Foods') as Row;

    const merged = await merge(token, hand.id, imported.id);
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data).toMatchObject({
      id: imported.id,
      date: '2026-11-05',
      payee: 'Whole Foods',
      original_payee: 'WHOLE FOODS GROCERIES',
      bank_category: null,
      category: 'Food',
      note: 'Dinner',
      amount: -42.1,
      possible_duplicate: null,
    });
    const after = await list(token);
    expect(after.map((r) => r.id)).toEqual([imported.id]);
    expect(await walletBalance(token)).toBeCloseTo(start - 42.1, 2);
    const [stored] = await storedTransactions(t().database.db, userId);
    expect(stored).toMatchObject({ fitid: 'WF-1', category: 'Food', date: '2026-11-05' });
    // The bank file again: the bank id is in the account, left out.
    const again = (await imports.upload(token, 'again.ofx', ofx.replace('20261005', '20261105'))).json().data;
    expect(again).toMatchObject({ duplicates: 1, possible_duplicates: 0 });
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);

    const undone = await unmerge(token, hand.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ id: hand.id, payee: 'Groceries', category: 'Food', note: 'Dinner' });
    const back = await list(token);
    expect(back.map((r) => r.id).sort()).toEqual([hand.id, imported.id].sort());
    expect(back.find((r) => r.id === imported.id)).toMatchObject({
      date: '2026-11-05',
      category: 'Uncategorized',
      note: null,
      possible_duplicate: { id: hand.id },
    });
    expect(await walletBalance(token)).toBeCloseTo(start - 84.2, 2);
    const ids = (await storedTransactions(t().database.db, userId)).map((s) => s.fitid);
    expect(ids.sort()).toEqual(['WF-1', null].sort());
    expect((await unmerge(token, hand.id)).statusCode).toBe(409);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
    // Merged the other way: the hand entry stays, under its id, with the bank's id and date.
    const other = await merge(token, imported.id, hand.id);
    expect(other.json().data).toMatchObject({ id: hand.id, date: '2026-11-05', payee: 'Groceries', category: 'Food' });
    expect((await storedTransactions(t().database.db, userId)).map((s) => s.fitid)).toEqual(['WF-1']);
    expect(await walletBalance(token)).toBeCloseTo(start - 42.1, 2);
    expect((await unmerge(token, imported.id)).statusCode).toBe(200);
    expect(await walletBalance(token)).toBeCloseTo(start - 84.2, 2);
    expect(await ledgerInvariants(t().database.db, userId)).toEqual(HOLDS);
  });

  it('keep both: the flag is gone, and stays gone when the file comes again', async () => {
    const { token } = await api.activeUser();
    const hand = (await api.ok(api.add(token, { date: '2026-11-05', payee: 'Whole Foods', amount: -42.1 }))) as Row;
    await importCsv(token, FILE);
    const imported = (await list(token)).find((r) => r.id !== hand.id && r.payee === 'Whole Foods') as Row;
    expect(imported.possible_duplicate?.id).toBe(hand.id);
    const kept = await keep(token, imported.id, hand.id);
    expect(kept.statusCode).toBe(200);
    expect((await keep(token, hand.id, imported.id)).statusCode).toBe(200);
    expect((await list(token)).every((r) => r.possible_duplicate === null)).toBe(true);
    const again = await importCsv(token, FILE, 'again.csv');
    expect(again.preview.data).toMatchObject({ duplicates: 4, possible_duplicates: 0 });
    expect((await list(token)).every((r) => r.possible_duplicate === null)).toBe(true);
  });

  it('refuses with the field named; another user’s id is a 404 and nothing moves', async () => {
    const a = await api.activeUser();
    const b = await api.activeUser();
    const mine = (await api.ok(api.add(a.token, { date: '2026-11-05', payee: 'Lunch', amount: -12 }))) as Row;
    const other = (await api.ok(api.add(a.token, { date: '2026-11-05', payee: 'Lunch', amount: -13 }))) as Row;
    const theirs = (await api.ok(api.add(b.token, { date: '2026-11-05', payee: 'Lunch', amount: -12 }))) as Row;
    expect(errorPaths(await merge(a.token, mine.id, other.id))).toEqual(['into']);
    expect(errorPaths(await merge(a.token, mine.id, mine.id))).toEqual(['into']);
    expect(errorPaths(await merge(a.token, mine.id, theirs.id))).toEqual(['into']);
    expect(errorPaths(await merge(a.token, mine.id, 42))).toEqual(['into']);
    expect(errorPaths(await keep(a.token, mine.id, 'nope'))).toEqual(['with']);
    expect((await merge(a.token, theirs.id, mine.id)).statusCode).toBe(404);
    expect((await keep(a.token, theirs.id, mine.id)).statusCode).toBe(404);
    expect((await unmerge(a.token, theirs.id)).statusCode).toBe(404);
    expect((await unmerge(a.token, mine.id)).statusCode).toBe(409);
    expect((await list(b.token)).map((r) => r.id)).toEqual([theirs.id]);
    expect((await list(a.token)).map((r) => r.id).sort()).toEqual([mine.id, other.id].sort());
  });
});
