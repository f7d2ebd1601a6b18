import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { FormActions } from '../layout/form.tsx';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';
import styles from './dialog.module.css';

/**
 * The one frame of the app's dialogs (not the loans' edit, which slides in): an overlay and a box
 * named by its title, where the focus stays inside and Escape closes. With a `description` the box
 * is described by it; without one it is named only, which Radix must be told.
 */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  wide,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when there is one: Radix then returns the focus to it. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** For a whole form: wider, and scrolling inside the screen on a phone. */
  wide?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={cx(styles.content, wide && styles.wide)}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description !== undefined && (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * An edit's form in a wide dialog. The form is mounted only while open, so it always starts from
 * the record as it is. Closing calls `onClose`, which puts the focus back where it belongs (the
 * Edit button, or somewhere else once the record is gone).
 */
export function FormDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      wide
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={title}
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      {open && children}
    </DialogFrame>
  );
}

/** Closes the dialog it sits in without doing anything. */
export function DialogCancel() {
  return (
    <Dialog.Close asChild>
      <Button variant="secondary">Cancel</Button>
    </Dialog.Close>
  );
}

/** A dialog's buttons, on the right: Cancel, then what `children` does. */
export function DialogActions({ children }: { children?: ReactNode }) {
  return (
    <FormActions>
      <DialogCancel />
      {children}
    </FormActions>
  );
}
