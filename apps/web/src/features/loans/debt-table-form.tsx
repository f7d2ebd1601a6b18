import type { Debt } from '@helo/contract/catalogues';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { type DebtFormRow, type DebtRowField, rolledDueDate, rolledHint } from './debt-rows.ts';
import styles from './debt-table-form.module.css';
import { debtCaption, initialAmountLabel } from './debt-types.ts';

/** The hint under a date that has passed (today as the browser's day: the form's own calendar). */
function rolledTo(dueDate: string): string | undefined {
  const next = rolledDueDate(dueDate, browserDay());
  return next ? rolledHint(next) : undefined;
}

export type RowErrors = Record<string, Partial<Record<DebtRowField, string>>>;

// One label per field: the header row's column names and each field's own label.
const LABELS: Record<DebtRowField, string> = {
  debt_id: 'Loan type',
  initial_loan_amount: 'Initial loan amount or credit limit',
  outstanding_balance: 'Outstanding balance',
  monthly_payment_amount: 'Monthly payment',
  interest_rate: 'Interest rate (%)',
  due_date: 'Next payment date',
};
const AMOUNTS = ['initial_loan_amount', 'outstanding_balance', 'monthly_payment_amount'] as const;

/**
 * Step 2: the attribute header row and one row of fields per debt. Each row is one set of fields
 * laid out two ways by CSS: a table row on wide screens (the header names the columns), a card
 * repeating each field's label on phones.
 */
export function DebtTableForm({
  catalogue,
  rows,
  errors,
  onChange,
  onDelete,
}: {
  catalogue: readonly Debt[];
  rows: readonly DebtFormRow[];
  errors: RowErrors;
  onChange: (key: string, field: DebtRowField, value: string | number) => void;
  onDelete: (key: string) => void;
}) {
  const options = catalogue.map((d) => ({ text: debtCaption(d.debt_name), value: String(d.id) }));
  const debtNameOf = (id: number | null) => catalogue.find((d) => d.id === id)?.debt_name;
  const nameOf = (id: number | null) => options.find((o) => o.value === String(id))?.text ?? 'New loan';

  return (
    <div className={styles.table}>
      <div className={styles.headerRow} aria-hidden="true">
        <span>#</span>
        {Object.values(LABELS).map((c) => (
          <span key={c}>{c}</span>
        ))}
        <span />
      </div>
      {rows.map((row, i) => {
        const e = errors[row.key] ?? {};
        const number = i + 1;
        return (
          <fieldset key={row.key} className={styles.row} data-testid={`debt-row-${number}`}>
            <legend className={styles.rowLegend}>
              <span className={styles.rowNumber}>{number}</span>
              <span className={styles.rowName}>{nameOf(row.debt_id)}</span>
            </legend>
            <Dropdown
              className={styles.cell}
              label={LABELS.debt_id}
              options={options}
              value={row.debt_id === null ? null : String(row.debt_id)}
              onChange={(o) => onChange(row.key, 'debt_id', o.value === '' ? '' : Number(o.value))}
              error={e.debt_id}
              isSearchable={false}
              isClearable={false}
            />
            {AMOUNTS.map((field) => (
              <CurrencyInput
                key={field}
                className={styles.cell}
                label={field === 'initial_loan_amount' ? initialAmountLabel(debtNameOf(row.debt_id)) : LABELS[field]}
                value={row[field]}
                onChange={(v) => onChange(row.key, field, v)}
                error={e[field]}
              />
            ))}
            <TextField
              className={styles.cell}
              label={LABELS.interest_rate}
              inputMode="decimal"
              autoComplete="off"
              value={row.interest_rate}
              onChange={(ev) => onChange(row.key, 'interest_rate', ev.target.value)}
              error={e.interest_rate}
            />
            <DateInput
              className={styles.cell}
              label={LABELS.due_date}
              value={row.due_date}
              onChange={(v) => onChange(row.key, 'due_date', v)}
              error={e.due_date}
              hint={rolledTo(row.due_date)}
            />
            <IconButton label={`Delete row ${number}`} className={styles.deleteRow} onClick={() => onDelete(row.key)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </IconButton>
          </fieldset>
        );
      })}
    </div>
  );
}
