import { FormActions } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Notice } from '../../../components/layout/notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogCancel } from '../../../components/ui/dialog.tsx';
import type { ImportReading } from './import-calls.ts';
import { ImportProblems } from './import-problems.tsx';
import { ImportRows } from './import-rows.tsx';
import { importCounts, nestDepositsText, transactionsText } from './import-text.ts';
import styles from './import-wizard.module.css';
import { StepHeading } from './step-heading.tsx';

/** The table shows at most this many rows (the server sends the first 200); the counts are the whole file's. */
const PREVIEW_ROWS = 200;

/**
 * Every row the file holds as it will be imported, the ones already in its account marked and
 * counted; Import adds only the new ones. Rows the columns can not read are listed, and Import waits
 * until the user chooses to leave them out (or goes back to the columns). A refused commit (the Nest
 * switched off, the file already imported in another tab) is said here in the server's words.
 */
export function PreviewStep({
  preview,
  into,
  failure,
  onBack,
  backLabel = 'Back',
  skipProblemRows,
  onSkipProblemRows,
  onImport,
}: {
  preview: ImportReading;
  /** Where the rows go, as the counts say it ('your wallet', 'Visa'). */
  into: string;
  failure: string | null;
  /** Back to the columns (a CSV's); absent for an OFX file. */
  onBack?: (() => void) | undefined;
  /** 'Change columns' when the columns were the ones remembered for this bank's files. */
  backLabel?: string;
  skipProblemRows: boolean;
  onSkipProblemRows: (skip: boolean) => void;
  onImport: () => void;
}) {
  const unread = preview.problem_count > 0;
  const counts = importCounts(preview);
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  return (
    <div className={styles.step}>
      <StepHeading>Check the transactions</StepHeading>
      <p className={styles.counts}>
        <strong>{counts.fresh} new</strong>, {counts.duplicates} already in {into}
        {counts.nestDeposits > 0 && <>, {nestDepositsText(counts.nestDeposits)} (recorded once)</>}
      </p>
      {preview.mapping_remembered && (
        <p className={styles.more}>Read with the columns you chose for the last file like this one.</p>
      )}
      {preview.leftOut && <p className={styles.more}>{preview.leftOut}</p>}
      <ImportProblems preview={preview} id="import-preview-problems" />
      {unread && (
        <Checkbox
          label={
            preview.problem_count === 1
              ? 'Leave out the row that can not be read'
              : `Leave out the ${preview.problem_count.toLocaleString('en-US')} rows that can not be read`
          }
          checked={skipProblemRows}
          onChange={(e) => onSkipProblemRows(e.target.checked)}
        />
      )}
      {shown.length > 0 && <ImportRows rows={shown} label={`Transactions in ${preview.file_name}`} showDuplicates />}
      {preview.total > shown.length && (
        <p className={styles.more}>
          The first {shown.length} of {preview.total.toLocaleString('en-US')} rows are shown; the counts are the whole
          file's.
        </p>
      )}
      {counts.nestDeposits > 0 && (
        <Notice tone="info">
          A paycheck you recorded in the Money Nest is the same money as a row of money in here, of the same amount and
          at most 3 days apart. Import links the row to the deposit instead of adding it, so it counts once. You can
          unlink it in the list later.
        </Notice>
      )}
      {counts.fresh === 0 && counts.nestDeposits === 0 && (
        <Notice tone="info">Everything in this file is already in {into}: there is nothing to import.</Notice>
      )}
      <FormAlert>{failure}</FormAlert>
      <FormActions>
        <DialogCancel />
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            {backLabel}
          </Button>
        )}
        {counts.fresh + counts.nestDeposits > 0 && (
          <Button onClick={onImport} disabled={unread && !skipProblemRows}>
            {counts.fresh > 0 ? `Import ${transactionsText(counts.fresh)}` : 'Link to the Money Nest'}
          </Button>
        )}
      </FormActions>
    </div>
  );
}
