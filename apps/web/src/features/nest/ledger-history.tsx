import type { NestEntry } from '@helo/contract/nest';
import { MutedText } from '../../components/layout/muted-text.tsx';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import styles from './ledger-history.module.css';
import { useNestEntries } from './use-nest.ts';

const KIND_LABELS: Record<NestEntry['kind'], string> = {
  allocation: 'Deposit share',
  reversal: 'Reversal',
  loan_payment: 'Loan payment',
  loan_pull: 'Set aside for a loan',
  interest: 'Interest',
};

/** The ledger every balance is the sum of: newest first, a page at a time. */
export function LedgerHistory() {
  const entries = useNestEntries();
  const list = entries.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Panel title="History" className={styles.panel}>
      {entries.isError ? (
        <Notice tone="error" role="alert">
          We could not load your history. Please reload the page.
        </Notice>
      ) : entries.data === undefined ? (
        <Spinner label="Loading your history" />
      ) : (
        <>
          {list.length === 0 && <MutedText>No entries yet.</MutedText>}
          <ul className={styles.list}>
            {list.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                <div className={styles.what}>
                  <span className={styles.name}>{entry.name}</span>
                  <span className={styles.meta}>
                    {KIND_LABELS[entry.kind]} · {formatDay(entry.date)}
                  </span>
                </div>
                <span className={entry.amount < 0 ? styles.out : styles.in}>
                  {entry.amount < 0 ? `−${formatDollars(-entry.amount)}` : `+${formatDollars(entry.amount)}`}
                </span>
              </li>
            ))}
          </ul>
          {entries.hasNextPage && (
            <div>
              <Button
                variant="secondary"
                loading={entries.isFetchingNextPage}
                onClick={() => void entries.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
