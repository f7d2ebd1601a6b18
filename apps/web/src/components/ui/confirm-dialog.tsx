import type { ReactNode } from 'react';
import { Notice } from '../layout/notice.tsx';
import { Button } from './button.tsx';
import { DialogActions, DialogFrame } from './dialog.tsx';

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
    <DialogFrame
      open={props.open}
      onOpenChange={props.onOpenChange}
      trigger={props.trigger}
      title={props.title}
      description={props.description}
      onCloseAutoFocus={props.onCloseAutoFocus}
    >
      {props.error && (
        <Notice tone="error" role="alert">
          {props.error}
        </Notice>
      )}
      <DialogActions>
        <Button variant="danger" loading={props.pending} onClick={props.onConfirm}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
