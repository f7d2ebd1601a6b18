import type { WalletImportRow } from '@helo/contract/wallet';
import { cx } from '../../../components/ui/class-names.ts';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { formatDay } from '../../../lib/display-format.ts';
import { signedDollars } from '../transaction-values.ts';
import styles from './import-rows.module.css';

export const DUPLICATE = 'Already in your wallet';
export const NEST_DEPOSIT = 'Recorded in the Money Nest';
export const POSSIBLE_DUPLICATE = 'Possible duplicate';

/**
 * Rows of the file as they will be read: date, payee (with the memo and the bank's category under it) and amount, money
 * out with a minus and money in with a plus. A row already in the Wallet is marked in words as well as dimmed, and is not added
 * again; a possible duplicate is added, and says which transaction it may repeat. The table scrolls inside its own box (a named region the keyboard can reach), never the page;
 * on a phone the date moves under the payee, so two columns fit its width.
 */
export function ImportRows({
  rows,
  label,
  showDuplicates,
}: {
  rows: readonly WalletImportRow[];
  label: string;
  /** The preview marks duplicates; the mapping step's sample only shows how the columns are read. */
  showDuplicates: boolean;
}) {
  return (
    <ScrollTable label={label} className={styles.scroll} tableClassName={styles.table}>
      <thead>
        <tr>
          <th scope="col" className={styles.date}>
            Date
          </th>
          <th scope="col">Payee</th>
          <th scope="col" className={styles.amount}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const duplicate = showDuplicates && row.duplicate;
          const nest = showDuplicates && row.nest_deposit;
          const possible = showDuplicates ? row.possible_duplicate : null;
          return (
            <tr key={row.line} className={cx(duplicate && styles.duplicate)}>
              <td className={styles.date}>{formatDay(row.date)}</td>
              <th scope="row" className={styles.payee}>
                <span>{row.payee}</span>
                {/* A phone has no room for a date column: the date goes under the payee. */}
                <span className={styles.dateUnder}>{formatDay(row.date)}</span>
                {row.note && <span className={styles.note}>{row.note}</span>}
                {row.bank_category && <span className={styles.note}>Bank's category: {row.bank_category}</span>}
                {duplicate && <span className={styles.badge}>{DUPLICATE}</span>}
                {nest && <span className={styles.badge}>{NEST_DEPOSIT}: linked, not added</span>}
                {possible && (
                  <span className={styles.possible}>
                    {POSSIBLE_DUPLICATE} of {possible.payee}, {formatDay(possible.date)}: imported, flagged in My Wallet
                  </span>
                )}
              </th>
              <td className={cx(styles.amount, row.amount > 0 && styles.moneyIn)}>{signedDollars(row.amount)}</td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
