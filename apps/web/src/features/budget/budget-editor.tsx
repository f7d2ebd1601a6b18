import { BUDGET_GROUPS, MAX_BUDGET_CATEGORIES } from '@helo/contract/budgets';
import { formatCents } from '@helo/finance/format';
import type { ReactNode } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { FieldInput } from '../../components/ui/field.tsx';
import { FieldError } from '../../components/ui/field-error.tsx';
import { formatDollars } from '../../lib/display-format.ts';
import { useApiForm } from '../../lib/forms.ts';
import styles from './budget-editor.module.css';
import { type BudgetValues, budgetForm, GROUP_LABELS, overspentCents } from './budget-values.ts';

/**
 * The net income and the category table (name, group, planned), with rows added and removed; shared
 * by the setup and the details page. `onSave` gets values the contract accepts; what it throws with
 * field errors lands on the fields. `actions` replaces the save button (a stale budget's Reload).
 */
export function BudgetEditor({
  values,
  submitLabel,
  onSave,
  actions,
  incomeHint,
  spent,
}: {
  values: BudgetValues;
  submitLabel: string;
  onSave: (values: BudgetValues) => Promise<void>;
  actions?: ReactNode;
  incomeHint?: string;
  /** What My Wallet spent in each category this month, by lower-case name: a Spent column when given. */
  spent?: ReadonlyMap<string, number> | undefined;
}) {
  const { formError, onSubmit, control, register, watch, formState } = useApiForm(
    budgetForm,
    async (v) => onSave(v as BudgetValues),
    { defaultValues: values },
  );
  const { fields, append, remove } = useFieldArray({ control, name: 'categories' });
  const rows = watch('categories');
  const errors = formState.errors;
  const full = fields.length >= MAX_BUDGET_CATEGORIES;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <Controller
        control={control}
        name="net_income"
        render={({ field }) => (
          <CurrencyInput
            className={styles.income}
            label="Net monthly income"
            hint={incomeHint ?? 'What you take home each month, after tax.'}
            error={errors.net_income?.message}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
          />
        )}
      />
      <table className={styles.table}>
        <caption className="visually-hidden">Your categories and what you plan for each</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Group</th>
            <th scope="col">Planned</th>
            {spent && (
              <th scope="col" className={styles.spentHeader}>
                Spent
              </th>
            )}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((row, i) => {
            const name = rows[i]?.name.trim() || `row ${i + 1}`;
            const e = errors.categories?.[i];
            const nameError = `budget-row-${row.id}-name-error`;
            return (
              <tr key={row.id}>
                <td className={styles.name}>
                  <CellLabel>Category</CellLabel>
                  <FieldInput
                    aria-label={`Name of ${name}`}
                    aria-invalid={e?.name ? true : undefined}
                    aria-describedby={e?.name ? nameError : undefined}
                    autoComplete="off"
                    {...register(`categories.${i}.name`)}
                  />
                  <FieldError id={nameError} message={e?.name?.message} />
                </td>
                <td className={styles.group}>
                  <CellLabel>Group</CellLabel>
                  <select
                    className={styles.select}
                    aria-label={`Group of ${name}`}
                    {...register(`categories.${i}.group`)}
                  >
                    {BUDGET_GROUPS.map((g) => (
                      <option key={g} value={g}>
                        {GROUP_LABELS[g]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={styles.planned}>
                  <CellLabel>Planned</CellLabel>
                  <Controller
                    control={control}
                    name={`categories.${i}.planned`}
                    render={({ field }) => (
                      <CurrencyInput
                        // The column's header says it on screen; the row's own name is for a screen reader.
                        label=""
                        aria-label={`Planned for ${name}`}
                        error={e?.planned?.message}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      />
                    )}
                  />
                </td>
                {spent && (
                  <SpentCell
                    planned={rows[i]?.planned ?? ''}
                    spent={spent.get(rows[i]?.name.trim().toLowerCase() ?? '') ?? 0}
                  />
                )}
                <td className={styles.remove}>
                  <IconButton label={`Remove ${name}`} onClick={() => remove(i)}>
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors.categories?.message && <FieldError id="budget-categories-error" message={errors.categories.message} />}
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          disabled={full}
          onClick={() => append({ name: '', group: 'wants', planned: '', preset: null })}
        >
          Add a category
        </Button>
        {actions ?? (
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        )}
      </div>
      {full && <p className={styles.full}>A budget can have at most {MAX_BUDGET_CATEGORIES} categories.</p>}
    </form>
  );
}

/**
 * The column's name inside the cell, shown on a phone where the table's headers are hidden. The
 * input's own aria-label (with the row's name) is what a screen reader reads, so this is for the eye.
 */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className={styles.cellLabel} aria-hidden="true">
      {children}
    </span>
  );
}

/** What My Wallet spent in the row's category, marked with how much it is over the planned amount. */
function SpentCell({ planned, spent }: { planned: string; spent: number }) {
  const over = overspentCents(planned, spent);
  return (
    <td className={over === null ? styles.spent : `${styles.spent} ${styles.over}`}>
      <span className={styles.spentLabel}>Spent </span>
      {formatDollars(spent)}
      {over !== null && <span className={styles.overBy}>Over by {formatCents(over)}</span>}
    </td>
  );
}
