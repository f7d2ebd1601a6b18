import type { Debt } from '@helo/contract/catalogues';
import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../lib/auth.ts';
import { DebtEditor } from './debt-editor.tsx';
import styles from './loan-payments-page.module.css';
import { WithLoans } from './with-loans.tsx';

const ROUTE = '/loan-payments';

/**
 * /loan-payments: first-time setup of the user's loans, in the shared public layout. Saving needs
 * an account, so a signed-out visitor logs in first and comes back; someone who already listed
 * loans goes to My Loans, where they are edited.
 */
export function LoanPaymentsPage() {
  const session = useSession();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(ROUTE)}`} replace />;
  return <WithLoans>{(catalogue, debts) => <LoanSetup catalogue={catalogue} hasLoans={debts.length > 0} />}</WithLoans>;
}

function LoanSetup({ catalogue, hasLoans }: { catalogue: readonly Debt[]; hasLoans: boolean }) {
  const navigate = useNavigate();
  if (hasLoans) return <Navigate to="/dashboard/my-loans" replace />;

  return (
    <section className={styles.setup} aria-labelledby="loan-setup-title">
      <DebtEditor
        catalogue={catalogue}
        saved={[]}
        submitLabel="Save my loans"
        title={(text) => (
          <h1 id="loan-setup-title" className={styles.title}>
            {text}
          </h1>
        )}
        onSaved={() => navigate('/dashboard/my-loans')}
      />
    </section>
  );
}
