import type { Debt } from '@helo/contract/catalogues';
import type { UserDebt } from '@helo/contract/user-debts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CHECK_AMOUNT } from '../../components/ui/currency-rules.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showToast, TOAST_MS, toastError, toastSuccess } from '../../lib/toast.ts';
import styles from './debt-editor.module.css';
import {
  blankRow,
  type DebtFormRow,
  type DebtRowField,
  emptyFields,
  missingFieldsMessage,
  rolledSentence,
  rowsForSelection,
  rowsFromUserDebts,
  rowsMissingFields,
  rowsWithBadRate,
  selectedTypes,
  toSaveBody,
  unreadableAmounts,
} from './debt-rows.ts';
import { DebtSelectStep } from './debt-select-step.tsx';
import { DebtTableForm, type RowErrors } from './debt-table-form.tsx';
import { isStaleSave, useReloadUserDebts, useSaveUserDebts } from './use-debts.ts';

const ROLLED_TOAST_MS = 8000;

export const SELECT_TITLE = 'What current debts and loans do you have?';
export const TABLE_TITLE = 'Tell us about each loan';

/** Inline errors for the empty fields, so the toast's row numbers are easy to find. */
function requiredErrors(rows: readonly DebtFormRow[]): RowErrors {
  const errors: RowErrors = {};
  for (const row of rows) {
    const fields = emptyFields(row);
    if (fields.length) errors[row.key] = Object.fromEntries(fields.map((f) => [f, 'Required']));
  }
  return errors;
}

/** The server names fields as 'debts.{index}.{field}'; put each message under its field. */
function serverErrors(rows: readonly DebtFormRow[], error: ApiError): RowErrors {
  const errors: RowErrors = {};
  for (const { path, message } of error.errors) {
    const m = /^debts\.(\d+)\.(\w+)$/.exec(path);
    const row = m ? rows[Number(m[1])] : undefined;
    if (!m || !row) continue;
    errors[row.key] = { ...errors[row.key], [m[2] as DebtRowField]: message };
  }
  return errors;
}

/**
 * The two steps of the debt setup (spec "My Loans", edit modal): pick the types, then fill in a row
 * per loan and save the whole list. Used by /loan-payments and by the edit modal. The edit starts
 * from `saved` (the user's saved loans) and the save names it, so a save made after another tab or
 * device changed the loans is refused; the editor then offers to reload the latest list.
 */
