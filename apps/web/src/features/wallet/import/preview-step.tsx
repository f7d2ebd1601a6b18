import { FormActions } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Notice } from '../../../components/layout/notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogCancel } from '../../../components/ui/dialog.tsx';
import type { ImportReading } from './import-calls.ts';
import { ImportRows } from './import-rows.tsx';
import { importCounts, transactionsText } from './import-text.ts';
import styles from './import-wizard.module.css';
import { StepHeading } from './step-heading.tsx';

/** The table shows at most this many rows (the server sends the first 200); the counts are the whole file's. */
const PREVIEW_ROWS = 200;

/**
 * Every row the file holds as it will be imported, the ones already in its account marked and
 * counted; Import adds only the new ones. A refused commit (the Nest switched off, the file already
 * imported in another tab) is said here in the server's words.
 */
export function PreviewStep({
  preview,
  into,
  failure,
  onBack,
  onImport,
}: {
  preview: ImportReading;
  /** Where the rows go, as the counts say it ('your wallet', 'Visa'). */
  into: string;
  failure: string | null;
  /** Back to the columns (a CSV's); absent for an OFX file. */
  onBack?: (() => void) | undefined;
  onImport: () => void;
}) {
  const counts = importCounts(preview);
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  return (
    <div className={styles.step}>
      <StepHeading>Check the transactions</StepHeading>
      <p className={styles.counts}>
        <strong>{counts.fresh} new</strong>, {counts.duplicates} already in {into}
      </p>
      {preview.leftOut && <p className={styles.more}>{preview.leftOut}</p>}
      {shown.length > 0 && <ImportRows rows={shown} label={`Transactions in ${preview.file_name}`} showDuplicates />}
      {preview.total > shown.length && (
        <p className={styles.more}>
          The first {shown.length} of {preview.total.toLocaleString('en-US')} rows are shown; the counts are the whole
          file's.
        </p>
      )}
      {counts.fresh === 0 && (
        <Notice tone="info">Everything in this file is already in {into}: there is nothing to import.</Notice>
      )}
      <FormAlert>{failure}</FormAlert>
      <FormActions>
        <DialogCancel />
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
        )}
        {counts.fresh > 0 && <Button onClick={onImport}>Import {transactionsText(counts.fresh)}</Button>}
      </FormActions>
    </div>
  );
}
