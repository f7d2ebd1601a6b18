/**
 * Moves the focus once a closing dialog has gone. While a dialog is mounted it keeps the focus
 * inside: focusing its opener in the same turn as closing it is pulled back to the dialog's last
 * focused element (the Save button, which stays focusable while it saves), and that element then
 * leaves with the dialog, dropping the focus to the page. A timer runs after React has committed the
 * close, when the dialog and its focus trap are gone.
 */
export function focusAfterClose(target: () => HTMLElement | null | undefined): void {
  setTimeout(() => target()?.focus(), 0);
}
