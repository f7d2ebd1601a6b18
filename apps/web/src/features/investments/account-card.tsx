import type { InvestmentAccount } from '@helo/contract/investments';
import { RecordActions, RecordCard, RecordFigures } from '../../components/layout/record-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useOpenedFrom } from '../../components/ui/use-opened-from.ts';
import { formatDay, formatDollars, formatPercent } from '../../lib/display-format.ts';
import styles from './account-card.module.css';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { EditAccountDialog } from './edit-account-dialog.tsx';
import { KIND_LABELS } from './investment-format.ts';

/** One account: what it holds and as of when, what goes in a month, what it is expected to earn. */
export function AccountCard({ account, onDeleted }: { account: InvestmentAccount; onDeleted: () => void }) {
  const { open, setOpen, actions, closeAndFocus } = useOpenedFrom<'edit' | 'delete'>();
  const latest = account.snapshots.at(-1)?.date;
  return (
    <RecordCard level={3} name={account.name} kind={KIND_LABELS[account.kind]}>
      <p className={styles.balance}>
        <span className={styles.amount}>{formatDollars(account.balance)}</span>
        {latest && <span className={styles.asOf}>Balance on {formatDay(latest)}</span>}
      </p>
      <RecordFigures>
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
      </RecordFigures>
      <RecordActions ref={actions}>
        <Button data-action="edit" variant="secondary" onClick={() => setOpen('edit')}>
          Edit
        </Button>
        <Button data-action="delete" variant="ghost" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </RecordActions>
      <EditAccountDialog account={account} open={open === 'edit'} onClose={() => closeAndFocus('edit')} />
      <DeleteAccountDialog
        account={account}
        open={open === 'delete'}
        onClose={() => closeAndFocus('delete')}
        onDeleted={onDeleted}
      />
    </RecordCard>
  );
}
