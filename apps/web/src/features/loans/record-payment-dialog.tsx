import type { UserDebt } from '@helo/contract/user-debts';
import { type LoanPaymentBody, loanPaymentBody } from '@helo/contract/user-debts-payments';
import { type FormEvent, useEffect } from 'react';
import { z } from 'zod';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CurrencyField } from '../../components/ui/currency-field.tsx';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';
import { DialogActions, FormDialog } from '../../components/ui/dialog.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { browserDay } from '../../lib/calendar.ts';
import { formatDollars } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import styles from './record-payment-dialog.module.css';
import { usePayFromAccounts, useRecordPayment } from './use-loan-payments.ts';

/** '' in the "From" select: an account Helo does not know (the server's "Outside Helo"). */
export const NOT_IN_HELO = '';

interface PaymentValues {
  amount: string;
  date: string;
  account_id: string;
}

const wireOf = (values: PaymentValues) => ({
  amount: amountOf(values.amount),
  date: values.date.trim() === '' ? undefined : values.date,
  account_id: values.account_id === NOT_IN_HELO ? null : values.account_id,
});

/** The form's schema: what the contract accepts, each of its messages on its field. */
const paymentForm = z
  .object({ amount: amountText, date: z.string(), account_id: z.string() })
  .superRefine((values, ctx) => {
    const parsed = loanPaymentBody.safeParse(wireOf(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

const FIELD_ORDER = ['amount', 'date', 'account_id'] as const;

/**
 * "Record a payment" of one loan (issue 27): a payment made from one of the user's accounts, or
 * from an account not in Helo, lowers the loan by its principal; the month's interest goes to
 * interest. The amount starts at the monthly payment, the date at today.
 */
export function RecordPaymentDialog({
  debt,
  name,
  onClose,
}: {
  debt: UserDebt | null;
  name: string;
  onClose: () => void;
}) {
  return (
    <FormDialog open={debt !== null} onClose={onClose} title={`Record a payment of ${name}`}>
      {debt && <PaymentForm debt={debt} onDone={onClose} />}
    </FormDialog>
  );
}

function PaymentForm({ debt, onDone }: { debt: UserDebt; onDone: () => void }) {
  const record = useRecordPayment(debt.id);
  const accounts = usePayFromAccounts();
  const form = useApiForm(
    paymentForm,
    async (values) => {
      try {
        const result = await record.mutateAsync(wireOf(values) as LoanPaymentBody);
        const { payment } = result.data;
        const split = `${formatDollars(payment.principal)} off the balance, ${formatDollars(payment.interest)} interest`;
        showToast('success', `Payment recorded: ${split}`, TOAST_MS.long);
        onDone();
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    {
      defaultValues: {
        amount: debt.monthly_payment_amount.toFixed(2),
        date: browserDay(),
        account_id: NOT_IN_HELO,
      },
    },
  );
  const {
    control,
    register,
    setValue,
    formState: { errors, isSubmitting, dirtyFields },
  } = form;
  // From the Wallet (the first account) once the accounts are read, unless another was picked already.
  const first = accounts.data?.[0]?.id;
  const picked = dirtyFields.account_id;
  useEffect(() => {
    if (first && !picked) setValue('account_id', first);
  }, [first, picked, setValue]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await form.onSubmit(event);
    const refused = FIELD_ORDER.find((field) => form.getFieldState(field).error?.type === 'server');
    if (refused) form.setFocus(refused);
  };
  const choices = [
    ...(accounts.data ?? []).map((a) => ({ value: a.id, text: a.name })),
    { value: NOT_IN_HELO, text: 'An account not in Helo' },
  ];
  return (
    <Form onSubmit={submit}>
      <div className={styles.fields}>
        <CurrencyField control={control} name="amount" label="Amount" error={errors.amount?.message} />
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
      </div>
      <SelectField
        label="From"
        choices={choices}
        hint={
          accounts.data && accounts.data.length === 0
            ? 'Your accounts show here once the Money Nest is on; until then, record it as paid from an account not in Helo.'
            : undefined
        }
        error={errors.account_id?.message}
        {...register('account_id')}
      />
      <p className={styles.note}>
        This month's interest is paid first; the rest lowers what you owe. A payment of at least{' '}
        {formatDollars(debt.monthly_payment_amount)} counts as this month's payment, so the Money Nest does not pay it
        again.
      </p>
      <FormAlert>{form.formError}</FormAlert>
      <DialogActions>
        <Button type="submit" loading={isSubmitting}>
          Record payment
        </Button>
      </DialogActions>
    </Form>
  );
}
