import { type debtRow, isLoanId, type UserDebt } from '@helo/contract/user-debts';
import type { Db } from '@helo/db/client';
import { cents } from '@helo/finance/cents';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { conflict, invalidField, notFound } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { lockUser } from '../../lib/user-lock.ts';
import { owedByLoan, setOwed } from './loan-ledger.ts';
import {
  deleteUserDebts,
  findUserDebt,
  insertUserDebts,
  knownDebtIds,
  type LoanFields,
  listUserDebts,
  listUserDebtsIn,
  type SavedDebt,
  updateUserDebt,
} from './user-debts.repository.ts';
import { effectiveDueDate, loanName, toFields, toWire } from './user-debts.wire.ts';

type DebtRow = z.output<typeof debtRow>;

/** One row of a whole-list save: a saved loan's id (and the version read) or none for a new loan. */
export interface ListRow {
  id?: string | undefined;
  version?: number | undefined;
  fields: LoanFields;
}

/** A loan as a client read it. */
export interface LoanRef {
  id: string;
  version: number;
}

export const STALE_LOANS =
  'These loans were changed in another tab or device. Reload to see the latest, then make your change again.';
export const LOAN_NOT_FOUND = 'Loan not found';

/**
 * The fields as they are to be written over `saved`: a due date that is the saved one, or the date it
 * reads as today (rolled on), keeps the loan's day of the month (a loan due on the 31st read as
 * Feb 28 stays a loan of the 31st); any other date makes its own day the loan's day.
 */
function overSaved(saved: SavedDebt['row'], fields: LoanFields, today: string): LoanFields {
  const sameDate = fields.dueDate === saved.dueDate || fields.dueDate === effectiveDueDate(saved, today);
  return sameDate ? { ...fields, dueDay: saved.dueDay } : fields;
}

/** Nothing to write to the row: the date sent is the saved one or the one it reads as today. */
const sameAsSaved = (saved: SavedDebt['row'], fields: LoanFields, position: number, today: string) =>
  saved.position === position &&
  saved.debtId === fields.debtId &&
  saved.initialLoanAmountCents === fields.initialLoanAmountCents &&
  saved.monthlyPaymentCents === fields.monthlyPaymentCents &&
  Number(saved.interestRate) === Number(fields.interestRatePercent.toFixed(4)) &&
  (fields.nickname === undefined || fields.nickname === saved.nickname) &&
  (saved.dueDate === fields.dueDate || effectiveDueDate(saved, today) === fields.dueDate);

/** The user's loans in their order as the contract answers them, each owing what its ledger account says. */
export async function loansOf(db: Db, userId: string, today: string, saved?: SavedDebt[]): Promise<UserDebt[]> {
  const loans = saved ?? (await listUserDebtsIn(db, userId));
  const owed = await owedByLoan(db, userId);
  return loans.map((d) => toWire(d, today, owed.get(d.row.id) ?? cents(0)));
}

/**
 * The user's loans (spec "User debts"). Every write runs in one transaction that first locks the
 * user's row, so writes of one user run one after the other: a whole-list save never mixes with
 * another, and a version read under the lock is still the version when the row is written. What a
 * loan owes is its ledger account's (issue 27): a balance typed here is posted there (loan-ledger.ts).
 */
export class UserDebtsService {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async list(userId: string): Promise<UserDebt[]> {
    return loansOf(this.#db, userId, this.#today(), await listUserDebts(this.#db, userId));
  }

  /**
   * Saves the whole list (spec: POST/PUT /v1/user-debts). A row with an id updates that loan in
   * place (same id, one more version, only if something changed); a row without one is a new loan;
   * saved loans missing from the list are deleted; the list's order is the saved order.
   * Refused with nothing written: an unknown debt type or a loan listed twice (400), `basedOn` that
   * is not the saved list or a row's version that is not the saved one (409), an id that is not one
   * of the user's loans (404: another user's id is answered like an id that never existed).
   */
  async saveList(userId: string, debts: DebtRow[], basedOn?: LoanRef[]): Promise<UserDebt[]> {
    const rows: ListRow[] = debts.map((d) => ({ id: d.id, version: d.version, fields: toFields(d) }));
    const seen = new Map<string, number>();
    rows.forEach((row, i) => {
      if (row.id === undefined) return;
      const id = row.id.toLowerCase();
      if (seen.has(id)) throw invalidField(`debts.${i}.id`, `This loan is already in row ${(seen.get(id) ?? 0) + 1}`);
      seen.set(id, i);
    });
    const saved = await this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await this.#checkDebtTypes(
        tx,
        rows.map((r) => r.fields.debtId),
        (i) => `debts.${i}.debt_id`,
      );
      const before = await listUserDebtsIn(tx, userId);
      const saved = new Map(before.map((d) => [d.row.id, d.row]));
      if (basedOn && !sameList(saved, basedOn)) throw conflict(STALE_LOANS);
      rows.forEach((row, i) => {
        if (row.id === undefined) return;
        const current = saved.get(row.id.toLowerCase());
        if (!current) {
          throw notFound(
            `Row ${i + 1}: ${LOAN_NOT_FOUND}. It may have been deleted in another tab or device: reload to see the latest.`,
          );
        }
        if (row.version !== undefined && row.version !== current.version) throw conflict(STALE_LOANS);
      });

