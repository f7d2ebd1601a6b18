/**
 * "A user's money changed" (issue 30 item 4): the writes that move money (the Wallet's, the Nest's, a
 * bank sync, a bulk edit, a rule) call `moneyChanged(userId)` after they commit; whatever must follow
 * the money (the forecast's low-balance alert) listens with `onMoneyChanged`. In-process and debounced
 * per user: a burst of writes (an import, a bulk edit) runs the listeners once, `DELAY_MS` after the
 * last. A listener's failure is logged, never thrown into the writer (its write has committed).
 */

type Listener = (userId: string) => Promise<unknown>;
type Logger = (err: unknown, userId: string) => void;

const DELAY_MS = 250;
const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const running = new Set<Promise<void>>();
let logError: Logger = (err, userId) => console.error('money-changed listener failed', { userId, err });

/** Adds a listener; the answer removes it (an app that closes removes its own). */
export function onMoneyChanged(fn: Listener, log?: Logger): () => void {
  listeners.add(fn);
  if (log) logError = log;
  return () => {
    listeners.delete(fn);
  };
}

/** Tells the listeners, once the user's writes have been quiet for a moment. Never throws. */
export function moneyChanged(userId: string): void {
  if (listeners.size === 0) return;
  const before = timers.get(userId);
  if (before) clearTimeout(before);
  const timer = setTimeout(() => fire(userId), DELAY_MS);
  timer.unref?.();
  timers.set(userId, timer);
}

/** `moneyChanged(userId)` once `work` has succeeded; its answer is the work's. */
export async function afterMoneyChange<T>(userId: string, work: Promise<T>): Promise<T> {
  const result = await work;
  moneyChanged(userId);
  return result;
}

function fire(userId: string): void {
  timers.delete(userId);
  for (const fn of listeners) {
    const done = Promise.resolve()
      .then(() => fn(userId))
      .then(
        () => undefined,
        (err: unknown) => logError(err, userId),
      );
    running.add(done);
    void done.finally(() => running.delete(done));
  }
}

/** Runs what is waiting now and resolves when every listener has finished (tests; an app closing). */
export async function settleMoneyChanged(): Promise<void> {
  while (timers.size > 0 || running.size > 0) {
    for (const [userId, timer] of [...timers]) {
      clearTimeout(timer);
      fire(userId);
    }
    await Promise.all([...running]);
  }
}
