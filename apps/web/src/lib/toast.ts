import { errorMessage } from './api-client.ts';
import type { Show } from './toaster.tsx';

/** Spec §9: toasts last 1500, 2000 or 3000 ms. */
export const TOAST_MS = { short: 1500, medium: 2000, long: 3000 } as const;

export type ToastType = 'success' | 'error' | 'info';
/** A button in the toast (an Undo). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}
/**
 * A toast with a button stays longer than the spec's 3 s: someone on a keyboard or a screen reader
 * needs the time to reach it (WCAG 2.2.1); sonner also holds it while it is hovered or focused.
 */
export const ACTION_TOAST_MS = 10_000;

let toaster: Promise<Show> | undefined;

/** Loads sonner (~9 KB gzipped) and puts its region in the page, once. */
export function loadToaster(): Promise<Show> {
  toaster ??= import('./toaster.tsx').then(
    (m) => m.mountToaster(),
    (error: unknown) => {
      toaster = undefined; // offline when it was asked for: try again with the next toast
      throw error;
    },
  );
  return toaster;
}

export function showToast(type: ToastType, text: string, duration: number = TOAST_MS.long, action?: ToastAction): void {
  void loadToaster().then((show) => show(type, text, duration, action));
}

/** A call that worked: the server's message when it sent one (spec §8), else `fallback`. */
export function toastSuccess(message: string | null | undefined, fallback: string, duration: number = TOAST_MS.long) {
  showToast('success', message || fallback, duration);
}

/**
 * A call that failed: the server's message, or the spec's 'Something went wrong'. Returns the text
 * shown, for a page that also says it where the toast can not be heard (inside a modal dialog).
 */
export function toastError(error: unknown, duration: number = TOAST_MS.long): string {
  const text = errorMessage(error);
  showToast('error', text, duration);
  return text;
}
