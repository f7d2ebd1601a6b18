import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import styles from './loan-payment-history.module.css';

// The list, its undo and the confirmation dialog load when "Payments" is first opened.
const PaymentList = lazy(async () => ({ default: (await import('./loan-payment-list.tsx')).PaymentList }));

/**
 * A loan's payments (issue 27), behind a "Payments" disclosure on its card: read when first opened,
 * newest first, each with its split and where its money came from, and an Undo that asks first.
 */
export function LoanPaymentHistory({ loanId, name }: { loanId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const toggleId = `loan-${loanId}-payments`;
  return (
    <div className={styles.history}>
      <Button
        id={toggleId}
        variant="ghost"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide payments' : 'Payments'}
      </Button>
      {open && (
        <section id={regionId} aria-label={`Payments of ${name}`} className={styles.region}>
          <Suspense fallback={<Spinner label="Loading the payments" />}>
            <PaymentList loanId={loanId} name={name} toggleId={toggleId} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
