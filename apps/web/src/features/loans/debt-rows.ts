import type { SaveUserDebtsBody, UserDebt } from '@helo/contract/user-debts';
import { isDay } from '@helo/finance/calendar';
import { nextDueDate } from '@helo/finance/due-date';
import { isAmountText } from '../../components/ui/currency-rules.ts';
import { formatDay } from '../../lib/display-format.ts';

/**
 * One row of the debt table form. Amounts are the currency input's raw strings and the date is
 * whatever the date input passed on; '' means the person has not filled the field yet.
 */
export interface DebtFormRow {
  /** Stable React key: rows are added and deleted, so the index cannot be the key. */
  key: string;
  /** The saved loan this row edits (absent for a new row), sent back so the loan keeps its id. */
  saved?: { id: string; version: number };
  debt_id: number | null;
  initial_loan_amount: string;
  outstanding_balance: string;
  monthly_payment_amount: string;
  interest_rate: string;
  due_date: string;
}

export type DebtRowField = Exclude<keyof DebtFormRow, 'key' | 'saved'>;

/** The five fields spec §5 requires of every row, plus the type a blank row needs picked. */
export const REQUIRED_FIELDS: readonly DebtRowField[] = [
  'debt_id',
  'initial_loan_amount',
  'outstanding_balance',
  'monthly_payment_amount',
  'interest_rate',
  'due_date',
];

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

export function blankRow(debtId: number | null = null): DebtFormRow {
  return {
    key: newKey(),
    debt_id: debtId,
    initial_loan_amount: '',
    outstanding_balance: '',
    monthly_payment_amount: '',
    interest_rate: '',
    due_date: '',
  };
}

export function rowsFromUserDebts(debts: readonly UserDebt[]): DebtFormRow[] {
  return debts.map((d) => ({
    key: newKey(),
    saved: { id: d.id, version: d.version },
    debt_id: d.debt_id,
    initial_loan_amount: String(d.initial_loan_amount),
    outstanding_balance: String(d.outstanding_balance),
    monthly_payment_amount: String(d.monthly_payment_amount),
    interest_rate: String(d.interest_rate),
    due_date: d.due_date,
  }));
}

/**
 * Step 1 → step 2: the rows follow the tiles picked. Rows already filled in for a type that is
 * still picked are kept (in their order), a newly picked type gets a blank row, and rows of
 * types no longer picked go.
 */
export function rowsForSelection(selected: readonly number[], current: readonly DebtFormRow[]): DebtFormRow[] {
  const kept = current.filter((r) => r.debt_id !== null && selected.includes(r.debt_id));
  const added = selected.filter((id) => !kept.some((r) => r.debt_id === id)).map((id) => blankRow(id));
  return [...kept, ...added];
}

/** The debt types a set of rows uses, for step 1's ticks when the modal opens. */
export function selectedTypes(rows: readonly DebtFormRow[]): number[] {
  return [...new Set(rows.flatMap((r) => (r.debt_id === null ? [] : [r.debt_id])))];
}

const isEmpty = (row: DebtFormRow, field: DebtRowField) => {
  const value = row[field];
  return value === null || String(value).trim() === '';
};

export function emptyFields(row: DebtFormRow): DebtRowField[] {
  return REQUIRED_FIELDS.filter((f) => isEmpty(row, f));
}

/** Row numbers (from 1, as the form shows them) with a field left empty (spec §5). */
export function rowsMissingFields(rows: readonly DebtFormRow[]): number[] {
  return rows.flatMap((row, i) => (emptyFields(row).length > 0 ? [i + 1] : []));
}

export const missingFieldsMessage = (rowNumbers: readonly number[]) =>
  `Please fill all the fields for row(s) ${rowNumbers.join(', ')}`;

/** The interest rate is typed as free text; a '%' or spaces around it are not part of the number. */
export const parseRate = (text: string) => Number(text.replaceAll('%', '').trim());

/**
 * The save body: numbers converted (spec §5), the date sent as the day. Call only after
 * rowsMissingFields found nothing; a text that is not a number is sent as NaN → null by JSON,
 * and the server names that row. A row of a saved loan carries its id and the version read, and
 * `based_on` is the saved list the edit started from: if another tab or device changed the loans
 * since, the server refuses the save (409) rather than undo that change.
 */
export function toSaveBody(rows: readonly DebtFormRow[], startedFrom: readonly UserDebt[]): SaveUserDebtsBody {
  return {
    based_on: startedFrom.map(({ id, version }) => ({ id, version })),
    debts: rows.map((r) => ({
      ...(r.saved ? { id: r.saved.id, version: r.saved.version } : {}),
      debt_id: r.debt_id ?? 0,
      initial_loan_amount: Number(r.initial_loan_amount),
      outstanding_balance: Number(r.outstanding_balance),
      monthly_payment_amount: Number(r.monthly_payment_amount),
      interest_rate: parseRate(r.interest_rate),
      due_date: r.due_date.slice(0, 10),
    })),
  };
}

const AMOUNT_FIELDS = ['initial_loan_amount', 'outstanding_balance', 'monthly_payment_amount'] as const;

/** Each row's amounts that are not amounts as typed ('12,34.5'), by row key; none sent until fixed. */
export function unreadableAmounts(
  rows: readonly DebtFormRow[],
): { key: string; row: number; fields: DebtRowField[] }[] {
  return rows.flatMap((r, i) => {
    const fields = AMOUNT_FIELDS.filter((f) => !isAmountText(r[f]));
    return fields.length > 0 ? [{ key: r.key, row: i + 1, fields }] : [];
  });
}

/** Rows whose rate text is not a number once '%' is stripped (from 1). */
export function rowsWithBadRate(rows: readonly DebtFormRow[]): number[] {
  return rows.flatMap((r, i) =>
    r.interest_rate.trim() !== '' && !Number.isFinite(parseRate(r.interest_rate)) ? [i + 1] : [],
  );
}

/**
 * A next payment date that has passed is saved as the next one on the same day of the month
 * (docs/decisions.md, issue 25): what a row's date will be saved as, or null when it is kept.
 */
export function rolledDueDate(dueDate: string, today: string): string | null {
  const day = dueDate.slice(0, 10);
  // Not a day of the calendar yet (still being typed): nothing to roll.
  if (!isDay(day) || day >= today) return null;
  return nextDueDate(day, today);
}

/** The hint under a row's date that has passed: what it will be saved as. */
export const rolledHint = (rolledTo: string) => `This day has passed: it will be saved as ${formatDay(rolledTo)}.`;

/**
 * What the save did to the dates sent: each row whose date passed and was saved as the next one,
 * said in a sentence (empty when none was).
 */
export function rolledSentence(rows: readonly DebtFormRow[], saved: readonly UserDebt[]): string {
  return rows
    .flatMap((row, i) => {
      const sent = row.due_date.slice(0, 10);
      const kept = saved[i]?.due_date;
      return kept && kept !== sent
        ? [`Row ${i + 1}: ${formatDay(sent)} has passed, so the next payment date is saved as ${formatDay(kept)}.`]
        : [];
    })
    .join(' ');
}