export function DebtEditor({
  catalogue,
  saved,
  submitLabel,
  title,
  onSaved,
  announce = false,
}: {
  catalogue: readonly Debt[];
  saved: readonly UserDebt[];
  submitLabel: string;
  title: (text: string) => ReactNode;
  onSaved: () => void;
  /**
   * Repeat the toasts in a live region of the editor's own. In a modal dialog everything outside
   * it, the toasts included, is hidden from screen readers while it is open.
   */
  announce?: boolean;
}) {
  const [step, setStep] = useState<'select' | 'table'>('select');
  // The saved list this edit started from (what the save names as `based_on`).
  const [base, setBase] = useState(saved);
  const [rows, setRows] = useState(() => rowsFromUserDebts(saved));
  const [selected, setSelected] = useState(() => selectedTypes(rows));
  const [errors, setErrors] = useState<RowErrors>({});
  // The server's message when the save was refused as stale; the primary button is Reload then.
  const [stale, setStale] = useState<string | null>(null);
  const save = useSaveUserDebts();
  const reloadList = useReloadUserDebts();
  // Update and Reload take turns in one place: the focus follows, so it is never lost on the page.
  const primary = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    primary.current?.focus();
  });
  // What the last toast said, repeated inside the editor when `announce` is on (see there).
  const [announcement, setAnnouncement] = useState('');
  /** A form the spec refuses before it is sent: its message, in the error style, for 2000 ms. */
  const refuse = (text: string) => {
    showToast('error', text, TOAST_MS.medium);
    setAnnouncement(text);
  };
  /** A call that failed: the server's message or 'Something went wrong', for 3000 ms (decisions.md). */
  const failed = (error: unknown) => setAnnouncement(toastError(error, TOAST_MS.long));

  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const toTable = () => {
    setRows((current) => rowsForSelection(selected, current));
    setErrors({});
    setStep('table');
  };
  const change = (key: string, field: DebtRowField, value: string | number) => {
    setRows((rs) =>
      rs.map((r) => (r.key === key ? { ...r, [field]: value === '' ? (field === 'debt_id' ? null : '') : value } : r)),
    );
    setErrors((es) => (es[key]?.[field] ? { ...es, [key]: { ...es[key], [field]: undefined } } : es));
  };
  const remove = (key: string) => setRows((rs) => rs.filter((r) => r.key !== key));
  const add = () => setRows((rs) => [...rs, blankRow()]);

  const submit = async () => {
    const missing = rowsMissingFields(rows);
    if (missing.length > 0) {
      setErrors(requiredErrors(rows));
      refuse(missingFieldsMessage(missing));
      return;
    }
    const unreadable = unreadableAmounts(rows);
    if (unreadable.length > 0) {
      setErrors(
        Object.fromEntries(unreadable.map((u) => [u.key, Object.fromEntries(u.fields.map((f) => [f, CHECK_AMOUNT]))])),
      );
      refuse(`Please check the amounts in row(s) ${unreadable.map((u) => u.row).join(', ')}`);
      return;
    }
    const badRate = rowsWithBadRate(rows);
    if (badRate.length > 0) {
      setErrors(
        Object.fromEntries(
          badRate.map((n) => [rows[n - 1]?.key ?? '', { interest_rate: 'Enter the rate as a number, like 6.5' }]),
        ),
      );
      refuse(`Please enter the interest rate as a number for row(s) ${badRate.join(', ')}`);
      return;
    }
    try {
      const result = await save.mutateAsync(toSaveBody(rows, base));
      const rolled = rolledSentence(rows, result.data);
      if (rolled) {
        // Long enough to read: the date saved is not the one the person sent.
        showToast('success', `Your debts are saved. ${rolled}`, ROLLED_TOAST_MS);
        setAnnouncement(rolled);
      } else toastSuccess(result.message, 'Your debts are saved', TOAST_MS.short);
      onSaved();
    } catch (error) {
      if (isStaleSave(error)) {
        moveFocus.current = true;
        setStale(error.message);
        toastError(error, TOAST_MS.long);
        return;
      }
      if (error instanceof ApiError) setErrors(serverErrors(rows, error));
      failed(error);
    }
  };

  /** Starts again from the latest saved list, on the same step; the person makes the change again. */
  const reload = async () => {
    let latest: UserDebt[];
    try {
      latest = await reloadList();
    } catch (error) {
      failed(error);
      return;
    }
    const fresh = rowsFromUserDebts(latest);
    setBase(latest);
    setRows(fresh);
    setSelected(selectedTypes(fresh));
    setErrors({});
    setStale(null);
    moveFocus.current = true;
    setAnnouncement('Showing your latest loans. Make your change again, then save.');
  };

  if (step === 'select') {
    return (
      <div className={styles.editor}>
        {title(SELECT_TITLE)}
        <MutedText>Pick every kind of loan you are paying off. You can add more than one of a kind next.</MutedText>
        <DebtSelectStep catalogue={catalogue} selected={selected} onToggle={toggle} />
        {stale && <StaleAlert message={stale} onReload={reload} />}
        <div className={styles.actions}>
          <Button onClick={toTable}>Add Loans</Button>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.editor}>
      {title(TABLE_TITLE)}
      {announce && (
        <p role="status" className="visually-hidden">
          {announcement}
        </p>
      )}
      <MutedText>
        Every field is needed for every loan. The next payment date is the day your next payment is due.
      </MutedText>
      {rows.length === 0 ? (
        <p className={styles.empty}>No loans listed. Add a row to list one.</p>
      ) : (
        <DebtTableForm catalogue={catalogue} rows={rows} errors={errors} onChange={change} onDelete={remove} />
      )}
      {stale && <StaleAlert message={stale} onReload={reload} reloadRef={primary} />}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setStep('select')}>
          Back
        </Button>
        <Button variant="secondary" onClick={add}>
          Add a row
        </Button>
        {/* Saving again from a stale list would be refused again: Reload comes first. */}
        {!stale && (
          <Button ref={primary} onClick={submit} loading={save.isPending}>
            {submitLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
