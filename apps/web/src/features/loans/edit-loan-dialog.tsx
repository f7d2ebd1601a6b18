import { LOAN_NICKNAME_MAX, type UserDebt } from '@helo/contract/user-debts';
import { type FormEvent, useState } from 'react';
import { Form } from '../../components/layout/form.tsx';
import { StaleAlert } from '../../components/layout/stale-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyInput } from '../../components/ui/currency-input.tsx';
import { CHECK_AMOUNT } from '../../components/ui/currency-rules.ts';
import { DateInput } from '../../components/ui/date-input.tsx';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { browserDay } from '../../lib/calendar.ts';
import { showToast, TOAST_MS, toastError } from '../../lib/toast.ts';
import {
  type DebtFormRow,
  type DebtRowField,
  emptyFields,
  rolledDueDate,
  rolledHint,
  rolledSentence,
  rowsFromUserDebts,
  rowsWithBadRate,
  toSaveBody,
  unreadableAmounts,
} from './debt-rows.ts';
import { initialAmountLabel } from './debt-types.ts';
import styles from './edit-loan-dialog.module.css';
import { isStaleSave, useReloadUserDebts, useUpdateUserDebt } from './use-debts.ts';

type Errors = Partial<Record<DebtRowField | 'nickname', string>>;

/** A refused field's message, from a form check or the server's `errors` (their paths are the fields). */
function checkRow(row: DebtFormRow): Errors {
  const errors: Errors = Object.fromEntries(emptyFields(row).map((f) => [f, 'Required']));
  for (const f of unreadableAmounts([row])[0]?.fields ?? []) errors[f] ??= CHECK_AMOUNT;
  if (rowsWithBadRate([row]).length > 0) errors.interest_rate ??= 'Enter the rate as a number, like 6.5';
  return errors;
}

/**
 * One loan's own form (issue 25): a card's Edit opens it, and it saves that loan alone
 * (PUT /v1/user-debts/{id}, with the version read), leaving the others as they are. Adding loans
 * and the whole list stay with the spec's two-step modal.
 */
export function EditLoanDialog({ debt, name, onClose }: { debt: UserDebt | null; name: string; onClose: () => void }) {
  return (
    <FormDialog open={debt !== null} onClose={onClose} title={`Edit ${name}`}>
      {debt && <LoanForm debt={debt} onDone={onClose} />}
    </FormDialog>
  );
}

function LoanForm({ debt, onDone }: { debt: UserDebt; onDone: () => void }) {
  const [row, setRow] = useState<DebtFormRow>(() => rowsFromUserDebts([debt])[0] as DebtFormRow);
  const [nickname, setNickname] = useState(debt.nickname ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [stale, setStale] = useState<string | null>(null);
  const update = useUpdateUserDebt(debt.id);
  const reload = useReloadUserDebts();
  const set = (field: DebtRowField, value: string) => {
    setRow((r) => ({ ...r, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const next = rolledDueDate(row.due_date, browserDay());

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkRow(row);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    const sent = toSaveBody([row], [debt]).debts[0];
    if (!sent) return;
    const { id: _id, version: _version, ...fields } = sent;
    try {
      // Trimmed by the server too; an emptied field clears the name.
      const result = await update.mutateAsync({ ...fields, nickname: nickname.trim(), version: debt.version });
      const rolled = rolledSentence([row], [result.data]).replace(/^Row 1: /, '');
      showToast('success', rolled ? `Loan saved. ${rolled}` : 'Loan saved', rolled ? 8000 : TOAST_MS.short);
      onDone();
    } catch (error) {
      if (isStaleSave(error)) {
        setStale(error.message);
        return;
      }
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(error.errors.map((e) => [e.path, e.message])) as Errors);
      }
      toastError(error, TOAST_MS.long);
    }
  };

  return (
    <Form onSubmit={submit} className={styles.form}>
      <div className={styles.fields}>
        <CurrencyInput
          label={initialAmountLabel(debt.debt.debt_name)}
          value={row.initial_loan_amount}
          onChange={(v) => set('initial_loan_amount', v)}
          error={errors.initial_loan_amount}
        />
        <CurrencyInput
          label="Outstanding balance"
          value={row.outstanding_balance}
          onChange={(v) => set('outstanding_balance', v)}
          error={errors.outstanding_balance}
        />
        <CurrencyInput
          label="Monthly payment"
          value={row.monthly_payment_amount}
          onChange={(v) => set('monthly_payment_amount', v)}
          error={errors.monthly_payment_amount}
        />
        <TextField
          label="Interest rate (%)"
          inputMode="decimal"
          autoComplete="off"
          value={row.interest_rate}
          onChange={(e) => set('interest_rate', e.target.value)}
          error={errors.interest_rate}
        />
        <DateInput
          label="Next payment date"
          value={row.due_date}
          onChange={(v) => set('due_date', v)}
          error={errors.due_date}
          hint={next ? rolledHint(next) : undefined}
        />
        <TextField
          label="Lender or nickname (optional)"
          hint="Shown on this loan's card, like “Chase” or “Dad's car”."
          autoComplete="off"
          maxLength={LOAN_NICKNAME_MAX}
          value={nickname}
          onChange={(e) => {
            setNickname(e.target.value);
            setErrors((current) => ({ ...current, nickname: undefined }));
          }}
          error={errors.nickname}
        />
      </div>
      {stale && (
        <StaleAlert
          message={stale}
          onReload={async () => {
            await reload();
            onDone();
          }}
        />
      )}
      <DialogActions>
        {!stale && (
          <Button type="submit" loading={update.isPending}>
            Save loan
          </Button>
        )}
      </DialogActions>
    </Form>
  );
}
