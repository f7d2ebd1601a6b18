/**
 * The "auth interrupt": a call the server refused for want of a proof pauses while a dialog asks
 * the person for it, then goes again (issue 24's sudo mode, issue 25's ended session). The API
 * client asks here; `features/auth-interrupt/` shows the dialog and settles the answer. Calls that
 * hit the same interrupt at once share one dialog.
 */
export type InterruptKind = 'reauth' | 'session-ended';

interface Pending {
  kind: InterruptKind;
  promise: Promise<boolean>;
  resolve: (proven: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const authInterrupts = {
  /**
   * Resolves true once the person has proven it (the call may go again), false when they cancelled;
   * null when no dialog is mounted to ask (a public page).
   */
  request(kind: InterruptKind): Promise<boolean> | null {
    if (listeners.size === 0) return null;
    if (pending?.kind === kind) return pending.promise;
    // A session that ended outranks a confirmation: the confirmation could not succeed anyway.
    pending?.resolve(false);
    let resolve: (proven: boolean) => void = () => {};
    const promise = new Promise<boolean>((r) => {
      resolve = r;
    });
    pending = { kind, promise, resolve };
    notify();
    return promise;
  },
  /** The dialog's answer; clears the interrupt. */
  settle(proven: boolean): void {
    const done = pending;
    pending = null;
    done?.resolve(proven);
    notify();
  },
  current: (): InterruptKind | null => pending?.kind ?? null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
