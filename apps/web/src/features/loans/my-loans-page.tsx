import type { Debt } from '@helo/contract/catalogues';
import type { UserDebt } from '@helo/contract/user-debts';
import { dollarsToCents } from '@helo/finance/cents';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { focusAfterClose } from '../../lib/focus-after-close.ts';
import { DebtCard } from './debt-card.tsx';
import { loanNames } from './debt-types.ts';
import { LoanTabs } from './loan-tabs.tsx';
import styles from './my-loans-page.module.css';
import { PayoffPlans } from './payoff-plans.tsx';
import { SavingsComparison } from './savings-comparison.tsx';
import { useLoanBucket } from './use-loan-bucket.ts';
import { useLoanPlan } from './use-loan-plan.ts';
import { WithLoans } from './with-loans.tsx';

// The editor (react-select, the date picker, the form libraries, the dialog) loads on the first Edit.
const EditDebtsModal = lazy(async () => ({ default: (await import('./edit-debts-modal.tsx')).EditDebtsModal }));
const EditLoanDialog = lazy(async () => ({ default: (await import('./edit-loan-dialog.tsx')).EditLoanDialog }));
// The loan pay account (its rate form: the form libraries) and the transactions load when their tab opens.
const LoanPayAccount = lazy(async () => ({ default: (await import('./loan-pay-account.tsx')).LoanPayAccount }));
const LoanTransactions = lazy(async () => ({
  default: (await import('./loan-transactions.tsx')).LoanTransactions,
}));

/** /dashboard/my-loans (spec "My Loans"): the user's loans in four tabs. */
export function MyLoansPage() {
  return <WithLoans>{(catalogue, debts) => <MyLoans catalogue={catalogue} debts={debts} />}</WithLoans>;
}

function MyLoans({ catalogue, debts }: { catalogue: readonly Debt[]; debts: readonly UserDebt[] }) {
  // Spec: a user without debts is sent to set them up.
  if (debts.length === 0) return <Navigate to="/loan-payments" replace />;
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>My Loans</h1>
      <LoanTabs
        label="My Loans"
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            content: <Overview catalogue={catalogue} debts={debts} />,
          },
          {
            value: 'account',
            label: 'Loan pay account',
            content: (
              <Suspense fallback={<Spinner label="Loading your loan pay account" />}>
                <LoanPayAccount />
              </Suspense>
            ),
          },
          {
            value: 'transactions',
            label: 'Transactions',
            content: (
              <Suspense fallback={<Spinner label="Loading the payments" />}>
                <LoanTransactions debts={debts} />
              </Suspense>
            ),
          },
          { value: 'learn', label: 'Learn more', content: <LearnMore /> },
        ]}
      />
    </div>
  );
}

function Overview({ catalogue, debts }: { catalogue: readonly Debt[]; debts: readonly UserDebt[] }) {
  const [editing, setEditingState] = useState(false);
  // The loan whose own form is open (a card's Edit), by id so a save that replaces it keeps it.
  const [loanId, setLoanId] = useState<string | null>(null);
  const [loanWanted, setLoanWanted] = useState(false);
  const names = loanNames(debts);
  // The extra each month the plans were last worked out with; $0 if it can not be read.
  const loanPlan = useLoanPlan();
  // What the loan pay account has earned so far, beside the comparison's projection.
  const bucket = useLoanBucket();
  const loanIndex = debts.findIndex((d) => d.id === loanId);
  const editLoan = (id: string | null) => {
    if (id) setLoanWanted(true);
    setLoanId(id);
  };
  const [editorWanted, setEditorWanted] = useState(false);
  const setEditing = (open: boolean) => {
    if (open) setEditorWanted(true);
    setEditingState(open);
  };
  return (
    <div className={styles.overview}>
      <section aria-labelledby="your-loans" className={styles.loans}>
        <div className={styles.sectionHeader}>
          <h2 id="your-loans">Your loans</h2>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </div>
        <div className={styles.cards}>
          {debts.map((d, i) => (
            <DebtCard key={d.id} debt={d} number={i + 1} onEdit={() => editLoan(d.id)} />
          ))}
        </div>
      </section>
      {/* Keyed by the list, so saved changes reset the panel's figures to the new defaults. */}
      <SavingsComparison
        key={debtsKey(debts)}
        debts={debts}
        earnedSoFar={bucket.data?.active ? bucket.data.interest_earned : undefined}
      />
      {loanPlan.isPending ? (
        <Spinner label="Loading your payoff plans" />
      ) : (
        <PayoffPlans
          key={debts.map((d) => d.id).join()}
          debts={debts}
          savedExtraCents={dollarsToCents(loanPlan.data?.extra_monthly ?? 0)}
        />
      )}
      {loanWanted && (
        <Suspense fallback={null}>
          <EditLoanDialog
            debt={debts[loanIndex] ?? null}
            name={names[loanIndex] ?? ''}
            onClose={() => {
              const card = loanId;
              editLoan(null);
              // Back to the card's own Edit, which the dialog replaced in the page.
              if (card) focusAfterClose(() => document.getElementById(`debt-${card}-edit`));
            }}
          />
        </Suspense>
      )}
      {editorWanted && (
        <Suspense fallback={null}>
          <EditDebtsModal open={editing} onOpenChange={setEditing} catalogue={catalogue} debts={debts} />
        </Suspense>
      )}
    </div>
  );
}

const debtsKey = (debts: readonly UserDebt[]) =>
  debts.map((d) => `${d.id}:${d.outstanding_balance}:${d.monthly_payment_amount}:${d.interest_rate}`).join('|');

function LearnMore() {
  return (
    <Panel title="About Automated Loan Payments">
      <p>
        Helo will set money aside for your loans twice a month, in an interest-earning savings bucket, and pay each loan
        from it when it is due. Paying in smaller, more frequent amounts makes one extra monthly payment a year, which
        can shorten your loan and cut the interest you pay. The figures on the Overview are projected estimates, not
        financial advice.
      </p>
      <p>
        <Link to="/dashboard/help-center/loan-payments">More info</Link>
      </p>
    </Panel>
  );
}
