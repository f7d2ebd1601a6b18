import { toast } from 'sonner';

/** Spec §9: toasts last 1500, 2000 or 3000 ms. */
export const TOAST_MS = { short: 1500, medium: 2000, long: 3000 } as const;

export type ToastType = 'success' | 'error' | 'info';

export function showToast(type: ToastType, text: string, duration: number = TOAST_MS.long): void {
  toast[type](text, { duration });
}
