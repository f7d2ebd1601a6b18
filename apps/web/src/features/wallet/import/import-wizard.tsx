import type { CsvMappingBody } from '@helo/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/failure-text.ts';
import { invalidateFeatures } from '../../../lib/query-client.tsx';
import { showToast, TOAST_MS } from '../../../lib/toast.ts';
import { useAccounts } from '../accounts/use-accounts.ts';
import { walletFeature } from '../feature.ts';
import { type AccountChoices, commitImport, type ImportReading } from './import-calls.ts';
import { importCounts, importedText, transactionsText } from './import-text.ts';
import styles from './import-wizard.module.css';
import { MappingStep } from './mapping-step.tsx';
import { PreviewStep } from './preview-step.tsx';
import { StepHeading } from './step-heading.tsx';
import { UploadStep } from './upload-step.tsx';

type Step = 'upload' | 'map' | 'preview' | 'import';

const CSV_STEPS = ['Upload', 'Map columns', 'Preview', 'Import'] as const;
const OFX_STEPS = ['Upload', 'Preview', 'Import'] as const;
const NAMES: Record<Step, string> = { upload: 'Upload', map: 'Map columns', preview: 'Preview', import: 'Import' };

/**
 * My Wallet's bank file import, in a dialog: Upload → Map columns (a CSV only) → Preview → Import.
 * Each step's heading takes the focus; Cancel (or Escape) at any step before the import leaves
 * the Wallet as it was (the server forgets an import left uncommitted). Once imported, the wallet's
 * queries are read again and a toast says how many transactions came in.
 */
export function ImportWizard({
  open,
  onClose,
  onClosed,
}: {
  open: boolean;
  onClose: () => void;
  /** Once closed: where the focus goes. */
  onClosed: () => void;
}) {
  const client = useQueryClient();
  const [step, setStep] = useState<Step>('upload');
  const [preview, setPreview] = useState<ImportReading | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [skipProblemRows, setSkipProblemRows] = useState(false);
  const csv = preview === null || preview.format === 'csv';
  const accounts = useAccounts().data;
  const account = accounts?.find((a) => a.id === preview?.account_id);
  const into =
    preview && preview.accounts.length > 1
      ? 'their accounts'
      : !account || account.is_wallet
        ? 'your wallet'
        : account.name;
  const steps: readonly string[] = csv ? CSV_STEPS : OFX_STEPS;

  // A CSV read with the columns remembered for this bank's files goes straight to its rows.
  const uploaded = (read: ImportReading) => {
    setPreview(read);
    setStep(read.format === 'csv' && !read.mapping_remembered ? 'map' : 'preview');
  };

  const commit = async (read: ImportReading, fileAccounts?: AccountChoices) => {
    setFailure(null);
    setStep('import');
    try {
      const mapping = read.format === 'csv' ? (read.mapping as CsvMappingBody) : null;
      const result = await commitImport(read.id, mapping, fileAccounts, skipProblemRows && read.problem_count > 0);
      void client.invalidateQueries({ queryKey: ['wallet'] });
      invalidateFeatures(client, walletFeature.invalidates);
      onClose();
      showToast(
        'success',
        importedText(result.inserted, result.nest_deposits, result.transfers, result.loan_payments),
        TOAST_MS.long,
      );
    } catch (error) {
      // Imported meanwhile (another tab): the Wallet has changed, so the page reads it again.
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: ['wallet'] });
      setFailure(failureText(error, 'Something went wrong'));
      setStep('preview');
    }
  };

  return (
    <DialogFrame
      wide
      open={open}
      // Escape or a click outside is Cancel, but not while the import is being written.
      onOpenChange={(next) => !next && step !== 'import' && onClose()}
      title="Import a bank file"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        onClosed();
      }}
    >
      <Stepper steps={steps} current={steps.indexOf(NAMES[step])} label="Import steps" compact />
      {step === 'upload' && <UploadStep onUploaded={uploaded} />}
      {step === 'map' && preview && (
        <MappingStep preview={preview} onPreview={setPreview} onNext={() => setStep('preview')} />
      )}
      {step === 'preview' && preview && (
        <PreviewStep
          preview={preview}
          into={into}
          failure={failure}
          onBack={
            preview.format === 'csv'
              ? () => {
                  setFailure(null);
                  setStep('map');
                }
              : undefined
          }
          backLabel={preview.mapping_remembered ? 'Change columns' : 'Back'}
          skipProblemRows={skipProblemRows}
          onSkipProblemRows={setSkipProblemRows}
          accounts={accounts ?? []}
          onPreview={setPreview}
          onImport={(fileAccounts) => void commit(preview, fileAccounts)}
        />
      )}
      {step === 'import' && preview && (
        <div className={styles.step}>
          <StepHeading>Importing {transactionsText(importCounts(preview).fresh)}</StepHeading>
          <div className={styles.progress}>
            <progress aria-label={`Importing ${preview.file_name}`} />
            <p role="status">Adding them to {into}…</p>
          </div>
        </div>
      )}
    </DialogFrame>
  );
}