      const now = this.#clock.now();
      const today = productToday(now);
      const owed = await owedByLoan(tx, userId);
      const gone = before.filter((d) => !seen.has(d.row.id));
      // A deleted loan owes nothing any more: its account is closed before its row goes.
      for (const loan of gone) {
        await setOwed(tx, userId, { id: loan.row.id, name: loanName(loan) }, cents(0), {
          day: today,
          kind: 'loan.closed',
          now,
        });
      }
      await deleteUserDebts(
        tx,
        userId,
        gone.map((d) => d.row.id),
      );
      const created: { fields: LoanFields; position: number }[] = [];
      const owing: { id: string; fields: LoanFields; kind: 'loan.opening' | 'loan.adjustment' }[] = [];
      for (const [position, row] of rows.entries()) {
        const current = row.id === undefined ? undefined : saved.get(row.id.toLowerCase());
        if (!current) {
          created.push({ fields: row.fields, position });
          continue;
        }
        // A changed balance is a change of the loan too: its version counts it, as before.
        const balanceChanged = (owed.get(current.id) ?? 0) !== row.fields.outstandingBalanceCents;
        if (!sameAsSaved(current, row.fields, position, today) || balanceChanged) {
          await updateUserDebt(tx, userId, current.id, overSaved(current, row.fields, today), position, now);
        }
        owing.push({ id: current.id, fields: row.fields, kind: 'loan.adjustment' });
      }
      const ids = await insertUserDebts(tx, userId, created, now);
      ids.forEach((id, i) => {
        const fields = created[i]?.fields;
        if (fields) owing.push({ id, fields, kind: 'loan.opening' });
      });
      // What each loan owes, posted to its account once the rows (and so the loans' names) are written.
      const after = await listUserDebtsIn(tx, userId);
      for (const { id, fields, kind } of owing) {
        const loan = after.find((d) => d.row.id === id);
        if (!loan) continue;
        const name = loanName(loan);
        await setOwed(tx, userId, { id, name }, fields.outstandingBalanceCents, { day: today, kind, now });
      }
      return loansOf(tx, userId, today, after);
    });
    return saved;
  }

  /** PUT /v1/user-debts/{id}: one loan's fields, when `version` is still the saved one. Keeps its place. */
  async update(userId: string, id: string, body: DebtRow & { version: number }): Promise<UserDebt> {
    const fields = toFields(body);
    const { version } = body;
    const written = await this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await this.#checkDebtTypes(tx, [fields.debtId], () => 'debt_id');
      const current = isLoanId(id) ? await findUserDebt(tx, userId, id) : undefined;
      if (!current) throw notFound(LOAN_NOT_FOUND);
      if (current.row.version !== version) throw conflict(STALE_LOANS);
      const now = this.#clock.now();
      const today = productToday(now);
      const owedBefore = (await owedByLoan(tx, userId)).get(current.row.id) ?? cents(0);
      const balanceChanged = owedBefore !== fields.outstandingBalanceCents;
      if (!sameAsSaved(current.row, fields, current.row.position, today) || balanceChanged) {
        // A changed balance is a change of the loan: its version counts it, as before.
        await updateUserDebt(tx, userId, current.row.id, overSaved(current.row, fields, today), undefined, now);
      }
      const row = await findUserDebt(tx, userId, current.row.id);
      if (!row) throw notFound(LOAN_NOT_FOUND);
      const adjustment = { day: today, kind: 'loan.adjustment' as const, now };
      await setOwed(tx, userId, { id: row.row.id, name: loanName(row) }, fields.outstandingBalanceCents, adjustment);
      return (await loansOf(tx, userId, today, [row]))[0] as UserDebt;
    });
    return written;
  }

  /** Today in New York: the day due dates are read against. */
  #today(): string {
    return productToday(this.#clock.now());
  }

  /** DELETE /v1/user-debts/{id}: without a version the loan goes whatever was written since. */
  remove(userId: string, id: string, version: number | undefined): Promise<void> {
    return this.#db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const current = isLoanId(id) ? await findUserDebt(tx, userId, id) : undefined;
      if (!current) throw notFound(LOAN_NOT_FOUND);
      if (version !== undefined && current.row.version !== version) throw conflict(STALE_LOANS);
      const now = this.#clock.now();
      const closing = { day: productToday(now), kind: 'loan.closed' as const, now };
      await setOwed(tx, userId, { id: current.row.id, name: loanName(current) }, cents(0), closing);
      await deleteUserDebts(tx, userId, [current.row.id]);
    });
  }

  async #checkDebtTypes(tx: Db, debtIds: number[], path: (index: number) => string): Promise<void> {
    const known = await knownDebtIds(tx, [...new Set(debtIds)]);
    const unknown = debtIds.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw invalidField(path(unknown), 'Unknown debt type');
  }
}

/** True when the saved loans are exactly `refs`: the same ids, each at the version the client read. */
function sameList(saved: Map<string, SavedDebt['row']>, refs: LoanRef[]): boolean {
  const read = new Map(refs.map((r) => [r.id.toLowerCase(), r.version]));
  if (read.size !== refs.length || read.size !== saved.size) return false;
  return [...saved.values()].every((row) => read.get(row.id) === row.version);
}
