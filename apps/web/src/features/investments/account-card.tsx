import type { InvestmentAccount } from '@helo/contract/investments';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { formatDay, formatDollars, formatPercent } from '../../lib/display-format.ts';
import styles from './account-card.module.css';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { EditAccountDialog } from './edit-account-dialog.tsx';
import { KIND_LABELS } from './investment-format.ts';

type Open = 'edit' | 'delete' | null;

/** One account: what it holds and as of when, what goes in a month, what it is expected to earn. */
export function AccountCard({ account, onDeleted }: { account: InvestmentAccount; onDeleted: () => void }) {
  const titleId = useId();
  const [open, setOpen] = useState<Open>(null);
  const actions = useRef<HTMLDivElement>(null);
  // Back to the card's button that opened the dialog when it closes, not to the page's start.
  const returnTo = useRef<Open>(null);
  const closeAndFocus = (button: Exclude<Open, null>) => {
    returnTo.current = button;
    setOpen(null);
  };
  useEffect(() => {
    if (open !== null || !returnTo.current) return;
    actions.current?.querySelector<HTMLButtonElement>(`[data-action="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [open]);
  const latest = account.snapshots.at(-1)?.date;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.header}>
        <h3 id={titleId} className={styles.name}>
          {account.name}
        </h3>
        <span className={styles.kind}>{KIND_LABELS[account.kind]}</span>
      </header>
      <p className={styles.balance}>
        <span className={styles.amount}>{formatDollars(account.balance)}</span>
        {latest && <span className={styles.asOf}>Balance on {formatDay(latest)}</span>}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>You add a month</dt>
          <dd>{formatDollars(account.monthly_contribution)}</dd>
        </div>
        <div>
          <dt>Employer adds a month</dt>
          <dd>{formatDollars(account.employer_monthly_contribution)}</dd>
        </div>
        <div>
          <dt>Expected return</dt>
          <dd>{formatPercent(account.expected_return_percent)} a year</dd>
        </div>
      </dl>
      <div ref={actions} className={styles.actions}>
        <Button data-action="edit" variant="secondary" onClick={() => setOpen('edit')}>
          Edit
        </Button>
        <Button data-action="delete" variant="ghost" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </div>
      <EditAccountDialog account={account} open={open === 'edit'} onClose={() => closeAndFocus('edit')} />
      <DeleteAccountDialog
        account={account}
        open={open === 'delete'}
        onClose={() => closeAndFocus('delete')}
        onDeleted={onDeleted}
      />
    </article>
  );
}
