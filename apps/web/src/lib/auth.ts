import type { SessionPayload } from '@helo/contract/auth';
import { useSyncExternalStore } from 'react';
import { createApiClient } from './api-client.ts';
import { authInterrupts } from './auth-interrupt.ts';
import { type Session, sessionStore } from './session-store.ts';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** Signed out → signed in: the login, register or refresh payload becomes the session. */
export function startSession(payload: SessionPayload): void {
  sessionStore.set({ ...payload, timestamp: Date.now() });
}

let loggingOut = false;

/**
 * Spec §4: clear the session, onboarding info and storage (other tabs follow through the storage
 * event), tell the server (a failed call changes nothing here), then go to /login with a fresh page.
 * `tellServer: false` when the server has ended the session itself (the account was deleted);
 * `to` is where the fresh page opens (the login page with a message).
 */
export async function logout({ tellServer = true, to = '/login' }: { tellServer?: boolean; to?: string } = {}) {
  if (loggingOut) return;
  loggingOut = true;
  sessionStore.set(null);
  localStorage.clear();
  if (!tellServer) {
    window.location.assign(to);
    return;
  }
  try {
    await fetch('/api/v1/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      // The refresh cookie names the session to end.
      body: '{}',
    });
  } catch {
    // Offline or server down: the local sign-out above already happened.
  }
  window.location.assign(to);
}

export const api = createApiClient({
  store: sessionStore,
  onSessionEnded: () => void logout(),
  // Signed-in pages mount the dialog (features/auth-interrupt) that asks for the proof in place.
  interrupt: (kind) => authInterrupts.request(kind),
  // The login form loads the same module on first focus; here it waits for the first refresh.
  loadSessionSchema: async () => (await import('@helo/contract/auth')).refreshResponse,
});
