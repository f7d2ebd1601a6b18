import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Notice } from '../layout/notice.tsx';
import { Button } from './button.tsx';
import styles from './confirm-dialog.module.css';

/**
 * "Delete …?" and its answer: an accessible dialog (the focus stays inside, Escape cancels) with
 * Cancel and a danger button. A refusal is passed in as `error` and said inside the dialog, where the
 * focus is: toasts are hidden from screen readers while it is open. The caller owns the state and
 * the call; `trigger` is the button that opens it, when there is one (Radix then returns the focus
 * to it), else `onCloseAutoFocus` says where the focus goes.
 */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  error: string | null;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger && <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          {...(props.onCloseAutoFocus ? { onCloseAutoFocus: props.onCloseAutoFocus } : {})}
        >
          <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{props.description}</Dialog.Description>
          {props.error && (
            <Notice tone="error" role="alert">
              {props.error}
            </Notice>
          )}
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button variant="danger" loading={props.pending} onClick={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
