import type { SessionPayload } from '@helo/contract/auth';
import { useSyncExternalStore } from 'react';
import { createApiClient } from './api-client.ts';
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
 * Spec §4: clear the session, onboarding info and storage, tell the server (the refresh cookie
 * names the session; a failed call changes nothing here), then go to /login with a fresh page.
 */
export async function logout(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  const session = sessionStore.get();
  sessionStore.set(null);
  localStorage.clear();
  try {
    await fetch('/api/v1/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(session?.refresh_token ? { refreshToken: session.refresh_token } : {}),
    });
  } catch {
    // Offline or server down: the local sign-out above already happened.
  }
  window.location.assign('/login');
}

export const api = createApiClient({ store: sessionStore, onSessionEnded: () => void logout() });
