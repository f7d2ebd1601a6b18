import { type LoanBucket, loanBucketBody } from '@helo/contract/loan-bucket';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Form } from '../../components/layout/form.tsx';
import { FormAlert } from '../../components/layout/form-alert.tsx';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ScrollTable } from '../../components/ui/scroll-table.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDay, formatDollars, formatPercent } from '../../lib/display-format.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiForm } from '../../lib/forms.ts';
import { showToast, TOAST_MS } from '../../lib/toast.ts';
import styles from './loan-pay-account.module.css';
import { useLoanBucket, useSaveBucketRate } from './use-loan-bucket.ts';

/**
 * My Loans' "Loan pay account" tab (issue 30): the Money Nest's Loan payments bucket. Its balance,
 * what it holds for each loan's next due date, the interest it has earned, the pulls to come (each
 * loan's payment in two halves on the two paydays before it is due) and the rate it earns.
 */
export function LoanPayAccount() {
  const bucket = useLoanBucket();
  if (bucket.isPending) return <Spinner label="Loading your loan pay account" />;
  if (bucket.isError) return <p role="alert">{errorMessage(bucket.error)}</p>;
  const data = bucket.data;
  if (!data.active) {
    return (
      <Panel title="Loan pay account">
        <p>
          Your loan pay account is the Money Nest’s Loan payments bucket: money set aside for your loans, earning
          interest until each payment is due.
        </p>
        <p>
          <Link to="/dashboard/helo-money-pool">Activate the Money Nest</Link> to start.
        </p>
      </Panel>
    );
  }
  return (
    <div className={styles.stack}>
      <Panel title="Loan pay account">
        <dl className={styles.figures}>
          <div>
            <dt>Balance</dt>
            <dd>{formatDollars(data.balance)}</dd>
          </div>
          <div>
            <dt>Interest earned</dt>
            <dd>{formatDollars(data.interest_earned)}</dd>
          </div>
          <div>
            <dt>Earns</dt>
            <dd>{formatPercent(data.rate)} a year</dd>
          </div>
        </dl>
        <SetAside bucket={data} />
      </Panel>
      <Panel title="Next pulls" level={2}>
        <NextPulls bucket={data} />
      </Panel>
      <RateForm rate={data.rate} />
    </div>
  );
}

function SetAside({ bucket }: { bucket: LoanBucket }) {
  if (bucket.loans.length === 0) return <MutedText>No loan payments to set aside.</MutedText>;
  return (
    <ScrollTable label="Set aside for each loan" tableClassName={styles.table}>
      <caption>Set aside for each loan’s next payment</caption>
      <thead>
        <tr>
          <th scope="col">Loan</th>
          <th scope="col">Due</th>
          <th scope="col">Set aside of the payment</th>
        </tr>
      </thead>
      <tbody>
        {bucket.loans.map((l) => (
          <tr key={l.loan_id}>
            <th scope="row">{l.name}</th>
            <td>{formatDay(l.due_date)}</td>
            <td>
              {formatDollars(l.set_aside)} of {formatDollars(l.payment)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function NextPulls({ bucket }: { bucket: LoanBucket }) {
  if (!bucket.has_paydays) {
    return (
      <MutedText>
        No paydays yet. Mark a recurring income “through the Nest” and each loan’s payment is set aside from your Wallet
        in two halves, on the two paydays before it is due. Until then your Nest’s “Loan payments” rule fills this
        account.
      </MutedText>
    );
  }
  if (bucket.next_pulls.length === 0) return <MutedText>No pulls in the next two months.</MutedText>;
  return (
    <ScrollTable label="Pulls by payday" tableClassName={styles.table}>
      <caption>From your Wallet on your paydays</caption>
      <thead>
        <tr>
          <th scope="col">Payday</th>
          <th scope="col">For</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {bucket.next_pulls.map((p) => (
          <tr key={`${p.date}-${p.loan_id}`}>
            <th scope="row">{formatDay(p.date)}</th>
            <td className={styles.wrap}>
              {p.name}, due {formatDay(p.due_date)}
            </td>
            <td>{formatDollars(p.amount)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** The form's schema: the contract's, on the text typed. */
const rateForm = z.object({ rate: z.string() }).superRefine((values, ctx) => {
  const text = values.rate.replaceAll('%', '').trim();
  const parsed = loanBucketBody.safeParse({ rate: text === '' ? undefined : Number(text) });
  if (parsed.success) return;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

function RateForm({ rate }: { rate: number }) {
  const save = useSaveBucketRate();
  const {
    register,
    onSubmit,
    setFocus,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm(
    rateForm,
    async (values) => {
      try {
        await save.mutateAsync({ rate: Number(values.rate.replaceAll('%', '').trim()) });
        showToast('success', 'Rate saved', TOAST_MS.short);
      } catch (error) {
        showToast('error', failureText(error, 'Something went wrong'), TOAST_MS.long);
        throw error;
      }
    },
    { defaultValues: { rate: String(rate) } },
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    if (errors.rate) setFocus('rate');
  };
  return (
    <Panel title="Interest rate">
      <Form onSubmit={submit} className={styles.rateForm}>
        <TextField
          label="Yearly rate (%)"
          inputMode="decimal"
          autoComplete="off"
          hint="What your savings account pays. Interest is worked out on each day’s balance and added once a month."
          error={errors.rate?.message}
          {...register('rate')}
        />
        {formError && <FormAlert>{formError}</FormAlert>}
        <div>
          <Button type="submit" disabled={isSubmitting}>
            Save rate
          </Button>
        </div>
      </Form>
    </Panel>
  );
}
