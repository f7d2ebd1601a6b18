import type { Account } from '@helo/contract/accounts';
import { useState } from 'react';
import { FormActions } from '../../../components/layout/form.tsx';
import { FormAlert } from '../../../components/layout/form-alert.tsx';
import { Notice } from '../../../components/layout/notice.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { DialogCancel } from '../../../components/ui/dialog.tsx';
import { failureText } from '../../../lib/failure-text.ts';
import {
  type AccountPick,
  type AccountPicks,
  FileAccountPickers,
  initialPicks,
  NEW_ACCOUNT,
  type PickProblems,
  pickProblems,
} from './file-accounts.tsx';
import { type AccountChoices, createAccountFor, type ImportReading, previewImport } from './import-calls.ts';
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
  accounts = [],
  onPreview,
}: {
  preview: ImportReading;
  /** The user's accounts, for a file of several accounts to go into. */
  accounts?: readonly Account[];
  /** A new reading (a file account's choice changes which rows are already there). */
  onPreview?: (read: ImportReading) => void;
  /** Where the rows go, as the counts say it ('your wallet', 'Visa'). */
  into: string;
  failure: string | null;
  /** Back to the columns (a CSV's); absent for an OFX file. */
  onBack?: (() => void) | undefined;
  /** 'Change columns' when the columns were the ones remembered for this bank's files. */
  backLabel?: string;
  skipProblemRows: boolean;
  onSkipProblemRows: (skip: boolean) => void;
  onImport: (accounts?: AccountChoices) => void;
}) {
  const unread = preview.problem_count > 0;
  const counts = importCounts(preview);
  const shown = preview.rows.slice(0, PREVIEW_ROWS);
  const several = preview.accounts.length > 1;
  const [picks, setPicks] = useState<AccountPicks>(() => initialPicks(preview.accounts));
  const [problems, setProblems] = useState<PickProblems>({});
  const [busy, setBusy] = useState(false);
  const [ownFailure, setOwnFailure] = useState<string | null>(null);
  const chosen = (from: AccountPicks): AccountChoices =>
    Object.entries(from).flatMap(([key, p]) =>
      p.account !== '' && p.account !== NEW_ACCOUNT ? [{ key, account_id: p.account }] : [],
    );

  const pick = (key: string, next: AccountPick) => {
    const all = { ...picks, [key]: next };
    setPicks(all);
    setProblems((p) => ({ ...p, [key]: {} }));
    // Which rows are already there depends on the account: read the file again for the counts.
    if (next.account !== picks[key]?.account && next.account !== NEW_ACCOUNT && onPreview) {
      previewImport(preview.id, preview.mapping, chosen(all)).then(onPreview, (error) =>
        setOwnFailure(failureText(error, 'Something went wrong')),
      );
    }
  };

  const importClicked = async () => {
    if (!several) return onImport();
    setOwnFailure(null);
    const found = pickProblems(picks);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      document.querySelector<HTMLElement>(`[data-file-account="${CSS.escape(first)}"]`)?.focus();
      return;
    }
    setBusy(true);
    const made = { ...picks };
    try {
      for (const [key, p] of Object.entries(picks)) {
        if (p.account !== NEW_ACCOUNT || p.kind === '') continue;
        made[key] = { ...p, account: (await createAccountFor(p.kind, p.name.trim())).id };
        // Made once: a failed import sent again goes into the same new account.
        setPicks({ ...made });
      }
    } catch (error) {
      setBusy(false);
      setOwnFailure(failureText(error, 'Something went wrong'));
      return;
    }
    setBusy(false);
    onImport(chosen(made));
  };
  return (
    <div className={styles.step}>
      <StepHeading>Check the transactions</StepHeading>
      <p className={styles.counts}>
        <strong>{counts.fresh} new</strong>, {counts.duplicates} already in {into}
        {counts.nestDeposits > 0 && <>, {nestDepositsText(counts.nestDeposits)} (recorded once)</>}
        {preview.possible_duplicates > 0 && (
          <>
            , {preview.possible_duplicates} possible {preview.possible_duplicates === 1 ? 'duplicate' : 'duplicates'}{' '}
            (imported and flagged: merge or keep them in My Wallet)
          </>
        )}
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
      {preview.left_out && <Notice tone="info">{preview.left_out}.</Notice>}
      {several && (
        <FileAccountPickers
          fileAccounts={preview.accounts}
          accounts={accounts}
          picks={picks}
          problems={problems}
          disabled={busy}
          onChange={pick}
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
      <FormAlert>{ownFailure ?? failure}</FormAlert>
      <FormActions>
        <DialogCancel />
        {onBack && (
          <Button variant="secondary" onClick={onBack}>
            {backLabel}
          </Button>
        )}
        {counts.fresh + counts.nestDeposits > 0 && (
          <Button onClick={() => void importClicked()} loading={busy} disabled={unread && !skipProblemRows}>
            {counts.fresh > 0 ? `Import ${transactionsText(counts.fresh)}` : 'Link to the Money Nest'}
          </Button>
        )}
      </FormActions>
    </div>
  );
}
