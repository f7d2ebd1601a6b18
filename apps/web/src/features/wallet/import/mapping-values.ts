import type { CsvMappingBody } from '@helo/contract/wallet';

/**
 * The mapping step's form: each select holds a column's index as a string ('' for none), and the
 * amount is read either from one signed column or from a debit and/or a credit column.
 */
export interface MappingValues {
  header: boolean;
  date: string;
  payee: string;
  amountKind: 'signed' | 'split';
  amount: string;
  debit: string;
  credit: string;
  memo: string;
  /** The bank's own category column ('' for none). */
  category: string;
  /** A column of debit/credit words for the sign ('' for none). */
  sign: string;
  flip_sign: boolean;
  /** Lines before the header, as typed. */
  skip_lines: string;
  date_order: CsvMappingBody['date_order'];
  decimal: CsvMappingBody['decimal'];
}

export type MappingField = 'date' | 'payee' | 'amount' | 'debit' | 'memo' | 'category' | 'sign' | 'skip_lines';

const column = (index: number | null) => (index === null ? '' : String(index));
const index = (value: string) => (value === '' ? null : Number(value));

/** The form as the server's mapping (its guess, or the one last sent) fills it. */
export function mappingValuesOf(mapping: CsvMappingBody): MappingValues {
  const split = mapping.amount === null && (mapping.debit !== null || mapping.credit !== null);
  return {
    header: mapping.header,
    date: column(mapping.date),
    payee: column(mapping.payee),
    amountKind: split ? 'split' : 'signed',
    amount: column(mapping.amount),
    debit: column(mapping.debit),
    credit: column(mapping.credit),
    memo: column(mapping.memo),
    category: column(mapping.category ?? null),
    sign: column(mapping.sign ?? null),
    flip_sign: mapping.flip_sign ?? false,
    skip_lines: String(mapping.skip_lines ?? 0),
    date_order: mapping.date_order,
    decimal: mapping.decimal,
  };
}

/**
 * What is missing or clashes before the form can be sent, by field: the date, payee and amount
 * columns must be chosen (debit or credit, one is enough), and no column can be read as two things.
 */
export function mappingProblems(values: MappingValues): Partial<Record<MappingField, string>> {
  const problems: Partial<Record<MappingField, string>> = {};
  if (!/^\d{1,4}$/.test(values.skip_lines.trim()) || Number(values.skip_lines) > 1000) {
    problems.skip_lines = 'Enter a whole number of lines, from 0 to 1000';
  }
  if (values.date === '') problems.date = 'Choose the date column';
  if (values.payee === '') problems.payee = 'Choose the payee column';
  if (values.amountKind === 'signed' && values.amount === '') problems.amount = 'Choose the amount column';
  if (values.amountKind === 'split' && values.debit === '' && values.credit === '') {
    problems.debit = 'Choose a money out or a money in column';
  }
  const amounts: [MappingField | 'credit', string][] =
    values.amountKind === 'signed'
      ? [['amount', values.amount]]
      : [
          ['debit', values.debit],
          ['credit', values.credit],
        ];
  const used: [MappingField | 'credit', string][] = [
    ['date', values.date],
    ['payee', values.payee],
    ...amounts,
    ['sign', values.sign],
    ['memo', values.memo],
    ['category', values.category],
  ];
  const seen = new Map<string, MappingField | 'credit'>();
  for (const [field, value] of used) {
    if (value === '') continue;
    const first = seen.get(value);
    if (first === undefined) {
      seen.set(value, field);
      continue;
    }
    // The later field is the one at fault ('credit' has no message of its own: it is told at 'debit').
    const at: MappingField = field === 'credit' ? 'debit' : field;
    problems[at] ??= `This column is already the ${FIELD_NAMES[first]} column`;
  }
  return problems;
}

const FIELD_NAMES: Record<MappingField | 'credit', string> = {
  date: 'date',
  payee: 'payee',
  amount: 'amount',
  debit: 'money out',
  credit: 'money in',
  memo: 'memo',
  category: 'category',
  sign: 'sign',
  skip_lines: 'lines to skip',
};

/** The body's mapping from a form without problems; null while something is missing. */
export function mappingBodyOf(values: MappingValues): CsvMappingBody | null {
  if (Object.keys(mappingProblems(values)).length > 0) return null;
  const signed = values.amountKind === 'signed';
  return {
    header: values.header,
    date: Number(values.date),
    payee: Number(values.payee),
    amount: signed ? index(values.amount) : null,
    debit: signed ? null : index(values.debit),
    credit: signed ? null : index(values.credit),
    memo: index(values.memo),
    category: index(values.category),
    sign: index(values.sign),
    flip_sign: values.flip_sign,
    skip_lines: Number(values.skip_lines.trim()),
    date_order: values.date_order,
    decimal: values.decimal,
  };
}

/**
 * The choices of a column select: the file's first row names them ('2. Description'), or, without a
 * header row, shows the first value read from them ('2. e.g. COFFEE SHOP').
 */
export function columnChoices(columns: readonly string[], header: boolean): { value: string; text: string }[] {
  return columns.map((cell, i) => {
    const shown = cell.trim().length > 40 ? `${cell.trim().slice(0, 39)}…` : cell.trim();
    const text = shown === '' ? `Column ${i + 1}` : header ? `${i + 1}. ${shown}` : `${i + 1}. e.g. ${shown}`;
    return { value: String(i), text };
  });
}
