import type { EmergencyFund, EmergencyFundEntry } from '@helo/contract/emergency-fund';
import { useRef, useState } from 'react';
import { Notice } from '../../components/layout/notice.tsx';
import { Panel } from '../../components/layout/panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDay, formatDollars } from '../../lib/display-format.ts';
import { DeleteEntryDialog } from './delete-entry-dialog.tsx';
import styles from './entry-history.module.css';
import { entryLabel } from './fund-format.ts';
import { useFundEntries } from './use-emergency-fund.ts';

/**
 * The fund's ledger (decisions.md "Emergency fund details"): deposits and withdrawals, newest first,
 * a page at a time, each deletable after a confirmation; below the oldest, the amount the fund was
 * set up with, so the list adds up to what the fund holds.
 */
export function EntryHistory({ fund }: { fund: EmergencyFund }) {
  const entries = useFundEntries();
  const [deleting, setDeleting] = useState<EmergencyFundEntry | null>(null);
  const title = useRef<HTMLSpanElement>(null);
  // The Delete button that opened the dialog, where the focus goes back when it is cancelled.
  const opener = useRef<HTMLElement | null>(null);
  const list = entries.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Panel
      title={
        // Where the focus goes once a deleted row, and the button it came from, are gone.
        <span ref={title} tabIndex={-1} className={styles.title}>
          History
        </span>
      }
      className={styles.panel}
    >
      {entries.isError ? (
        <Notice tone="error" role="alert">
          We could not load your history. Please reload the page.
        </Notice>
      ) : entries.data === undefined ? (
        <Spinner label="Loading your history" />
      ) : (
        <>
          {list.length === 0 && <p className={styles.empty}>No deposits or withdrawals yet.</p>}
          <ul className={styles.list}>
            {list.map((entry) => (
              <li key={entry.id} className={styles.entry}>
                <div className={styles.what}>
                  <span className={styles.kind}>{entry.kind === 'deposit' ? 'Deposit' : 'Withdrawal'}</span>
                  <span className={styles.date}>{formatDay(entry.date)}</span>
                  {entry.note && <span className={styles.note}>{entry.note}</span>}
                </div>
                <span className={entry.kind === 'deposit' ? styles.in : styles.out}>
                  {entry.kind === 'deposit' ? '+' : '−'}
                  {formatDollars(entry.amount)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className={styles.delete}
                  aria-label={`Delete ${entryLabel(entry)}`}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setDeleting(entry);
                  }}
                >
                  Delete
                </Button>
              </li>
            ))}
            {!entries.hasNextPage && fund.starting_amount > 0 && (
              <li className={styles.entry}>
                <div className={styles.what}>
                  <span className={styles.kind}>Starting amount</span>
                  <span className={styles.date}>When you set up your fund</span>
                </div>
                <span className={styles.in}>{formatDollars(fund.starting_amount)}</span>
              </li>
            )}
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
      <DeleteEntryDialog
        entry={deleting}
        onClose={() => setDeleting(null)}
        focusOnClose={(deleted) => (deleted ? title.current : opener.current)}
      />
    </Panel>
  );
}
