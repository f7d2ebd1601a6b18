import { Navigate, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/auth.ts';
import { DebtEditor } from './debt-editor.tsx';
import styles from './loans.module.css';
import { useDebtCatalogue, useUserDebts } from './use-debts.ts';

const ROUTE = '/loan-payments';

/**
 * /loan-payments: first-time setup of the user's loans, in the shared public layout. Saving needs
 * an account, so a signed-out visitor logs in first and comes back; someone who already listed
 * loans goes to My Loans, where they are edited.
 */
export function LoanPaymentsPage() {
  const session = useSession();
  if (!session) return <Navigate to={`/login?next=${encodeURIComponent(ROUTE)}`} replace />;
  return <LoanSetup />;
}

function LoanSetup() {
  const navigate = useNavigate();
  const catalogue = useDebtCatalogue();
  const userDebts = useUserDebts();

  if (catalogue.isError || userDebts.isError) {
    return (
      <p role="alert" className={styles.loadError}>
        We could not load your loans. Please reload the page.
      </p>
    );
  }
  if (!catalogue.data || !userDebts.data) return <Spinner label="Loading your loans" />;
  if (userDebts.data.length > 0) return <Navigate to="/dashboard/my-loans" replace />;

  return (
    <section className={styles.setup} aria-labelledby="loan-setup-title">
      <DebtEditor
        catalogue={catalogue.data}
        initialRows={[]}
        submitLabel="Save my loans"
        title={(text) => (
          <h1 id="loan-setup-title" className={styles.setupTitle}>
            {text}
          </h1>
        )}
        onSaved={() => navigate('/dashboard/my-loans')}
      />
    </section>
  );
}
