import { type ComponentType, useRef, useState } from 'react';
import { MutedText } from '../../../components/layout/muted-text.tsx';
import { Panel } from '../../../components/layout/panel.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toastError } from '../../../lib/toast.ts';
import styles from './import-bank-file.module.css';

type Wizard = ComponentType<{ open: boolean; onClose: () => void; onClosed: () => void }>;

/**
 * 'Import a bank file' and, once pressed, the wizard. The wizard (its steps, the mapping and the
 * preview table) is downloaded only then, so My Wallet's first load carries none of it
 * (e2e/specs/performance.spec.ts); closing it puts the focus back on the button.
 */
export function ImportBankFile() {
  const [wizard, setWizard] = useState<{ Component: Wizard } | null>(null);
  const [open, setOpen] = useState(false);
  // Each opening starts a new wizard at its first step.
  const [round, setRound] = useState(0);
  const [loading, setLoading] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const start = async () => {
    if (!wizard) {
      setLoading(true);
      try {
        const { ImportWizard } = await import('./import-wizard.tsx');
        setWizard({ Component: ImportWizard });
      } catch (error) {
        toastError(error); // offline when it was asked for: the button stays, to try again
        return;
      } finally {
        setLoading(false);
      }
    }
    setRound((n) => n + 1);
    setOpen(true);
  };

  const Wizard = wizard?.Component;
  return (
    <Panel title="Import from your bank" className={styles.panel}>
      <MutedText>
        Download your transactions from your bank as a CSV, OFX, QFX, QIF or CAMT.053 (XML) file and add them here. Rows
        already in your wallet are left out.
      </MutedText>
      <div>
        <Button ref={opener} variant="secondary" loading={loading} onClick={() => void start()}>
          Import a bank file
        </Button>
      </div>
      {Wizard && (
        <Wizard
          key={round}
          open={open}
          onClose={() => setOpen(false)}
          // The button was disabled while the wizard loaded, so the dialog can not know to return to it.
          onClosed={() => opener.current?.focus()}
        />
      )}
    </Panel>
  );
}
