import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import type { ToastAction, ToastType } from './toast.ts';

export type Show = (type: ToastType, text: string, duration: number, action?: ToastAction) => void;

/**
 * Mounts sonner's toaster in its own root and resolves once its live region is in the page, so the
 * first toast is announced. Loaded on the first interaction or the first toast, not with the page.
 */
export function mountToaster(): Promise<Show> {
  const host = document.createElement('div');
  document.body.append(host);
  return new Promise((resolve) => {
    const ready = () => {
      requestAnimationFrame(() =>
        resolve((type, text, duration, action) => toast[type](text, { duration, ...(action ? { action } : {}) })),
      );
    };
    createRoot(host).render(
      <div ref={ready}>
        <Toaster position="top-center" closeButton />
      </div>,
    );
  });
}
