import type { Debt } from '@helo/contract/catalogues';
import type { UserDebt } from '@helo/contract/user-debts';
import * as Dialog from '@radix-ui/react-dialog';
import { IconButton } from '../../components/layout/icon-button.tsx';
import { DebtEditor } from './debt-editor.tsx';
import styles from './edit-debts-modal.module.css';

/**
 * Escape on a loan type's open list closes the list, not the dialog with the edit in it. The dialog
 * hears the key first (it listens on the document, capturing), while the list is still open.
 */
function keepOpenForList(event: KeyboardEvent) {
  const target = event.target;
  if (target instanceof Element && target.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
}

/**
 * The edit modal of spec "My Loans": an accessible dialog (focus stays inside, Escape and the
 * overlay close it, clicks inside do not) holding the same two steps as the setup page.
 */
export function EditDebtsModal({
  open,
  onOpenChange,
  catalogue,
  debts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  catalogue: readonly Debt[];
  debts: readonly UserDebt[];
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} data-testid="modal-overlay" />
        <Dialog.Content className={styles.content} aria-describedby={undefined} onEscapeKeyDown={keepOpenForList}>
          <Dialog.Close asChild>
            <IconButton label="Close" className={styles.close}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </IconButton>
          </Dialog.Close>
          {/* Mounted afresh on every opening, so it starts from the saved list, not an abandoned edit. */}
          {open && (
            <DebtEditor
              catalogue={catalogue}
              saved={debts}
              submitLabel="Update"
              title={(text) => <Dialog.Title className={styles.title}>{text}</Dialog.Title>}
              onSaved={() => onOpenChange(false)}
              announce
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
